export { type InProcessRun, printInProcess } from './inProcess';
export type { BatchOutput, NamedFile, PrintBatchOptions, PrintBatchResult } from './job';
export { printBatchFiles, runPrintBatch } from './job';
export { MERGERS, mergePdfs } from './merge';
export type { BatchItem, BatchOptions, BatchProgress, RenderOne } from './run';
export { renderBatch } from './run';
export type { ZipEntry } from './zip';
export { UniqueNames, zipStream } from './zip';
