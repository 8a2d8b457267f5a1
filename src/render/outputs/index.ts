export { assetsFirst } from './assets';
export { documentRenderer, renderDocumentDetailed } from './document';
export { isOutputKind, OUTPUTS, type OutputKind, type OutputTemplates, outputKindOf } from './registry';
export {
  canRenderGroup,
  type NamingContext,
  type OutputOptions,
  type PreparedTemplate,
  prepareOutputTemplate,
  printInputFor,
  type RenderedGroup,
  type RenderedOutput,
  renderOutput,
  renderOutputGroup,
} from './render';
export type { FileRenderer, FormatWriter, GroupWriter, OutputEnvironment, OutputRenderer, RenderedFile } from './types';
