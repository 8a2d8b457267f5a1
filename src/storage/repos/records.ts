import { QuireError } from '../../core/errors';
import type { StorageContext } from '../context';
import { write } from '../context';
import { RECORD_STORES } from '../db';
import { assertFieldsUnchanged, withFieldValues } from '../fieldVersions';
import {
  allRecords,
  appendRecords,
  countRecords,
  mutateRecords,
  orderedRecordIds,
  readRecords,
  recordsAfter,
  recordWindow,
} from '../recordBlocks';
import type { CellValue, RecordRow, TableField } from '../types';

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
    const touched = [...now].filter((id) => !old.has(id)).concat([...old].filter((id) => !now.has(id)));
    if (touched.length === 0) continue;
    await mutateRecords(ctx, touched, (other) => {
      const current = ids(other.values[backFieldId]);
      const next = now.has(other.id)
        ? current.includes(recordId)
          ? current
          : [...current, recordId]
        : current.filter((id) => id !== recordId);
      return withFieldValues(other, { [backFieldId]: next }, ctx.now());
    });
  }
}

export function createRecordRepo(ctx: StorageContext) {
  const { db } = ctx;
  const read = <T>(body: () => Promise<T>) => db.transaction('r', [db.recordBlocks, db.recordIndex], body);
  return {
    count(tableId: string): Promise<number> {
      return read(() => countRecords(ctx, tableId));
    },
    /**
     * Every record id of the table in grid order, read from the small block index (no values): a
     * virtualised grid loads this once, then fetches the visible window with `getMany`.
     */
    orderedIds(tableId: string): Promise<string[]> {
      return read(() => orderedRecordIds(ctx, tableId));
    },
    /** Records after a given `seq`, in order: keyset paging for exports and batch printing. */
    after(tableId: string, afterSeq: number, limit: number): Promise<RecordRow[]> {
      return read(() => recordsAfter(ctx, tableId, afterSeq, limit));
    },
    /** A window of records by position, reading only the blocks it covers. */
    page(tableId: string, offset: number, limit: number): Promise<RecordRow[]> {
      return read(() => recordWindow(ctx, tableId, offset, limit));
    },
    listAll(tableId: string): Promise<RecordRow[]> {
      return read(() => allRecords(ctx, tableId));
    },
    async get(id: string): Promise<RecordRow | undefined> {
      return (await read(() => readRecords(ctx, [id])))[0];
    },
    /** Records in the order asked; unknown ids are skipped. */
    getMany(recordIds: readonly string[]): Promise<RecordRow[]> {
      return read(() => readRecords(ctx, recordIds));
    },
    async add(tableId: string, values: Record<string, CellValue> = {}): Promise<RecordRow> {
      return write(
        ctx,
        {
          action: 'record.add',
          stores: [...RECORD_STORES, 'dataTables'],
          keys: [tableId],
          unsaved: { key: `record:new:${tableId}:${ctx.now()}`, label: 'Add record', payload: { tableId, values } },
        },
        async () => {
          const table = await db.dataTables.get(tableId);
          if (!table) throw new QuireError('MetaTableNotFound', { detail: tableId });
          const [row] = await appendRecords(ctx, tableId, [{ values }], ctx.now());
          await syncDuplexLinks(ctx, row!.id, table.fields, {}, values);
          return row!;
        },
      );
    },
    /**
     * Set some cells of a record (other cells are kept). A value of `undefined` clears the cell.
     * Pass `expectedUpdatedAt` (the record's `updatedAt` when the editor loaded it) to refuse, with
     * `VersionConflict`, an edit of a field another tab changed meanwhile; edits of other fields of
     * the same record go through.
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
          stores: [...RECORD_STORES, 'dataTables'],
          keys: [id],
          unsaved: { key: `record:${id}`, label: 'Edit record', payload: { id, patch } },
        },
        async () => {
          const [record] = await readRecords(ctx, [id]);
          if (!record) throw new QuireError('NoData', { detail: `record ${id}` });
          assertFieldsUnchanged(record, Object.keys(patch), expectedUpdatedAt);
          const next = withFieldValues(record, patch, ctx.now());
          await mutateRecords(ctx, [id], () => next);
          const table = await db.dataTables.get(record.tableId);
          if (table) await syncDuplexLinks(ctx, id, table.fields, record.values, patch as Record<string, CellValue>);
          return next;
        },
      );
    },
    async delete(recordIds: string[]): Promise<void> {
      await write(
        ctx,
        {
          action: 'record.delete',
          stores: [...RECORD_STORES, 'dataTables'],
          keys: recordIds,
          // Refused, the delete waits with the other unsaved writes (replayed, in the download).
          unsaved: {
            key: `record:delete:${ctx.now()}`,
            label: recordIds.length === 1 ? 'Delete record' : `Delete ${recordIds.length} records`,
            payload: { deleteIds: recordIds },
          },
        },
        async () => {
          const records = await readRecords(ctx, recordIds);
          for (const record of records) {
            const table = await db.dataTables.get(record.tableId);
            if (!table) continue;
            const cleared = Object.fromEntries(
              table.fields.filter((f) => f.type === 'duplexLink').map((f) => [f.id, [] as string[]]),
            );
            await syncDuplexLinks(ctx, record.id, table.fields, record.values, cleared);
          }
          await mutateRecords(ctx, recordIds, () => null);
        },
      );
    },
  };
}

export type RecordRepo = ReturnType<typeof createRecordRepo>;
