/**
 * The app's print run, for a worker of its own (browser) or in process (tests, Node): asks the
 * caller to render each document in turn (the caller owns the render pool), names, merges or zips
 * them — or hands back the one record's file — with `runPrintBatch`, and answers one Blob. Merging
 * and zipping thus never run on the UI thread.
 */
import type { PrintOutput } from '../src/core/outputs/catalogue';
import { runPrintBatch } from '../src/render/batch/job';
import type { RenderedGroup, RenderedOutput } from '../src/render/outputs/render';

export interface BatchRunOptions {
  total: number;
  output: PrintOutput;
  templateName: string;
  printTime: number;
  concurrency: number;
}

export interface BatchRunResult {
  blob: Blob;
  fileName: string;
  names: string[];
}

export type RenderDocument = (index: number) => Promise<RenderedOutput>;
/** Documents `first` to `first + count - 1` typeset as one file (a merged PDF's group). */
export type RenderGroup = (first: number, count: number) => Promise<RenderedGroup>;
export type ReportProgress = (done: number, total: number) => void;

export interface BatchWorkerApi {
  run(
    options: BatchRunOptions,
    render: RenderDocument,
    onProgress?: ReportProgress,
    renderGroup?: RenderGroup,
  ): Promise<BatchRunResult>;
}

function indexes(total: number): number[] {
  return Array.from({ length: total }, (_, i) => i);
}

export async function runBatch(
  options: BatchRunOptions,
  render: RenderDocument,
  onProgress?: ReportProgress,
  signal?: AbortSignal,
  renderGroup?: RenderGroup,
): Promise<BatchRunResult> {
  const result = await runPrintBatch(
    {
      items: indexes(options.total),
      total: options.total,
      render: (index) => render(index),
      ...(renderGroup ? { renderGroup: (items: number[], first: number) => renderGroup(first, items.length) } : {}),
      templateName: options.templateName,
      printTime: options.printTime,
      concurrency: options.concurrency,
      ...(signal ? { signal } : {}),
      ...(onProgress ? { onProgress } : {}),
    },
    options.output,
  );
  const blob = await new Response(result.body ?? null, { headers: { 'content-type': result.mime } }).blob();
  return {
    blob: blob.type ? blob : new Blob([blob], { type: result.mime }),
    fileName: result.fileName,
    names: result.names,
  };
}

export const batchWorkerApi: BatchWorkerApi = {
  run: (options, render, onProgress, renderGroup) => runBatch(options, render, onProgress, undefined, renderGroup),
};
