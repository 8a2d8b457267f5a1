/**
 * The app's caller of the one print run (render/batch `runPrintBatch`): sources are read chunk by
 * chunk from storage (table records, or approval instances), each is rendered on the render pool
 * (the worker maps and names it), and the run — merged PDF or Word document, ZIP, or one record's
 * own file — is assembled by `runBatch` in a worker of its own.
 */

import type {
  BatchRunOptions,
  BatchRunResult,
  RenderDocument,
  RenderGroup,
  ReportProgress,
} from '../../../../workers/batch-api';
import { QuireError } from '../../../core/errors';
import type { PrintOutput } from '../../../core/outputs/catalogue';
import { readOutputKind } from '../../../core/outputs/kind';
import type { PrintSource } from '../../../core/print/sources';
import type { NamingContext, RenderedGroup, RenderedOutput } from '../../../render/outputs/render';
import type { Storage, TemplateRow } from '../../../storage';
import { EMPTY_SOURCE, tableRecordSources } from '../printing';
import { savedSignaturesForPrint } from '../signatureGate';

/** Renders one source with a template: the render pool in the app, an in-process stub in tests. */
export type RenderSource = (
  template: { key: string; content: unknown },
  source: PrintSource,
  naming: NamingContext,
  signal: AbortSignal,
) => Promise<RenderedOutput>;

/** Renders several sources as one file: a merged PDF typeset in groups embeds its fonts once per group. */
export type RenderSources = (
  template: { key: string; content: unknown },
  sources: PrintSource[],
  naming: NamingContext,
  signal: AbortSignal,
) => Promise<RenderedGroup>;

/** Assembles the run (the app runs it in a worker; tests in process). */
type AssembleRun = (
  options: BatchRunOptions,
  render: RenderDocument,
  onProgress: ReportProgress | undefined,
  signal: AbortSignal,
  renderGroup?: RenderGroup,
) => Promise<BatchRunResult>;

interface PrintJobInput {
  storage: Storage;
  /** The table the records are read from (unused when `approvalCode` is given). */
  tableId: string;
  /** An approval-bound template prints instances: `recordIds` are then instance codes of this approval. */
  approvalCode?: string;
  /** In print order. */
  recordIds: readonly string[];
  template: TemplateRow;
  /** The file-name rule of the template. */
  rule: string;
  output: PrintOutput;
  render: RenderSource;
  /** For PDF templates: a merged run is typeset in groups rather than record by record. */
  renderGroup?: RenderSources;
  assemble?: AssembleRun;
  concurrency?: number;
  signal: AbortSignal;
  onProgress?: (done: number, total: number) => void;
  now?: number;
}

export interface PrintJobResult {
  blob: Blob;
  fileName: string;
  count: number;
  /** Names of the documents, in order (inside the ZIP, or the single file). */
  names: string[];
}

/** Records are read in chunks, so printing 10,000 records never holds them all at once. */
const CHUNK = 100;

/** Source `index` of the run, reading its chunk once; chunks behind the run are let go. */
function chunkedSources(storage: Storage, tableId: string, recordIds: readonly string[], everyFile: boolean) {
  const chunks = new Map<number, Promise<Map<string, PrintSource>>>();
  return async (index: number): Promise<PrintSource> => {
    const chunk = Math.floor(index / CHUNK);
    let sources = chunks.get(chunk);
    if (!sources) {
      const ids = recordIds.slice(chunk * CHUNK, (chunk + 1) * CHUNK);
      sources = tableRecordSources(storage, tableId, ids, { everyFile }).then(
        (list) => new Map(list.map((s) => [s.kind === 'table' ? s.record.recordId : '', s])),
      );
      chunks.set(chunk, sources);
      chunks.delete(chunk - 2);
    }
    // A record deleted since it was selected prints empty rather than failing the run.
    return (await sources).get(recordIds[index]!) ?? EMPTY_SOURCE;
  };
}

/** Whether the template prints records' files themselves (an attachment template), not only their images. */
function printsFiles(content: unknown): boolean {
  const kind = readOutputKind(content);
  return kind === 'attachment';
}

/**
 * Progress arrives from the batch worker on a channel of its own, so a last report can land after
 * the result: none is passed on once the run has settled (a late "20 of 20" would put a finished
 * dialog back to running, its choices disabled for good).
 */
export async function runPrintJob(input: PrintJobInput): Promise<PrintJobResult> {
  let settled = false;
  const report = input.onProgress;
  const onProgress = report
    ? (done: number, total: number) => {
        if (!settled) report(done, total);
      }
    : undefined;
  try {
    return await runJob({ ...input, onProgress });
  } finally {
    settled = true;
  }
}

/** Approval instances by code, read once (an approval has tens of instances, not thousands). */
async function approvalSources(storage: Storage, code: string, codes: readonly string[]) {
  const definition = await storage.approvals.getDefinition(code);
  if (!definition) throw new QuireError('DocGenerationError', { detail: `approval ${code} is not on this device` });
  const instances = new Map((await storage.approvals.listInstances(code)).map((i) => [i.code, i.instance]));
  const signatures = await savedSignaturesForPrint(storage);
  return async (index: number): Promise<PrintSource> => {
    const instance = instances.get(codes[index]!);
    // An instance gone since it was chosen prints the designer's placeholders rather than failing the run.
    if (!instance) return { kind: 'approval', definition: definition.design };
    return { kind: 'approval', definition: definition.design, instance, ...(signatures.length ? { signatures } : {}) };
  };
}

async function runJob(input: PrintJobInput): Promise<PrintJobResult> {
  const { storage, template, signal } = input;
  if (input.approvalCode === undefined) {
    const table = await storage.tables.get(input.tableId);
    if (!table) throw new QuireError('MetaTableNotFound', { detail: input.tableId });
  }
  const printTime = input.now ?? Date.now();
  const total = input.recordIds.length;
  const sourceAt =
    input.approvalCode === undefined
      ? chunkedSources(storage, input.tableId, input.recordIds, printsFiles(template.content))
      : await approvalSources(storage, input.approvalCode, input.recordIds);
  const templateRef = { key: `${template.id}@${template.revision}`, content: template.content };
  const naming: NamingContext = { rule: input.rule, templateName: template.name, printTime };
  const render: RenderDocument = async (index) => {
    if (signal.aborted) throw new QuireError('DocGenerationError', { detail: 'cancelled' });
    return input.render(templateRef, await sourceAt(index), naming, signal);
  };
  const output = input.output;
  const renderSources = input.renderGroup;
  const renderGroup: RenderGroup | undefined =
    renderSources && output === 'merged'
      ? async (first, count) => {
          if (signal.aborted) throw new QuireError('DocGenerationError', { detail: 'cancelled' });
          const sources = await Promise.all(Array.from({ length: count }, (_, i) => sourceAt(first + i)));
          return renderSources(templateRef, sources, naming, signal);
        }
      : undefined;
  // In process when no worker assembles (tests): loaded on demand, so pdf-lib and the Office
  // merge never join the app's first-load bundle.
  const assemble =
    input.assemble ??
    (async (options, one, progress, s, group) =>
      (await import('../../../../workers/batch-api')).runBatch(options, one, progress, s, group));
  const result = await assemble(
    { total, output, templateName: template.name, printTime, concurrency: input.concurrency ?? 2 },
    render,
    input.onProgress,
    signal,
    renderGroup,
  );
  if (signal.aborted) throw new QuireError('DocGenerationError', { detail: 'cancelled' });
  return { ...result, count: total };
}
