export { assetsFirst, documentRenderer, renderDocumentDetailed } from './document';
export { isOutputKind, OUTPUTS, type OutputKind, type OutputTemplates, outputKindOf } from './registry';
export {
  canRenderGroup,
  exportOutput,
  type NamingContext,
  type PreparedTemplate,
  prepareOutputTemplate,
  printInputFor,
  type RenderedGroup,
  type RenderedOutput,
  renderOutput,
  renderOutputGroup,
} from './render';
export type { OutputEnvironment, OutputRenderer, RenderedFile } from './types';
