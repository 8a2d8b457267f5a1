import { afterEach, describe, expect, it } from 'vitest';
import { openDurableJournal } from '../../storage/keystrokeJournal';
import type { Storage } from '../../storage/storage';
import { freshIndexedDB, openTestStorage } from '../../storage/testing';
import { type CellJournalEntry, replayCellJournal } from './cellJournal';
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
  return { s, field, record, journal, edit, put };
}

describe('the grid journal after a killed browser', () => {
  it('writes a commit that never reached storage, then drops the entry', async () => {
    const { s, field, record, journal, edit, put } = await setup();
    put(edit('Ada Lovelace', 5));
    expect(await replayCellJournal(s, journal)).toEqual(['written']);
    expect((await s.records.get(record.id))!.values[field]).toBe('Ada Lovelace');
    await journal.settled();
    expect(await journal.entries('quire.journal.cell:')).toEqual([]);
  });

  it('drops an entry storage already holds (the write landed, the drop did not)', async () => {
    const { s, record, field, journal, edit, put } = await setup();
    await s.records.update(record.id, { [field]: 'Ada L.' }, record.updatedAt);
    put(edit('Ada L.', 5));
    expect(await replayCellJournal(s, journal)).toEqual(['stored']);
  });

  it('holds the value for the user when another tab changed the cell since', async () => {
    const { s, record, field, journal, edit, put } = await setup();
    await s.records.update(record.id, { [field]: 'Theirs' }, record.updatedAt);
    put(edit('Mine', 5));
    expect(await replayCellJournal(s, journal)).toEqual(['held']);
    expect((await s.records.get(record.id))!.values[field]).toBe('Theirs');
    const held = [...workspaceStore.get(heldEditsAtom).values()];
    expect(held.map((h) => [h.value, h.theirs, h.reason])).toEqual([['Mine', 'Theirs', 'conflict']]);
  });
});
