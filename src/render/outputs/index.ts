export { assetsFirst, documentRenderer, renderDocumentDetailed } from './document';
export { isOutputKind, OUTPUTS, type OutputKind, type OutputTemplates, outputKindOf } from './registry';
export {
  exportOutput,
  type NamingContext,
  type PreparedTemplate,
  prepareOutputTemplate,
  printInputFor,
  type RenderedOutput,
  renderOutput,
} from './render';
export type { OutputEnvironment, OutputRenderer, RenderedFile } from './types';
