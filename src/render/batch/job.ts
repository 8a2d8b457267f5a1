/**
 * The one print run, the same for the app (inside a worker, so merging and zipping never block
 * the UI), the CLI and the server's render jobs: render each item in order with bounded
 * concurrency, name each file once (unique within the run), and deliver one merged file (a PDF,
 * or a Word document with a section per record), a streamed ZIP, the one document alone, or the
 * files one by one into a folder. Progress per document; the signal cancels before the next one.
 */
import { unzipSync } from 'fflate';
import { QuireError } from '../../core/errors';
import { sanitizeFileName } from '../../core/naming/filename';
import {
  FILE_FORMATS,
  type FileFormat,
  isFileFormat,
  isMergeable,
  type MergeableFormat,
  type PrintOutput,
} from '../../core/outputs/catalogue';
import { IMAGE_MIMES, sniffImageExport } from '../../core/outputs/images';
import { PAGE_STEM } from '../images/writer';
import type { RenderedGroup, RenderedOutput } from '../outputs/render';
import { MERGERS } from './merge';
import { renderBatch } from './run';
import { UniqueNames, type ZipEntry, zipStream } from './zip';

/** What the run delivers: the catalogue's outputs, and for the CLI one file each into a folder. */
export type BatchOutput = PrintOutput | 'folder';

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
  /** Output `folder`: stores each file as it arrives (the CLI writes it to disk). */
  writeFile?: (file: NamedFile) => Promise<void>;
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
    const stem = unique.take(file.fileName && dot > 0 ? file.fileName.slice(0, dot) : 'document');
    // A document exported as several images comes as a ZIP of its pages: the run holds the pages
    // themselves (`<name>-1.png`…), not a ZIP inside a ZIP.
    if (file.extension === 'zip') yield* pagesOf(stem, file.bytes);
    else yield { name: `${stem}.${file.extension}`, bytes: file.bytes, mime: file.mime };
  }
}

/** The images of one document's page ZIP, named after the document. */
function* pagesOf(stem: string, zip: Uint8Array): Generator<NamedFile> {
  for (const [entry, bytes] of Object.entries(unzipSync(zip))) {
    const page = entry.startsWith(`${PAGE_STEM}-`) ? entry.slice(PAGE_STEM.length) : `-${entry}`;
    const format = sniffImageExport(bytes);
    yield {
      name: `${stem}${page}`,
      bytes,
      mime: format && format !== 'zip' ? IMAGE_MIMES[format] : 'application/octet-stream',
    };
  }
}

export interface PrintBatchResult {
  /** The merged file, the ZIP or the one file, streamed (a ZIP is written as documents arrive); none for a folder. */
  body?: ReadableStream<Uint8Array>;
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
const MAX_GROUP = 40;

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
  const parts: Uint8Array[] = [];
  let format: MergeableFormat = 'pdf';
  for await (const { record: items, output } of groups) {
    format = mergeableFormatOf(output.file.extension);
    names.push(...output.names);
    parts.push(output.file.bytes);
    done += items.length;
    options.onProgress?.(done, options.total);
  }
  if (options.signal?.aborted) throw cancelled();
  // Even one group goes through the merge: its object streams make the file about a third smaller.
  const merged = await MERGERS[format](parts);
  const { extension, mime } = FILE_FORMATS[format];
  const fileName = options.total === 1 && names[0] ? names[0] : runName(options.templateName, options.total, extension);
  return { body: singleChunk(merged), names, mime, fileName };
}

/** Runs the print: one merged file, one ZIP, the one document alone, or every file into a folder. */
export async function runPrintBatch<T>(options: PrintBatchOptions<T>, output: BatchOutput): Promise<PrintBatchResult> {
  if (output === 'file') return oneFile(options);
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
  if (output === 'folder') {
    const write = options.writeFile;
    if (!write) throw new QuireError('DocGenerationError', { detail: 'a folder run needs somewhere to write' });
    for await (const file of files) await write(file);
    return { names, mime: 'inode/directory', fileName: '' };
  }
  return mergedFiles(options, files, names);
}

/** The one document of a one-record run, as it was rendered and named. */
async function oneFile<T>(options: PrintBatchOptions<T>): Promise<PrintBatchResult> {
  if (options.total !== 1)
    throw new QuireError('DocGenerationError', { detail: `one file holds one record, not ${options.total}` });
  let item: { value: T } | undefined;
  for await (const value of options.items) {
    item = { value };
    break;
  }
  if (!item || options.signal?.aborted) throw cancelled();
  const file = await options.render(item.value, 0);
  options.onProgress?.(1, 1);
  if (options.signal?.aborted) throw cancelled();
  const fileName = file.fileName ?? `${options.templateName || 'document'}.${file.extension}`;
  return { body: singleChunk(file.bytes), names: [fileName], mime: file.mime, fileName };
}

/** The format of files with this extension, refused unless the output catalogue says it merges. */
function mergeableFormatOf(extension: string): MergeableFormat {
  const format: FileFormat = isFileFormat(extension) ? extension : 'pdf';
  if (isMergeable(format)) return format;
  throw new QuireError('DocGenerationError', {
    detail: `${FILE_FORMATS[format].name} files are not merged into one: print them as a ZIP`,
  });
}

/**
 * Files of one mergeable format joined into one (the output catalogue says which formats merge;
 * `MERGERS` joins each): the format is the first file's, and every other file must share it.
 */
async function mergedFiles<T>(
  options: PrintBatchOptions<T>,
  files: AsyncGenerator<NamedFile>,
  names: string[],
): Promise<PrintBatchResult> {
  const head = await files.next();
  // A run of no documents merges to an empty PDF, as before formats were told apart.
  const format = head.done ? 'pdf' : mergeableFormatOf(head.value.name.slice(head.value.name.lastIndexOf('.') + 1));
  const mime = FILE_FORMATS[format].mime;
  const all = (async function* () {
    for (let next = head; !next.done; next = await files.next()) {
      if (next.value.mime !== mime)
        throw new QuireError('DocGenerationError', { detail: `${next.value.name} cannot be merged with the others` });
      yield next.value.bytes;
    }
  })();
  const merged = await MERGERS[format](all);
  const fileName =
    options.total === 1 && names[0]
      ? names[0]
      : runName(options.templateName, options.total, FILE_FORMATS[format].extension);
  return { body: singleChunk(merged), names, mime, fileName };
}
