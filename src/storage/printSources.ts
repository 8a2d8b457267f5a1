/**
 * Local data as print sources (core/print): a table record with the linked records it names, or
 * an approval instance, plus the bytes of the images it shows. Sources are raw data; the render
 * worker maps them (core/print/build.ts), so reading here is all the UI thread does.
 */

import type { KnownSignature } from '../core/data/approval/signatures';
import { signatureDataUrl } from '../core/data/signatureImage';
import { isLinkField, linkedRecordIds } from '../core/data/table/convert';
import type { TableData } from '../core/data/table/types';
import type { RecordLinks } from '../core/print/input';
import type { PrintSource } from '../core/print/sources';
import type { Storage } from './storage';
import { assetHashFromUrl, loadPrintInputs } from './tableData';

/** Images only: the renderers place images; other attachments print as their names. */
function isImageAttachment(item: Record<string, unknown>): boolean {
  const mime = typeof item.type === 'string' ? item.type : typeof item.mime === 'string' ? item.mime : '';
  return mime.startsWith('image/');
}

/**
 * `quire-asset:` URLs of the images in some records' cells — or of every file, for a template that
 * prints the files themselves (attachment templates).
 */
function localFileUrls(tables: readonly TableData[], everyFile = false): Set<string> {
  const urls = new Set<string>();
  for (const table of tables)
    for (const record of table.records) {
      for (const cell of Object.values(record.fields)) {
        if (!Array.isArray(cell)) continue;
        for (const item of cell)
          if (item && typeof item === 'object') {
            const url = (item as Record<string, unknown>).url;
            if (
              typeof url === 'string' &&
              assetHashFromUrl(url) &&
              (everyFile || isImageAttachment(item as Record<string, unknown>))
            )
              urls.add(url);
          }
      }
    }
  return urls;
}

/** Reads the bytes of local assets by URL, each once per loader. */
export function createAssetBytesReader(storage: Storage) {
  const cache = new Map<string, Promise<Uint8Array | undefined>>();
  return (url: string): Promise<Uint8Array | undefined> => {
    let bytes = cache.get(url);
    if (!bytes) {
      const hash = assetHashFromUrl(url);
      bytes = hash
        ? storage.assets
            .getBlob(hash)
            .then(async (blob) => (blob ? new Uint8Array(await blob.arrayBuffer()) : undefined))
        : Promise.resolve(undefined);
      cache.set(url, bytes);
    }
    return bytes;
  };
}

export interface TableSourceOptions {
  /** Links a QR code can encode for each record (the app's own record URLs). */
  linksFor?: (tableId: string, recordId: string) => RecordLinks;
  /**
   * The bytes of every local file of the record, not only its images: an attachment template
   * prints the files themselves (PDFs, Office files). Linked records still bring their images only.
   */
  everyFile?: boolean;
}

/** One print source per record, in the order given; records that no longer exist are left out. */
export async function loadTableSources(
  storage: Storage,
  tableId: string,
  recordIds: readonly string[],
  options: TableSourceOptions = {},
): Promise<PrintSource[]> {
  const { table, linkedTables } = await loadPrintInputs(storage, tableId, recordIds);
  const readBytes = createAssetBytesReader(storage);
  const { records, ...tableMeta } = table;
  const linkFields = table.fields.filter(isLinkField);
  const sources: PrintSource[] = [];
  for (const record of records) {
    // The chunk's linked tables hold the records any chosen record names; each source keeps its own.
    const named = new Set(linkFields.flatMap((field) => linkedRecordIds(record.fields[field.id])));
    const linked = linkedTables.map((t) => ({ ...t, records: t.records.filter((r) => named.has(r.recordId)) }));
    const urls = [...localFileUrls([{ ...table, records: [record] }], options.everyFile), ...localFileUrls(linked)];
    const assets: Record<string, Uint8Array> = {};
    for (const url of urls) {
      const bytes = await readBytes(url);
      if (bytes) assets[url] = bytes;
    }
    sources.push({
      kind: 'table',
      table: tableMeta,
      record,
      linkedTables: linked,
      assets,
      ...(options.linksFor ? { links: options.linksFor(tableId, record.recordId) } : {}),
    });
  }
  return sources;
}

/**
 * The signatures saved on this device (#31), as the approval mapping matches them to process
 * entries: by the name the person gave (and an approval user id when known). A row without a name
 * matches nobody.
 */
export async function loadSavedSignatures(storage: Storage): Promise<KnownSignature[]> {
  const rows = await storage.signatures.list();
  const out: KnownSignature[] = [];
  for (const row of rows) {
    if (!row.name.trim() && !row.approvalUserId) continue;
    const image = signatureDataUrl(new Uint8Array(await row.png.arrayBuffer()));
    out.push({ name: row.name, image, ...(row.approvalUserId ? { userId: row.approvalUserId } : {}) });
  }
  return out;
}

/** An approval instance of a stored definition (no instance code: the designer's placeholders). */
export async function loadApprovalSource(
  storage: Storage,
  code: string,
  instanceCode?: string,
): Promise<PrintSource | undefined> {
  const definition = await storage.approvals.getDefinition(code);
  if (!definition) return undefined;
  const instance = instanceCode
    ? (await storage.approvals.listInstances(code)).find((i) => i.code === instanceCode)
    : undefined;
  const signatures = instance ? await loadSavedSignatures(storage) : [];
  return {
    kind: 'approval',
    definition: definition.design,
    ...(instance ? { instance: instance.instance } : {}),
    ...(signatures.length > 0 ? { signatures } : {}),
  };
}
