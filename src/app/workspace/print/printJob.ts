/** The print run lives with the Office templates' printing, which the preview and editor share. */
export {
  type AssembleRun,
  type PrintJobInput,
  type PrintJobResult,
  type PrintOutput,
  type RenderSource,
  type RenderSources,
  runPrintJob,
} from '../../office/printRun';
