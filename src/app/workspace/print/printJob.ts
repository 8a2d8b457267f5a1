import { recordToScope } from '../../../core/data';
import { QuireError } from '../../../core/errors';
import { sanitizeFileName } from '../../../core/naming';
import { mergePdfs, renderBatch, UniqueNames, zipStream } from '../../../render/batch';
import { ASSET_URL_PREFIX, loadPrintInputs, type Storage, type TemplateRow } from '../../../storage';
import { fileNameFor } from './fileNames';

export type PrintOutput = 'merged' | 'zip';

/** Renders one record's scope with a template: the render pool in the app, a stub in tests. */
export type RenderScope = (
  template: { key: string; content: unknown },
  scope: unknown,
  signal: AbortSignal,
) => Promise<Uint8Array>;

export interface PrintJobInput {
  storage: Storage;
  tableId: string;
  /** In print order. */
  recordIds: readonly string[];
  template: TemplateRow;
  /** The file-name rule of the template. */
  rule: string;
  output: PrintOutput;
  render: RenderScope;
  concurrency?: number;
  signal: AbortSignal;
  onProgress?: (done: number, total: number) => void;
  /** Turns a stored Blob into a URL the render worker can fetch (object URLs in the app). */
  assetUrl?: (blob: Blob) => string;
  now?: number;
}

export interface PrintJobResult {
  blob: Blob;
  fileName: string;
  count: number;
  /** Names of the PDFs, in order (inside the ZIP, or the single file). */
  names: string[];
}

/** Records are read in chunks, so printing 10,000 records never holds them all at once. */
const CHUNK = 100;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Replace `quire-asset:<hash>` URLs inside a scope with fetchable URLs. */
async function resolveAssets(value: unknown, resolve: (hash: string) => Promise<string>): Promise<unknown> {
  if (typeof value === 'string')
    return value.startsWith(ASSET_URL_PREFIX) ? resolve(value.slice(ASSET_URL_PREFIX.length)) : value;
  if (Array.isArray(value)) return Promise.all(value.map((v) => resolveAssets(v, resolve)));
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = Object.create(null);
    for (const [k, v] of Object.entries(value)) out[k] = await resolveAssets(v, resolve);
    return out;
  }
  return value;
}

interface Prepared {
  scope: Record<string, unknown>;
  name: string;
}

/**
 * Print records with one template: scopes are built chunk by chunk, rendered through the pool with
 * bounded concurrency (renderBatch), and streamed into one merged PDF or a ZIP of one PDF per record
 * named by the template's file-name rule. Cancelling stops at the next record.
 */
export async function runPrintJob(input: PrintJobInput): Promise<PrintJobResult> {
  const { storage, template, signal } = input;
  const table = await storage.tables.get(input.tableId);
  if (!table) throw new QuireError('MetaTableNotFound', { detail: input.tableId });
  const primary = table.fields.find((f) => f.isPrimary) ?? table.fields[0];
  const printTime = input.now ?? Date.now();
  const total = input.recordIds.length;
  const urls = new Map<string, Promise<string>>();
  const created: string[] = [];
  const resolveHash = (hash: string) => {
    let url = urls.get(hash);
    if (!url) {
      url = storage.assets.getBlob(hash).then((blob) => {
        if (!blob || !input.assetUrl) return `${ASSET_URL_PREFIX}${hash}`;
        const made = input.assetUrl(blob);
        created.push(made);
        return made;
      });
      urls.set(hash, url);
    }
    return url;
  };
  const unique = new UniqueNames();
  const names: string[] = [];

  async function* prepared(): AsyncGenerator<Prepared> {
    for (let start = 0; start < total; start += CHUNK) {
      if (signal.aborted) return;
      const ids = input.recordIds.slice(start, start + CHUNK);
      const { table: data, linkedTables } = await loadPrintInputs(storage, input.tableId, ids);
      for (const record of data.records) {
        const scope = (await resolveAssets(recordToScope(data, record, linkedTables), resolveHash)) as Record<
          string,
          unknown
        >;
        const name = unique.take(
          fileNameFor(scope, primary ? scope[primary.name] : undefined, {
            rule: input.rule,
            templateName: template.name,
            tableName: table!.name,
            printTime,
          }),
        );
        names.push(`${name}.pdf`);
        yield { scope, name };
      }
    }
  }

  const templateRef = { key: `${template.id}@${template.revision}`, content: template.content };
  const items = renderBatch(prepared(), (item) => input.render(templateRef, item.scope, signal), {
    concurrency: input.concurrency ?? 2,
    signal,
    onProgress: ({ done }) => input.onProgress?.(done, total),
  });

  try {
    let blob: Blob;
    let fileName: string;
    if (input.output === 'zip') {
      const entries = (async function* () {
        for await (const item of items) yield { name: `${item.record.name}.pdf`, bytes: item.pdf };
      })();
      blob = await new Response(zipStream(entries, new Date(printTime))).blob();
      fileName = `${sanitizeFileName(template.name) || 'documents'}_${total}.zip`;
    } else {
      let count = 0;
      let firstName = '';
      const pdfs = (async function* () {
        for await (const item of items) {
          if (count++ === 0) firstName = item.record.name;
          yield item.pdf;
        }
      })();
      const merged = await mergePdfs(pdfs);
      blob = new Blob([merged as Uint8Array<ArrayBuffer>], { type: 'application/pdf' });
      fileName = total === 1 ? `${firstName}.pdf` : `${sanitizeFileName(template.name) || 'documents'}_${total}.pdf`;
    }
    if (signal.aborted) throw new QuireError('DocGenerationError', { detail: 'cancelled' });
    return { blob, fileName, count: total, names };
  } finally {
    // Object URLs of images are only needed while rendering.
    for (const url of created) URL.revokeObjectURL(url);
  }
}
