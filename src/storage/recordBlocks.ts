import Dexie from 'dexie';
import type { StorageContext } from './context';
import type { RecordBlockIndexRow, RecordBlockRow, RecordRow } from './types';

/**
 * Records are stored in blocks of up to BLOCK_SIZE per IndexedDB object, not one object each.
 * Measured in headless Chromium on the project's machine: adding 50,000 records one object each took
 * ~8–13 s (IndexedDB's per-object cost, before Dexie); the same records in blocks of 500 took ~0.4 s.
 * The 100,000-rows-per-second class of import needs blocks.
 *
 * A record id names its block (`<tableId>:<block>:<random>`), so reading one record is one get.
 * A small index row per block (its ids and last seq) answers counts, ordered ids and windows without
 * reading record values. All functions here run inside the caller's transaction over
 * `recordBlocks` and `recordIndex`.
 */

export const BLOCK_SIZE = 500;

const ID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

const SUFFIX_LENGTH = 10;
const ID_CODES = [...ID_ALPHABET].map((c) => c.charCodeAt(0));
/**
 * Random bytes are drawn 4 KiB at a time: one getRandomValues call per record id cost ~0.3–1 s of
 * a 100,000-row import in Chromium (each call crosses into the browser's crypto).
 */
const randomPool = new Uint8Array(4096);
let randomAt = randomPool.length;

function randomPart(): string {
  if (randomAt + SUFFIX_LENGTH > randomPool.length) {
    globalThis.crypto.getRandomValues(randomPool);
    randomAt = 0;
  }
  const at = randomAt;
  randomAt += SUFFIX_LENGTH;
  const char = (i: number) => ID_CODES[randomPool[at + i]! % 36]!;
  // One flat string, not a chain of ten one-character concatenations.
  return String.fromCharCode(char(0), char(1), char(2), char(3), char(4), char(5), char(6), char(7), char(8), char(9));
}

export function makeRecordId(tableId: string, block: number, suffix: string = randomPart()): string {
  return `${tableId}:${block.toString(36)}:${suffix}`;
}

/** The table and block a record id points at, or undefined for an id Quire did not make. */
export function parseRecordId(id: string): { tableId: string; block: number } | undefined {
  const last = id.lastIndexOf(':');
  const middle = id.lastIndexOf(':', last - 1);
  if (last <= 0 || middle <= 0) return undefined;
  const block = Number.parseInt(id.slice(middle + 1, last), 36);
  if (!Number.isInteger(block) || block < 0) return undefined;
  return { tableId: id.slice(0, middle), block };
}

const tableRange = (tableId: string) => [
  [tableId, Dexie.minKey],
  [tableId, Dexie.maxKey],
];

/** The table's block index rows, in order. */
export function tableIndex(ctx: StorageContext, tableId: string): Promise<RecordBlockIndexRow[]> {
  const [lo, hi] = tableRange(tableId);
  return ctx.db.recordIndex.where('[tableId+block]').between(lo, hi).toArray();
}

export async function countRecords(ctx: StorageContext, tableId: string): Promise<number> {
  return (await tableIndex(ctx, tableId)).reduce((sum, row) => sum + row.ids.length, 0);
}

export async function orderedRecordIds(ctx: StorageContext, tableId: string): Promise<string[]> {
  return (await tableIndex(ctx, tableId)).flatMap((row) => row.ids);
}

export async function allRecords(ctx: StorageContext, tableId: string): Promise<RecordRow[]> {
  const [lo, hi] = tableRange(tableId);
  const blocks = await ctx.db.recordBlocks.where('[tableId+block]').between(lo, hi).toArray();
  return blocks.flatMap((b) => b.records);
}

/** Records by id, in the order asked, skipping ids that do not exist. */
export async function readRecords(ctx: StorageContext, ids: readonly string[]): Promise<RecordRow[]> {
  const keys = new Map<string, [string, number]>();
  for (const id of ids) {
    const where = parseRecordId(id);
    if (where) keys.set(`${where.tableId}\u0000${where.block}`, [where.tableId, where.block]);
  }
  const blocks = await ctx.db.recordBlocks.bulkGet([...keys.values()]);
  const byId = new Map<string, RecordRow>();
  for (const block of blocks) if (block) for (const record of block.records) byId.set(record.id, record);
  const out: RecordRow[] = [];
  for (const id of ids) {
    const record = byId.get(id);
    if (record) out.push(record);
  }
  return out;
}

/** Index rows read per step by `recordWindow`: a window near the top reads a few rows, not all. */
const INDEX_STEP = 2;

/**
 * Records at positions [offset, offset + limit) in table order, reading only the index rows up to
 * the window and the blocks it covers. The first rows of a 100,000-record table cost one small index
 * read and one block read, not the whole index (~100,000 ids to deserialise).
 */
export async function recordWindow(
  ctx: StorageContext,
  tableId: string,
  offset: number,
  limit: number,
): Promise<RecordRow[]> {
  const wanted: string[] = [];
  const end = offset + limit;
  let position = 0;
  let nextBlock: number = -Infinity;
  let step = Math.max(INDEX_STEP, Math.ceil(end / BLOCK_SIZE) + 1);
  while (position < end) {
    const rows = await ctx.db.recordIndex
      .where('[tableId+block]')
      .between([tableId, nextBlock], [tableId, Dexie.maxKey])
      .limit(step)
      .toArray();
    for (const row of rows) {
      const rowEnd = position + row.ids.length;
      if (rowEnd > offset && position < end) {
        wanted.push(...row.ids.slice(Math.max(0, offset - position), Math.min(row.ids.length, end - position)));
      }
      position = rowEnd;
      nextBlock = row.block + 1;
      if (position >= end) break;
    }
    if (rows.length < step) break;
    step *= 4;
  }
  return readRecords(ctx, wanted);
}

/** Up to `limit` records with seq > afterSeq, in order (keyset paging for batch work). */
export async function recordsAfter(
  ctx: StorageContext,
  tableId: string,
  afterSeq: number,
  limit: number,
): Promise<RecordRow[]> {
  const index = await tableIndex(ctx, tableId);
  const out: RecordRow[] = [];
  for (const row of index) {
    if (row.lastSeq <= afterSeq) continue;
    const block = await ctx.db.recordBlocks.get([tableId, row.block]);
    for (const record of block?.records ?? []) {
      if (record.seq > afterSeq) out.push(record);
      if (out.length >= limit) return out;
    }
  }
  return out;
}

/** Group records (ids made here) into block rows and index rows; pure. */
export function blocksOf(records: readonly RecordRow[]): { rows: RecordBlockRow[]; indexRows: RecordBlockIndexRow[] } {
  const blocks = new Map<string, RecordBlockRow>();
  for (const record of records) {
    const where = parseRecordId(record.id);
    if (!where) continue;
    const key = `${where.tableId}\u0000${where.block}`;
    let block = blocks.get(key);
    if (!block) blocks.set(key, (block = { tableId: where.tableId, block: where.block, records: [] }));
    block.records.push(record);
  }
  const rows = [...blocks.values()];
  for (const row of rows) row.records.sort((a, b) => a.seq - b.seq);
  return { rows, indexRows: rows.map(indexRowOf) };
}

function indexRowOf(block: RecordBlockRow): RecordBlockIndexRow {
  return {
    tableId: block.tableId,
    block: block.block,
    ids: block.records.map((r) => r.id),
    lastSeq: block.records.reduce((max, r) => Math.max(max, r.seq), 0),
  };
}

/**
 * Write blocks (an empty one is deleted) with their index rows, all requests issued at once. The
 * answer is Dexie's own promise on purpose: awaited inside a transaction, Dexie carries the
 * transaction across the await, where a native promise resolved in a later task loses it and every
 * write after it would commit on its own, outside the caller's one transaction.
 */
function putBlocks(ctx: StorageContext, blocks: RecordBlockRow[]): PromiseLike<void> {
  const keep = blocks.filter((b) => b.records.length > 0);
  const empty = blocks.filter((b) => b.records.length === 0).map((b) => [b.tableId, b.block] as [string, number]);
  const requests: PromiseLike<unknown>[] = [];
  if (keep.length > 0) {
    requests.push(ctx.db.recordBlocks.bulkPut(keep), ctx.db.recordIndex.bulkPut(keep.map(indexRowOf)));
  }
  if (empty.length > 0) {
    requests.push(ctx.db.recordBlocks.bulkDelete(empty), ctx.db.recordIndex.bulkDelete(empty));
  }
  return Dexie.Promise.all(requests).then(() => undefined);
}

interface NewRecord {
  values: RecordRow['values'];
  /** A suffix for a stable id (demo data); random otherwise. */
  idSuffix?: string;
  createdAt?: number;
}

/** Blocks handed to IndexedDB per put batch while appending. */
const APPEND_BATCH = 10;
/** Put batches handed to IndexedDB and not yet answered before the append waits for the oldest. */
const BATCHES_IN_FLIGHT = 2;

/**
 * Add records at the end of a table: the last block is filled up first, then new blocks follow.
 * `onProgress` reports after each batch of blocks written.
 */
export function appendRecords(
  ctx: StorageContext,
  tableId: string,
  items: readonly NewRecord[],
  now: number,
  onProgress?: (written: number, total: number) => void,
): Promise<RecordRow[]> {
  return appendRows(
    ctx,
    tableId,
    items.length,
    (i) => items[i]!.values,
    now,
    onProgress,
    (i) => items[i]!,
  );
}

/**
 * `appendRecords` for rows given only by their values (imports), made one at a time by `valuesAt`
 * and not kept: each row's objects die young once its block is handed to IndexedDB, instead of
 * 100,000 rows surviving to the end of the import (which makes every garbage collection copy them).
 * Resolves to the number of records added.
 */
export async function appendValues(
  ctx: StorageContext,
  tableId: string,
  count: number,
  valuesAt: (i: number) => RecordRow['values'],
  now: number,
  onProgress?: (written: number, total: number) => void,
  sourceTextAt?: (i: number) => RecordRow['sourceText'],
): Promise<number> {
  const extraAt = sourceTextAt ? (i: number) => ({ sourceText: sourceTextAt(i) }) : undefined;
  await appendRows(ctx, tableId, count, valuesAt, now, onProgress, extraAt, false);
  return count;
}

/**
 * Batches of blocks are handed to IndexedDB as soon as they are full, with at most
 * `BATCHES_IN_FLIGHT` unanswered: the browser writes one batch while the next is built, instead of
 * the loop idling on each batch's round trip, and the loop still yields between batches, so the
 * page paints progress all through a long import instead of freezing until every row is built.
 * One transaction either way (the caller's), so a failure still leaves nothing.
 */
async function appendRows(
  ctx: StorageContext,
  tableId: string,
  count: number,
  valuesAt: (i: number) => RecordRow['values'],
  now: number,
  onProgress?: (written: number, total: number) => void,
  extraAt?: (i: number) => Omit<NewRecord, 'values'> & { sourceText?: RecordRow['sourceText'] },
  keep = true,
): Promise<RecordRow[]> {
  const index = await tableIndex(ctx, tableId);
  const lastIndex = index.at(-1);
  let seq = index.reduce((max, row) => Math.max(max, row.lastSeq), 0);
  let current: RecordBlockRow =
    lastIndex && lastIndex.ids.length < BLOCK_SIZE
      ? ((await ctx.db.recordBlocks.get([tableId, lastIndex.block])) ?? {
          tableId,
          block: lastIndex.block,
          records: [],
        })
      : { tableId, block: lastIndex ? lastIndex.block + 1 : 0, records: [] };
  const added: RecordRow[] = keep ? new Array(count) : [];
  const writes: PromiseLike<void>[] = [];
  let pending: RecordBlockRow[] = [];
  const flush = (written: number) => {
    const batch = pending;
    pending = [];
    const write = putBlocks(ctx, batch).then(() => onProgress?.(written, count));
    // A batch failing while an earlier one is awaited still fails the append (at the await); this
    // only keeps it from being reported as an unhandled rejection in between.
    write.then(undefined, () => undefined);
    writes.push(write);
  };
  for (let i = 0; i < count; i++) {
    if (current.records.length >= BLOCK_SIZE) {
      pending.push(current);
      if (pending.length >= APPEND_BATCH) {
        flush(i);
        // Awaiting an IndexedDB answer keeps the transaction alive (a request is always pending).
        if (writes.length >= BATCHES_IN_FLIGHT) await writes.shift();
      }
      current = { tableId, block: current.block + 1, records: [] };
    }
    seq += 1;
    const extra = extraAt?.(i);
    const at = extra?.createdAt ?? now;
    const record: RecordRow = {
      id: makeRecordId(tableId, current.block, extra?.idSuffix),
      tableId,
      seq,
      values: valuesAt(i),
      createdAt: at,
      updatedAt: at,
    };
    if (extra?.sourceText) record.sourceText = extra.sourceText;
    current.records.push(record);
    if (keep) added[i] = record;
  }
  pending.push(current);
  flush(count);
  await Dexie.Promise.all(writes);
  return added;
}

/**
 * Change some records: `change` returns the new record, or null to delete it. Blocks are read once,
 * changed and written back with their index rows. Returns the records after the change.
 */
export async function mutateRecords(
  ctx: StorageContext,
  ids: readonly string[],
  change: (record: RecordRow) => RecordRow | null,
): Promise<Map<string, RecordRow | null>> {
  const wanted = new Set(ids);
  const keys = new Map<string, [string, number]>();
  for (const id of ids) {
    const where = parseRecordId(id);
    if (where) keys.set(`${where.tableId}\u0000${where.block}`, [where.tableId, where.block]);
  }
  const blocks = (await ctx.db.recordBlocks.bulkGet([...keys.values()])).filter(
    (b): b is RecordBlockRow => b !== undefined,
  );
  const results = new Map<string, RecordRow | null>();
  const changed: RecordBlockRow[] = [];
  for (const block of blocks) {
    let touched = false;
    const records: RecordRow[] = [];
    for (const record of block.records) {
      if (!wanted.has(record.id)) {
        records.push(record);
        continue;
      }
      touched = true;
      const next = change(record);
      results.set(record.id, next);
      if (next) records.push(next);
    }
    if (touched) changed.push({ ...block, records });
  }
  await putBlocks(ctx, changed);
  return results;
}

/** Apply `change` to every record of a table (e.g. drop a deleted field's values). */
export async function mutateTable(
  ctx: StorageContext,
  tableId: string,
  change: (record: RecordRow) => RecordRow,
): Promise<void> {
  const [lo, hi] = tableRange(tableId);
  await ctx.db.recordBlocks
    .where('[tableId+block]')
    .between(lo, hi)
    .modify((block) => {
      block.records = block.records.map(change);
    });
}

export async function deleteTableRecords(ctx: StorageContext, tableIds: readonly string[]): Promise<void> {
  for (const tableId of tableIds) {
    const [lo, hi] = tableRange(tableId);
    await ctx.db.recordBlocks.where('[tableId+block]').between(lo, hi).delete();
    await ctx.db.recordIndex.where('[tableId+block]').between(lo, hi).delete();
  }
}

/** Put records (with ids made here) back into their blocks: backup restore and migrations. */
export async function putRecords(ctx: StorageContext, records: readonly RecordRow[]): Promise<void> {
  const blocks = new Map<string, { row: RecordBlockRow; at: Map<string, number> }>();
  for (const record of records) {
    const where = parseRecordId(record.id);
    if (!where) continue;
    const key = `${where.tableId}\u0000${where.block}`;
    let entry = blocks.get(key);
    if (!entry) {
      const row = (await ctx.db.recordBlocks.get([where.tableId, where.block])) ?? {
        tableId: where.tableId,
        block: where.block,
        records: [],
      };
      entry = { row, at: new Map(row.records.map((r, i) => [r.id, i])) };
      blocks.set(key, entry);
    }
    const at = entry.at.get(record.id);
    if (at === undefined) {
      entry.at.set(record.id, entry.row.records.length);
      entry.row.records.push(record);
    } else entry.row.records[at] = record;
  }
  const rows = [...blocks.values()].map((e) => e.row);
  for (const row of rows) row.records.sort((a, b) => a.seq - b.seq);
  await putBlocks(ctx, rows);
}
