import Dexie from 'dexie';
import { QuireError } from '../../core/errors';
import type { StorageContext } from '../context';
import { newId, write } from '../context';
import type { CellValue, RecordRow, TableField } from '../types';

function seqRange(tableId: string) {
  return [
    [tableId, Dexie.minKey],
    [tableId, Dexie.maxKey],
  ] as const;
}

/** The next `seq` of a table; call inside a transaction over `records`. */
export async function nextSeq(ctx: StorageContext, tableId: string): Promise<number> {
  const [lo, hi] = seqRange(tableId);
  const last = await ctx.db.records.where('[tableId+seq]').between(lo, hi).last();
  return last ? last.seq + 1 : 1;
}

function ids(value: CellValue | undefined): string[] {
  // Link cells hold record ids; anything else in one (a bad import) is ignored.
  return Array.isArray(value) ? (value as unknown[]).filter((v): v is string => typeof v === 'string') : [];
}

/**
 * Keep duplex links symmetric: when record R's link field now points at X but did not before, X's back
 * field gains R, and the reverse for removed links. Runs inside the caller's transaction.
 */
async function syncDuplexLinks(
  ctx: StorageContext,
  recordId: string,
  fields: readonly TableField[],
  before: Record<string, CellValue>,
  after: Record<string, CellValue>,
): Promise<void> {
  for (const field of fields) {
    if (field.type !== 'duplexLink' || !(field.id in after)) continue;
    const backFieldId = field.property?.backFieldId;
    if (!backFieldId) continue;
    const old = new Set(ids(before[field.id]));
    const now = new Set(ids(after[field.id]));
    const added = [...now].filter((id) => !old.has(id));
    const removed = [...old].filter((id) => !now.has(id));
    for (const otherId of [...added, ...removed]) {
      const other = await ctx.db.records.get(otherId);
      if (!other) continue;
      const current = ids(other.values[backFieldId]);
      const next = now.has(otherId)
        ? current.includes(recordId)
          ? current
          : [...current, recordId]
        : current.filter((id) => id !== recordId);
      await ctx.db.records.update(otherId, { [`values.${backFieldId}`]: next, updatedAt: ctx.now() });
    }
  }
}

export function createRecordRepo(ctx: StorageContext) {
  const { db } = ctx;
  return {
    count(tableId: string): Promise<number> {
      return db.records.where('tableId').equals(tableId).count();
    },
    /**
     * Every record id of the table in grid order. A virtualised grid loads this once (keys only: cheap
     * even at 100,000 rows) and then fetches the visible window with `getMany`, which stays fast at any
     * scroll depth, unlike a deep `offset`.
     */
    orderedIds(tableId: string): Promise<string[]> {
      const [lo, hi] = seqRange(tableId);
      return db.records.where('[tableId+seq]').between(lo, hi).primaryKeys();
    },
    /** Records after a given `seq`, in order: keyset paging for exports and batch printing. */
    after(tableId: string, afterSeq: number, limit: number): Promise<RecordRow[]> {
      return db.records
        .where('[tableId+seq]')
        .between([tableId, afterSeq], [tableId, Dexie.maxKey], false, true)
        .limit(limit)
        .toArray();
    },
    /** A window of records by position; fine for shallow pages (deep offsets walk the index). */
    page(tableId: string, offset: number, limit: number): Promise<RecordRow[]> {
      const [lo, hi] = seqRange(tableId);
      return db.records.where('[tableId+seq]').between(lo, hi).offset(offset).limit(limit).toArray();
    },
    listAll(tableId: string): Promise<RecordRow[]> {
      const [lo, hi] = seqRange(tableId);
      return db.records.where('[tableId+seq]').between(lo, hi).toArray();
    },
    get(id: string): Promise<RecordRow | undefined> {
      return db.records.get(id);
    },
    async getMany(recordIds: string[]): Promise<RecordRow[]> {
      return (await db.records.bulkGet(recordIds)).filter((r): r is RecordRow => r !== undefined);
    },
    async add(tableId: string, values: Record<string, CellValue> = {}, id = newId('rec')): Promise<RecordRow> {
      return write(
        ctx,
        {
          action: 'record.add',
          stores: ['records', 'dataTables'],
          keys: [id],
          unsaved: { key: `record:${id}`, label: 'Add record', payload: { tableId, values } },
        },
        async () => {
          const table = await db.dataTables.get(tableId);
          if (!table) throw new QuireError('MetaTableNotFound', { detail: tableId });
          const now = ctx.now();
          const row: RecordRow = {
            id,
            tableId,
            seq: await nextSeq(ctx, tableId),
            values,
            createdAt: now,
            updatedAt: now,
          };
          await db.records.add(row);
          await syncDuplexLinks(ctx, id, table.fields, {}, values);
          return row;
        },
      );
    },
    /**
     * Set some cells of a record (other cells are kept). A value of `undefined` clears the cell.
     * Pass `expectedUpdatedAt` (the record's `updatedAt` when the editor loaded it) to refuse, with
     * `VersionConflict`, an edit of a record another tab changed meanwhile.
     */
    async update(
      id: string,
      patch: Record<string, CellValue | undefined>,
      expectedUpdatedAt?: number,
    ): Promise<RecordRow> {
      return write(
        ctx,
        {
          action: 'record.update',
          stores: ['records', 'dataTables'],
          keys: [id],
          unsaved: { key: `record:${id}`, label: 'Edit record', payload: { id, patch } },
        },
        async () => {
          const record = await db.records.get(id);
          if (!record) throw new QuireError('NoData', { detail: `record ${id}` });
          if (expectedUpdatedAt !== undefined && record.updatedAt !== expectedUpdatedAt) {
            throw new QuireError('VersionConflict', {
              detail: `record ${id} changed elsewhere`,
              params: { expected: expectedUpdatedAt, actual: record.updatedAt },
            });
          }
          const table = await db.dataTables.get(record.tableId);
          const values: Record<string, CellValue> = { ...record.values };
          for (const [fieldId, value] of Object.entries(patch)) {
            if (value === undefined) delete values[fieldId];
            else values[fieldId] = value;
          }
          const next: RecordRow = { ...record, values, updatedAt: ctx.now() };
          await db.records.put(next);
          if (table) await syncDuplexLinks(ctx, id, table.fields, record.values, patch as Record<string, CellValue>);
          return next;
        },
      );
    },
    async delete(recordIds: string[]): Promise<void> {
      await write(ctx, { action: 'record.delete', stores: ['records', 'dataTables'], keys: recordIds }, async () => {
        const records = (await db.records.bulkGet(recordIds)).filter((r): r is RecordRow => r !== undefined);
        for (const record of records) {
          const table = await db.dataTables.get(record.tableId);
          const cleared = Object.fromEntries(
            (table?.fields ?? []).filter((f) => f.type === 'duplexLink').map((f) => [f.id, [] as string[]]),
          );
          if (table) await syncDuplexLinks(ctx, record.id, table.fields, record.values, cleared);
        }
        await db.records.bulkDelete(recordIds);
      });
    },
  };
}

export type RecordRepo = ReturnType<typeof createRecordRepo>;
