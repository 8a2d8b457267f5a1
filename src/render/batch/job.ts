/**
 * A print run of many documents, the same for the CLI, the app (inside a worker, so merging and
 * zipping never block the UI) and the server: render each item in order with bounded concurrency,
 * name each file once (unique within the run), and deliver one merged PDF, a streamed ZIP, or the
 * files one by one. Progress per document; the signal cancels before the next one.
 */
import { QuireError } from '../../core/errors';
import { sanitizeFileName } from '../../core/naming/filename';
import { mergeDocx } from '../office/merge';
import { OFFICE_MIME } from '../office/schema';
import type { RenderedGroup, RenderedOutput } from '../outputs/render';
import { mergePdfs } from './merge';
import { renderBatch } from './run';
import { UniqueNames, type ZipEntry, zipStream } from './zip';

export type BatchOutput = 'merged' | 'zip';

export interface PrintBatchOptions<T> {
  items: Iterable<T> | AsyncIterable<T>;
  total: number;
  /** Renders one item; its `fileName` (with extension) names the file, else `document.<ext>`. */
  render: (item: T, index: number) => Promise<RenderedOutput>;
  /**
   * Renders consecutive items as one file (a merged PDF typeset once, its fonts embedded once).
   * When given, a merged run is made of such groups; only PDF templates offer it.
   */
  renderGroup?: (items: T[], firstIndex: number) => Promise<RenderedGroup>;
  templateName: string;
  printTime: number;
  concurrency?: number;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

export interface NamedFile extends ZipEntry {
  mime: string;
}

function cancelled(): QuireError {
  return new QuireError('DocGenerationError', { detail: 'cancelled' });
}

/** The documents of a run, in order, each with a unique file name. */
export async function* printBatchFiles<T>(options: PrintBatchOptions<T>): AsyncGenerator<NamedFile> {
  const unique = new UniqueNames();
  const items = renderBatch(options.items, options.render, {
    concurrency: options.concurrency ?? 2,
    ...(options.signal ? { signal: options.signal } : {}),
    onProgress: ({ done }) => options.onProgress?.(done, options.total),
  });
  for await (const item of items) {
    const file = item.output;
    const dot = file.fileName?.lastIndexOf('.') ?? -1;
    const stem = file.fileName && dot > 0 ? file.fileName.slice(0, dot) : 'document';
    yield { name: `${unique.take(stem)}.${file.extension}`, bytes: file.bytes, mime: file.mime };
  }
}

export interface PrintBatchResult {
  /** The merged PDF or the ZIP, streamed: a ZIP is written as documents arrive. */
  body: ReadableStream<Uint8Array>;
  fileName: string;
  mime: string;
  /** The documents' names in order; complete once `body` has been read to the end. */
  names: string[];
}

function runName(templateName: string, total: number, extension: string): string {
  return `${sanitizeFileName(templateName) || 'documents'}_${total}.${extension}`;
}

function singleChunk(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

/** Most records typeset in one group: enough to share fonts, few enough that workers share the run. */
export const MAX_GROUP = 40;

/** Items in groups of `size`, the last one shorter. */
async function* grouped<T>(items: Iterable<T> | AsyncIterable<T>, size: number): AsyncGenerator<T[]> {
  let group: T[] = [];
  for await (const item of items) {
    group.push(item);
    if (group.length === size) {
      yield group;
      group = [];
    }
  }
  if (group.length > 0) yield group;
}

/**
 * A merged PDF made of groups, each typeset once by `renderGroup` (a group per worker when the run
 * is small, at most MAX_GROUP records each), joined page by page in order.
 */
async function mergedInGroups<T>(
  options: PrintBatchOptions<T>,
  renderGroup: NonNullable<PrintBatchOptions<T>['renderGroup']>,
): Promise<PrintBatchResult> {
  const concurrency = Math.max(1, options.concurrency ?? 2);
  const size = Math.min(MAX_GROUP, Math.max(1, Math.ceil(options.total / concurrency)));
  const names: string[] = [];
  let done = 0;
  const groups = renderBatch(grouped(options.items, size), (items, i) => renderGroup(items, i * size), {
    concurrency,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const pdfs: Uint8Array[] = [];
  for await (const { record: items, output } of groups) {
    names.push(...output.names);
    pdfs.push(output.file.bytes);
    done += items.length;
    options.onProgress?.(done, options.total);
  }
  if (options.signal?.aborted) throw cancelled();
  // Even one group goes through the merge: its object streams make the file about a third smaller.
  const merged = await mergePdfs(pdfs);
  const fileName = options.total === 1 && names[0] ? names[0] : runName(options.templateName, options.total, 'pdf');
  return { body: singleChunk(merged), names, mime: 'application/pdf', fileName };
}

/** One merged PDF (or Word document, section per record) or one ZIP of every document. */
export async function runPrintBatch<T>(options: PrintBatchOptions<T>, output: BatchOutput): Promise<PrintBatchResult> {
  if (output === 'merged' && options.renderGroup) return mergedInGroups(options, options.renderGroup);
  const names: string[] = [];
  const files = (async function* () {
    for await (const file of printBatchFiles(options)) {
      names.push(file.name);
      yield file;
    }
    if (options.signal?.aborted) throw cancelled();
  })();
  if (output === 'zip') {
    const body = zipStream(files, new Date(options.printTime));
    return { body, names, mime: 'application/zip', fileName: runName(options.templateName, options.total, 'zip') };
  }
  // Word documents merge into one with a section per record; anything else must be a PDF.
  const iterator = files[Symbol.asyncIterator]();
  const head = await iterator.next();
  const word = !head.done && head.value.mime === OFFICE_MIME.docx;
  const mime = word ? OFFICE_MIME.docx : 'application/pdf';
  const all = (async function* () {
    for (let next = head; !next.done; next = await iterator.next()) {
      if (next.value.mime !== mime)
        throw new QuireError('DocGenerationError', { detail: `${next.value.name} cannot be merged with the others` });
      yield next.value.bytes;
    }
  })();
  const merged = word ? await mergeDocx(all) : await mergePdfs(all);
  const extension = word ? 'docx' : 'pdf';
  const fileName = options.total === 1 && names[0] ? names[0] : runName(options.templateName, options.total, extension);
  return { body: singleChunk(merged), names, mime, fileName };
}
