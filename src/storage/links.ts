import { QuireError } from '../core/errors';
import { write } from './context';
import { RECORD_STORES } from './db';
import { assertFieldsUnchanged, withFieldValues } from './fieldVersions';
import { appendRecords, mutateRecords, parseRecordId, readRecords, tableIndex } from './recordBlocks';
import type { Storage } from './storage';
import type { CellValue, RecordRow, TableField, TableRow } from './types';

/**
 * Editing link cells (singleLink / duplexLink) from the grid: find records to link, set a cell's
 * links, add a child record. Each is one transaction. A duplexLink's partner field is kept in step,
 * and where that partner holds one record only (an order line belongs to one order), linking the
 * record here unlinks it from its previous owner, so neither side ever disagrees.
 */

export function isLinkField(field: TableField): boolean {
  return field.type === 'singleLink' || field.type === 'duplexLink';
}

/** Whether a link field may hold more than one record (hosts default to many). */
export function allowsMany(field: TableField): boolean {
  return field.property?.multiple !== false;
}

/** The field a table's records are known by: the primary one, else the first. */
export function primaryField(table: Pick<TableRow, 'fields'>): TableField | undefined {
  return table.fields.find((f) => f.isPrimary) ?? table.fields[0];
}

function linkIdsOf(value: CellValue | undefined): string[] {
  return Array.isArray(value) ? (value as unknown[]).filter((v): v is string => typeof v === 'string') : [];
}

/** Plain text of a cell, for matching a search (display formatting is the app's business). */
export function searchText(value: CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map((v) => searchText(v as CellValue)).join(' ');
  const object = value as unknown as Record<string, unknown>;
  for (const key of ['text', 'name', 'address', 'link']) if (typeof object[key] === 'string') return object[key];
  return '';
}

export interface RecordSearch {
  records: RecordRow[];
  /** More records matched than `limit`. */
  more: boolean;
}

/**
 * Records of a table whose primary field contains `query` (case-insensitive), in table order.
 * Blocks are read one at a time and the scan stops once `limit` + 1 matched, so a picker over a
 * 100,000-record table answers from the first blocks for a common query.
 */
export async function searchRecords(
  storage: Storage,
  tableId: string,
  query: string,
  limit = 50,
): Promise<RecordSearch> {
  const { db } = storage;
  return db.transaction('r', [db.dataTables, ...RECORD_STORES.map((n) => db.table(n))], async () => {
    const table = await db.dataTables.get(tableId);
    if (!table) throw new QuireError('MetaTableNotFound', { detail: tableId });
    const primary = primaryField(table);
    const needle = query.trim().toLocaleLowerCase();
    const out: RecordRow[] = [];
    for (const row of await tableIndex(storage.ctx, tableId)) {
      const block = await db.recordBlocks.get([tableId, row.block]);
      for (const record of block?.records ?? []) {
        const text = primary ? searchText(record.values[primary.id]) : record.id;
        if (needle && !text.toLocaleLowerCase().includes(needle)) continue;
        if (out.length === limit) return { records: out, more: true };
        out.push(record);
      }
    }
    return { records: out, more: false };
  });
}

interface LinkChange {
  /** Every record written, id → its new row (for change events and the caller). */
  touched: Map<string, RecordRow>;
}

async function requireLinkField(storage: Storage, tableId: string, fieldId: string) {
  const table = await storage.db.dataTables.get(tableId);
  if (!table) throw new QuireError('MetaTableNotFound', { detail: tableId });
  const field = table.fields.find((f) => f.id === fieldId);
  if (!field || !isLinkField(field) || typeof field.property?.tableId !== 'string') {
    throw new QuireError('DataInvalid', { detail: `field ${fieldId} of ${tableId} is not a link field` });
  }
  return { table, field, linkedTableId: field.property.tableId };
}

/** Write `values[fieldId] = ids` on records (inside the caller's transaction). */
async function setCells(storage: Storage, change: LinkChange, edits: Map<string, string[]>, fieldId: string) {
  if (edits.size === 0) return;
  const now = storage.ctx.now();
  const results = await mutateRecords(storage.ctx, [...edits.keys()], (record) => {
    const ids = edits.get(record.id) ?? [];
    return withFieldValues(record, { [fieldId]: ids.length > 0 ? ids : undefined }, now);
  });
  for (const [id, row] of results) if (row) change.touched.set(id, row);
}

/**
 * Set a link cell to `nextIds`, inside the caller's transaction: validates the ids, trims to one
 * for a single link, and for a duplexLink updates the partner field on the records added and
 * removed — and, where the partner holds one record, the record it was linked to before.
 */
async function applyLinks(
  storage: Storage,
  record: RecordRow,
  fieldId: string,
  nextIds: readonly string[],
  change: LinkChange,
): Promise<RecordRow> {
  const { field, linkedTableId } = await requireLinkField(storage, record.tableId, fieldId);
  let ids = [...new Set(nextIds)];
  if (!allowsMany(field)) ids = ids.slice(-1);
  const bad = ids.filter((id) => parseRecordId(id)?.tableId !== linkedTableId);
  if (bad.length > 0) {
    throw new QuireError('DataInvalid', {
      detail: `not records of table ${linkedTableId}`,
      issues: bad.map((id) => ({ path: fieldId, reason: id })),
    });
  }
  const linked = await readRecords(storage.ctx, ids);
  if (linked.length !== ids.length) {
    const found = new Set(linked.map((r) => r.id));
    throw new QuireError('NoData', { detail: `records ${ids.filter((id) => !found.has(id)).join(', ')}` });
  }

  const before = new Set(linkIdsOf(record.values[fieldId]));
  await setCells(storage, change, new Map([[record.id, ids]]), fieldId);

  const backFieldId = field.type === 'duplexLink' ? field.property?.backFieldId : undefined;
  if (!backFieldId) return change.touched.get(record.id)!;
  const { field: backField } = await requireLinkField(storage, linkedTableId, backFieldId);
  const backMany = allowsMany(backField);
  const now = new Set(ids);
  const added = linked.filter((r) => !before.has(r.id));
  const removed = [...before].filter((id) => !now.has(id) && id !== record.id);

  const backEdits = new Map<string, string[]>();
  // Records that lose a link because their partner cell holds one record only.
  const stolen = new Map<string, string[]>();
  for (const other of added) {
    if (other.id === record.id) continue;
    const current = linkIdsOf(other.values[backFieldId]);
    if (backMany) backEdits.set(other.id, current.includes(record.id) ? current : [...current, record.id]);
    else {
      backEdits.set(other.id, [record.id]);
      for (const previous of current)
        if (previous !== record.id) stolen.set(previous, [...(stolen.get(previous) ?? []), other.id]);
    }
  }
  for (const other of await readRecords(storage.ctx, removed)) {
    backEdits.set(
      other.id,
      linkIdsOf(other.values[backFieldId]).filter((id) => id !== record.id),
    );
  }
  await setCells(storage, change, backEdits, backFieldId);

  if (stolen.size > 0) {
    const owners = await readRecords(storage.ctx, [...stolen.keys()]);
    const edits = new Map<string, string[]>();
    for (const owner of owners) {
      const lose = new Set(stolen.get(owner.id));
      edits.set(
        owner.id,
        linkIdsOf(owner.values[fieldId]).filter((id) => !lose.has(id)),
      );
    }
    await setCells(storage, change, edits, fieldId);
  }
  return change.touched.get(record.id)!;
}

async function requireRecord(storage: Storage, id: string, fieldId: string, expectedUpdatedAt: number | undefined) {
  const [record] = await readRecords(storage.ctx, [id]);
  if (!record) throw new QuireError('NoData', { detail: `record ${id}` });
  assertFieldsUnchanged(record, [fieldId], expectedUpdatedAt);
  return record;
}

/**
 * Set which records a link cell points at, as one user action. `expectedUpdatedAt` is the record's
 * `updatedAt` when the picker opened: a record another tab changed meanwhile is refused with
 * `VersionConflict` instead of being overwritten.
 */
export async function setLinks(
  storage: Storage,
  recordId: string,
  fieldId: string,
  ids: readonly string[],
  expectedUpdatedAt?: number,
): Promise<RecordRow> {
  const change: LinkChange = { touched: new Map() };
  const keys = [recordId];
  return write(
    storage.ctx,
    {
      action: 'record.update',
      stores: [...RECORD_STORES, 'dataTables'],
      keys,
      unsaved: { key: `record:${recordId}:${fieldId}`, label: 'Link records', payload: { recordId, fieldId, ids } },
    },
    async () => {
      const record = await requireRecord(storage, recordId, fieldId, expectedUpdatedAt);
      const updated = await applyLinks(storage, record, fieldId, ids, change);
      keys.push(...touchedOthers(change, recordId));
      return updated;
    },
  );
}

/**
 * Create a record in the linked table and link it from `parentId`'s field (an order's new line), in
 * one transaction. A duplexLink's partner on the new record points back at the parent.
 */
export async function addLinkedRecord(
  storage: Storage,
  parentId: string,
  fieldId: string,
  values: Record<string, CellValue> = {},
  expectedUpdatedAt?: number,
): Promise<{ parent: RecordRow; child: RecordRow }> {
  const change: LinkChange = { touched: new Map() };
  const keys = [parentId];
  return write(
    storage.ctx,
    {
      action: 'record.add',
      stores: [...RECORD_STORES, 'dataTables'],
      keys,
      unsaved: {
        key: `record:new-child:${parentId}:${fieldId}:${storage.ctx.now()}`,
        label: 'Add linked record',
        payload: { parentId, fieldId, values },
      },
    },
    async () => {
      const parent = await requireRecord(storage, parentId, fieldId, expectedUpdatedAt);
      const { field, linkedTableId } = await requireLinkField(storage, parent.tableId, fieldId);
      if (!(await storage.db.dataTables.get(linkedTableId))) {
        throw new QuireError('MetaTableNotFound', { detail: linkedTableId });
      }
      const [child] = await appendRecords(storage.ctx, linkedTableId, [{ values }], storage.ctx.now());
      const current = linkIdsOf(parent.values[fieldId]);
      const next = allowsMany(field) ? [...current, child!.id] : [child!.id];
      const updated = await applyLinks(storage, parent, fieldId, next, change);
      keys.push(...touchedOthers(change, parentId));
      return { parent: updated, child: change.touched.get(child!.id) ?? child! };
    },
  );
}

/**
 * The partner records a link edit also wrote. They go into the change event's keys, so grids that
 * show them (here or in another tab) read them again.
 */
function touchedOthers(change: LinkChange, edited: string): string[] {
  return [...change.touched.keys()].filter((id) => id !== edited);
}
