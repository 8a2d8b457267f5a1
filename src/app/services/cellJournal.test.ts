import { afterEach, describe, expect, it } from 'vitest';
import { demoRecordId, ensureDemoWorkspace, retryPendingWrites } from '../../storage';
import { openDurableJournal } from '../../storage/keystrokeJournal';
import type { Storage } from '../../storage/storage';
import { freshIndexedDB, openTestStorage } from '../../storage/testing';
import { type CellJournalEntry, dropCellEdit, journalCellEdit, replayCellJournal } from './cellJournal';
import type { KeyValueStore } from './saving/journal';
import { MemoryStore } from './saving/testing';
import { heldEditsAtom, workspaceStore } from './storageState';

const opened: Storage[] = [];
afterEach(() => {
  for (const s of opened.splice(0)) s.close();
  workspaceStore.set(heldEditsAtom, new Map());
});

async function setup() {
  let now = 1_000;
  const s = await openTestStorage({ now: () => now++ });
  opened.push(s);
  // Transactions refused like a full disk while `full.on` is set (reads included: Dexie's are transactions too).
  const full = { on: false };
  const transaction = s.db.transaction.bind(s.db) as (...args: unknown[]) => Promise<unknown>;
  (s.db as unknown as { transaction: (...args: unknown[]) => Promise<unknown> }).transaction = (...args) =>
    full.on && args[0] === 'rw'
      ? Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'))
      : transaction(...args);
  const base = await s.bases.create({ name: 'B' });
  const table = await s.tables.create({ baseId: base.id, name: 'T', fields: [{ name: 'Name', type: 'text' }] });
  const field = table.fields[0]!.id;
  const record = await s.records.add(table.id, { [field]: 'Ada' });
  const journal = openDurableJournal('j', freshIndexedDB());
  const edit = (value: string, at: number): CellJournalEntry => ({
    recordId: record.id,
    fieldId: field,
    fieldName: 'Name',
    tableId: table.id,
    value,
    since: record.updatedAt,
    at,
  });
  const put = (entry: CellJournalEntry) => journal.put(`quire.journal.cell:${entry.recordId}#${entry.fieldId}`, entry);
  return { s, full, field, record, journal, edit, put };
}

describe('the grid journal after a killed browser', () => {
  it('writes a commit that never reached storage, then drops the entry', async () => {
    const { s, field, record, journal, edit, put } = await setup();
    put(edit('Ada Lovelace', 5));
    expect((await replayCellJournal(s, journal, undefined)).outcomes).toEqual(['written']);
    expect((await s.records.get(record.id))!.values[field]).toBe('Ada Lovelace');
    await journal.settled();
    // Only the mark that outvotes a localStorage copy a kill might bring back (cleared next start).
    expect((await journal.entries('quire.journal.cell:')).map((row) => row.value)).toEqual([{ dropped: true, at: 5 }]);
  });

  it('drops an entry storage already holds (the write landed, the drop did not)', async () => {
    const { s, record, field, journal, edit, put } = await setup();
    await s.records.update(record.id, { [field]: 'Ada L.' }, record.updatedAt);
    put(edit('Ada L.', 5));
    expect((await replayCellJournal(s, journal, undefined)).outcomes).toEqual(['stored']);
  });

  it('holds the value for the user when another tab changed the cell since', async () => {
    const { s, record, field, journal, edit, put } = await setup();
    await s.records.update(record.id, { [field]: 'Theirs' }, record.updatedAt);
    put(edit('Mine', 5));
    expect((await replayCellJournal(s, journal, undefined)).outcomes).toEqual(['held']);
    expect((await s.records.get(record.id))!.values[field]).toBe('Theirs');
    const held = [...workspaceStore.get(heldEditsAtom).values()];
    expect(held.map((h) => [h.value, h.theirs, h.reason])).toEqual([['Mine', 'Theirs', 'conflict']]);
  });
});

describe('the grid journal on a full disk', () => {
  it('keeps a cell in localStorage when IndexedDB refuses, replays it "not saved", and drops it once written', async () => {
    const { s, full, field, record, edit } = await setup();
    const local = new MemoryStore();
    full.on = true;
    // The tab before the reload: the durable half refused (no journal database), localStorage took it.
    journalCellEdit(edit('Typed on a full disk', 5), undefined, local);
    expect(local.map.size).toBe(1);

    // The next start, disk still full: not written, kept, and waiting in the pending buffer.
    const replay = await replayCellJournal(s, undefined, local);
    expect(replay.outcomes).toEqual(['failed']);
    expect(replay.failure?.errorName).toBe('StorageQuotaExceeded');
    expect(s.pending.list().map((item) => [item.field, (item.payload as { patch: object }).patch])).toEqual([
      [field, { [field]: 'Typed on a full disk' }],
    ]);
    expect(local.map.size).toBe(1);

    // Room again: the retry writes it, and only then the journal lets it go.
    full.on = false;
    await retryPendingWrites(s);
    expect((await s.records.get(record.id))!.values[field]).toBe('Typed on a full disk');
    expect(s.pending.size).toBe(0);
    expect(local.map.size).toBe(0);
  });

  it('writes localStorage before the durable half, and drops both once stored', async () => {
    const { journal, edit } = await setup();
    const local = new MemoryStore();
    const order: string[] = [];
    const watched: KeyValueStore = {
      ...local,
      getItem: (key) => local.getItem(key),
      setItem: (key, value) => {
        order.push('local');
        local.setItem(key, value);
      },
      removeItem: (key) => local.removeItem(key),
      get length() {
        return local.length;
      },
      key: (index) => local.key(index),
    };
    const durable = {
      ...journal,
      put: (key: string, value: unknown) => {
        order.push('durable');
        journal.put(key, value);
      },
    };
    const entry = edit('Ada', 5);
    journalCellEdit(entry, durable, watched);
    expect(order).toEqual(['local', 'durable']);
    dropCellEdit(entry, journal, local);
    await journal.settled();
    expect(local.map.size).toBe(0);
    // The durable half keeps only a mark, no entry to replay.
    expect(await journal.entries('quire.journal.cell:')).toEqual([
      { key: expect.any(String), value: { dropped: true, at: 5 } },
    ]);
  });

  it('never replays a localStorage entry a killed browser brought back after it was dropped', async () => {
    const { s, field, record, journal, edit } = await setup();
    const local = new MemoryStore();
    const old = edit('Old, stored then overwritten', 5);
    journalCellEdit(old, journal, local);
    dropCellEdit(old, journal, local);
    await s.records.update(record.id, { [field]: 'Newer' });
    // The kill lost localStorage's removal: the old entry is back.
    local.setItem(`quire.journal.cell:${record.id}#${field}`, JSON.stringify(old));
    await journal.settled();
    expect((await replayCellJournal(s, journal, local)).outcomes).toEqual([]);
    expect((await s.records.get(record.id))!.values[field]).toBe('Newer');
    expect(local.map.size).toBe(0);
    await journal.settled();
    // The mark did its work and goes.
    expect(await journal.entries('quire.journal.cell:')).toEqual([]);
  });

  it('replays the newer half when localStorage holds a later keystroke than the durable journal', async () => {
    const { s, field, record, journal, edit, put } = await setup();
    const local = new MemoryStore();
    put(edit('Ada L', 5));
    local.setItem(`quire.journal.cell:${record.id}#${field}`, JSON.stringify(edit('Ada Lovelace', 6)));
    await journal.settled();
    expect((await replayCellJournal(s, journal, local)).outcomes).toEqual(['written']);
    expect((await s.records.get(record.id))!.values[field]).toBe('Ada Lovelace');
    expect(local.map.size).toBe(0);
  });
});

describe('a link cell pick in the journal', () => {
  it('is replayed through setLinks: a line picked for another order leaves its old order', async () => {
    let now = 1_000;
    const s = await openTestStorage({ now: () => now++ });
    opened.push(s);
    await ensureDemoWorkspace(s);
    const [first, second] = await s.records.getMany([demoRecordId('orders', 1), demoRecordId('orders', 2)]);
    const line = (first!.values.o_lines as string[])[0]!;
    const journal = openDurableJournal('j', freshIndexedDB());
    const pick: CellJournalEntry = {
      recordId: second!.id,
      fieldId: 'o_lines',
      fieldName: 'Lines',
      tableId: second!.tableId,
      value: [...(second!.values.o_lines as string[]), line],
      since: second!.updatedAt,
      links: true,
      at: 5,
    };
    // Journalled in the click's task; the browser died before setLinks landed.
    journalCellEdit(pick, journal, undefined);
    await journal.settled();
    expect((await replayCellJournal(s, journal, undefined)).outcomes).toEqual(['written']);
    expect((await s.records.get(second!.id))!.values.o_lines).toContain(line);
    expect((await s.records.get(first!.id))!.values.o_lines).not.toContain(line);
  });
});
