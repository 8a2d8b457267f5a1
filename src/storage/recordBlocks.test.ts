import { afterEach, describe, expect, it } from 'vitest';
import { appendRecords, BLOCK_SIZE, makeRecordId, parseRecordId } from './recordBlocks';
import type { Storage } from './storage';
import { openTestStorage } from './testing';

const opened: Storage[] = [];
afterEach(() => {
  for (const s of opened.splice(0)) s.close();
});

async function tableWith(count: number) {
  const s = await openTestStorage();
  opened.push(s);
  const base = await s.bases.create({ name: 'B' });
  const table = await s.tables.create({ baseId: base.id, name: 'T', fields: [{ name: 'N', type: 'number' }] });
  const fieldId = table.fields[0]!.id;
  await s.db.transaction('rw', [s.db.recordBlocks, s.db.recordIndex], () =>
    appendRecords(
      s.ctx,
      table.id,
      Array.from({ length: count }, (_, i) => ({ values: { [fieldId]: i + 1 } })),
      1,
    ),
  );
  return { s, tableId: table.id, fieldId };
}

describe('record blocks', () => {
  it('ids name their block and survive colons in table ids', () => {
    const id = makeRecordId('tbl:odd', 41, 'abc');
    expect(id).toBe('tbl:odd:15:abc');
    expect(parseRecordId(id)).toEqual({ tableId: 'tbl:odd', block: 41 });
    expect(parseRecordId('plain-id')).toBeUndefined();
  });

  it('random id parts stay unique and well-formed across refills of the random pool', () => {
    const suffixes = Array.from({ length: 2_000 }, () => makeRecordId('t', 0).split(':')[2]!);
    for (const suffix of suffixes) expect(suffix).toMatch(/^[0-9a-z]{10}$/);
    expect(new Set(suffixes).size).toBe(suffixes.length);
  });

  it('fills blocks of BLOCK_SIZE and reads windows across block edges', async () => {
    const { s, tableId, fieldId } = await tableWith(BLOCK_SIZE * 2 + 20);
    expect(await s.db.recordBlocks.count()).toBe(3);
    expect(await s.records.count(tableId)).toBe(BLOCK_SIZE * 2 + 20);
    const window = await s.records.page(tableId, BLOCK_SIZE - 2, 5);
    expect(window.map((r) => r.values[fieldId])).toEqual([499, 500, 501, 502, 503]);
    const ids = await s.records.orderedIds(tableId);
    expect(ids).toHaveLength(1020);
    expect(parseRecordId(ids[BLOCK_SIZE]!)!.block).toBe(1);
    const after = await s.records.after(tableId, 998, 4);
    expect(after.map((r) => r.seq)).toEqual([999, 1000, 1001, 1002]);
  });

  it('a new record goes into the last block while it has room, then a new block', async () => {
    const { s, tableId } = await tableWith(BLOCK_SIZE - 1);
    const a = await s.records.add(tableId, {});
    const b = await s.records.add(tableId, {});
    expect(parseRecordId(a.id)!.block).toBe(0);
    expect(parseRecordId(b.id)!.block).toBe(1);
    expect([a.seq, b.seq]).toEqual([BLOCK_SIZE, BLOCK_SIZE + 1]);
  });

  it('deleting every record of a block removes the block and its index row', async () => {
    const { s, tableId } = await tableWith(BLOCK_SIZE + 3);
    const ids = await s.records.orderedIds(tableId);
    await s.records.delete(ids.slice(BLOCK_SIZE));
    expect(await s.db.recordBlocks.count()).toBe(1);
    expect(await s.db.recordIndex.count()).toBe(1);
    expect(await s.records.count(tableId)).toBe(BLOCK_SIZE);
    await s.records.delete([ids[0]!]);
    expect((await s.records.page(tableId, 0, 1))[0]!.id).toBe(ids[1]);
  });

  it('windows read past blocks thinned by deletes, across many index rows', async () => {
    const { s, tableId, fieldId } = await tableWith(BLOCK_SIZE * 12 + 7);
    const ids = await s.records.orderedIds(tableId);
    // Leave 10 records in each of the first 11 blocks, so a window has to walk many index rows.
    const drop = ids.filter((_, i) => i < BLOCK_SIZE * 11 && i % BLOCK_SIZE >= 10);
    await s.records.delete(drop);
    const left = await s.records.orderedIds(tableId);
    expect(left).toHaveLength(110 + BLOCK_SIZE + 7);
    const window = await s.records.page(tableId, 95, 30);
    expect(window.map((r) => r.id)).toEqual(left.slice(95, 125));
    expect(window[0]!.values[fieldId]).toBe(9 * BLOCK_SIZE + 6);
    const tail = await s.records.page(tableId, left.length - 3, 10);
    expect(tail.map((r) => r.values[fieldId])).toEqual([BLOCK_SIZE * 12 + 5, BLOCK_SIZE * 12 + 6, BLOCK_SIZE * 12 + 7]);
    expect(await s.records.page(tableId, left.length, 5)).toEqual([]);
  });
});
