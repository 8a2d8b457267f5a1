/**
 * A print run rendered in this process — the CLI's and the server's: every source through
 * `renderOutput` on one environment, a merged run typeset in groups where the format allows it
 * (so a merged PDF embeds its fonts once per group). The app runs the same print run in its batch
 * worker with the render pool rendering each source instead.
 */
import type { FileFormat } from '../../core/outputs/catalogue';
import {
  canRenderGroup,
  type NamingContext,
  type PreparedTemplate,
  renderOutput,
  renderOutputGroup,
} from '../outputs/render';
import type { OutputEnvironment } from '../outputs/types';
import { type BatchOutput, type NamedFile, type PrintBatchResult, runPrintBatch } from './job';

export interface InProcessRun<Source> {
  prepared: PreparedTemplate;
  sources: readonly Source[];
  env: OutputEnvironment;
  output: BatchOutput;
  /** The format every document is made in; the template kind's default when none. */
  format?: FileFormat;
  naming: NamingContext;
  /** Image formats: compression off (spec 001 §9.1). */
  noCompress?: boolean;
  concurrency?: number;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
  writeFile?: (file: NamedFile) => Promise<void>;
}

export function printInProcess<Source>(run: InProcessRun<Source>): Promise<PrintBatchResult> {
  const { prepared, env, naming } = run;
  const options = {
    ...(run.format ? { format: run.format } : {}),
    ...(run.noCompress ? { noCompress: true } : {}),
    naming,
  };
  return runPrintBatch(
    {
      items: run.sources,
      total: run.sources.length,
      render: (source) => renderOutput(prepared, source, env, options),
      ...(run.output === 'merged' && canRenderGroup(prepared, run.format)
        ? { renderGroup: (group: Source[]) => renderOutputGroup(prepared, group, env, options) }
        : {}),
      templateName: naming.templateName,
      printTime: naming.printTime,
      concurrency: run.concurrency ?? 1,
      ...(run.signal ? { signal: run.signal } : {}),
      ...(run.onProgress ? { onProgress: run.onProgress } : {}),
      ...(run.writeFile ? { writeFile: run.writeFile } : {}),
    },
    run.output,
  );
}
