import type { TableData, TableRecord } from '../core/data/table/types';
import { QuireError } from '../core/errors';
import { newId, write } from './context';
import { RECORD_STORES } from './db';
import { mutateRecords, readRecords } from './recordBlocks';
import { prepareAsset, putAssetIfMissing } from './repos/assets';
import type { Storage } from './storage';
import type { CellValue, RecordRow, StoredAttachment, TableRow } from './types';

/**
 * Bridges local tables to the data layer (core/data/table): rows become the host-shaped TableData its
 * converters read. Local attachments carry no URL; they get `quire-asset:<sha256>` URLs, which the
 * renderer resolves from the assets store (or the app swaps for object URLs).
 */

export const ASSET_URL_PREFIX = 'quire-asset:';

export function assetUrl(hash: string): string {
  return `${ASSET_URL_PREFIX}${hash}`;
}

export function assetHashFromUrl(url: string): string | undefined {
  return url.startsWith(ASSET_URL_PREFIX) ? url.slice(ASSET_URL_PREFIX.length) : undefined;
}

type ResolveAssetUrl = (hash: string) => string;

function withAssetUrls(value: CellValue, resolve: ResolveAssetUrl): unknown {
  if (!Array.isArray(value)) return value;
  return value.map((item) => {
    if (item && typeof item === 'object' && 'assetHash' in item) {
      const file = item as StoredAttachment;
      return { ...file, url: file.url ?? resolve(file.assetHash!), type: file.mime };
    }
    return item;
  });
}

function toTableRecord(record: RecordRow, resolve: ResolveAssetUrl = assetUrl): TableRecord {
  const fields: Record<string, unknown> = {};
  for (const [fieldId, value] of Object.entries(record.values)) fields[fieldId] = withAssetUrls(value, resolve);
  return { recordId: record.id, fields };
}

export function toTableData(
  table: TableRow,
  records: readonly RecordRow[],
  resolve: ResolveAssetUrl = assetUrl,
): TableData {
  return {
    id: table.id,
    name: table.name,
    fields: table.fields,
    records: records.map((r) => toTableRecord(r, resolve)),
  };
}

interface PrintInputs {
  table: TableData;
  /** Linked tables holding only the records the chosen records link to. */
  linkedTables: TableData[];
}

/**
 * What printing some records needs: the table with those records (in the order given) and, for every
 * link field, the linked table with just the linked records — not whole tables.
 */
export async function loadPrintInputs(
  storage: Storage,
  tableId: string,
  recordIds: readonly string[],
  resolve: ResolveAssetUrl = assetUrl,
): Promise<PrintInputs> {
  const table = await storage.db.dataTables.get(tableId);
  if (!table) throw new QuireError('MetaTableNotFound', { detail: tableId });
  const records = await storage.records.getMany([...recordIds]);
  const wanted = new Map<string, Set<string>>();
  for (const field of table.fields) {
    const linkedId = field.property?.tableId;
    if ((field.type !== 'singleLink' && field.type !== 'duplexLink') || !linkedId) continue;
    const ids = wanted.get(linkedId) ?? new Set<string>();
    for (const record of records) {
      const cell = record.values[field.id];
      if (Array.isArray(cell)) for (const id of cell) if (typeof id === 'string') ids.add(id);
    }
    wanted.set(linkedId, ids);
  }
  const linkedTables: TableData[] = [];
  for (const [linkedId, ids] of wanted) {
    const linked = await storage.db.dataTables.get(linkedId);
    if (!linked) continue;
    linkedTables.push(toTableData(linked, await storage.records.getMany([...ids]), resolve));
  }
  return { table: toTableData(table, records, resolve), linkedTables };
}

/**
 * Attach files from disk to a record's attachment cell (appended), storing each Blob once by hash.
 * Hashing happens first; the assets and the record change are then written in one transaction.
 */
export async function attachFiles(
  storage: Storage,
  recordId: string,
  fieldId: string,
  files: readonly { blob: Blob; name: string }[],
): Promise<StoredAttachment[]> {
  const now = storage.ctx.now();
  const prepared = await Promise.all(files.map((f) => prepareAsset(f.blob, f.name, now)));
  const added: StoredAttachment[] = prepared.map((asset, i) => ({
    name: files[i]!.name,
    size: asset.size,
    mime: asset.mime,
    assetHash: asset.hash,
    timeStamp: now,
  }));
  await write(
    storage.ctx,
    {
      action: 'record.attach',
      stores: [...RECORD_STORES, 'assets'],
      keys: [recordId],
      unsaved: {
        key: `attach:${recordId}:${fieldId}:${newId('')}`,
        label: 'Attach files',
        payload: { recordId, fieldId, names: files.map((f) => f.name) },
      },
    },
    async () => {
      const [record] = await readRecords(storage.ctx, [recordId]);
      if (!record) throw new QuireError('NoData', { detail: `record ${recordId}` });
      for (const asset of prepared) await putAssetIfMissing(storage.ctx, asset);
      const current = Array.isArray(record.values[fieldId]) ? (record.values[fieldId] as StoredAttachment[]) : [];
      await mutateRecords(storage.ctx, [recordId], (r) => ({
        ...r,
        values: { ...r.values, [fieldId]: [...current, ...added] },
        updatedAt: now,
      }));
    },
  );
  return added;
}
