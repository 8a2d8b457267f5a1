import { afterEach, describe, expect, it } from 'vitest';
import { isQuireError } from '../core/errors';
import type { Storage } from './storage';
import { openTestStorage } from './testing';

const opened: Storage[] = [];
afterEach(() => {
  for (const s of opened.splice(0)) s.close();
});

describe('record edits are checked field by field', () => {
  async function twoTabs() {
    let now = 1_000;
    const s = await openTestStorage({ now: () => now++ });
    opened.push(s);
    const base = await s.bases.create({ name: 'B' });
    const table = await s.tables.create({
      baseId: base.id,
      name: 'T',
      fields: [
        { name: 'Name', type: 'text' },
        { name: 'City', type: 'text' },
      ],
    });
    const [name, city] = table.fields.map((f) => f.id) as [string, string];
    const loaded = await s.records.add(table.id, { [name]: 'Ada', [city]: 'London' });
    return { s, name, city, loaded };
  }

  it('lets two tabs edit different fields of one record, both edits kept', async () => {
    const { s, name, city, loaded } = await twoTabs();
    await s.records.update(loaded.id, { [name]: 'Ada L.' }, loaded.updatedAt);
    await s.records.update(loaded.id, { [city]: 'Paris' }, loaded.updatedAt);
    expect((await s.records.get(loaded.id))!.values).toEqual({ [name]: 'Ada L.', [city]: 'Paris' });
  });

  it('refuses an edit of the field another tab changed, naming the field, and writes nothing', async () => {
    const { s, name, loaded } = await twoTabs();
    await s.records.update(loaded.id, { [name]: 'theirs' }, loaded.updatedAt);
    const error = await s.records.update(loaded.id, { [name]: 'mine' }, loaded.updatedAt).catch((e) => e);
    expect(isQuireError(error, 'VersionConflict')).toBe(true);
    expect(error.params.fields).toBe(name);
    expect((await s.records.get(loaded.id))!.values[name]).toBe('theirs');
    // Applied anyway (no version given): the user's choice wins.
    await s.records.update(loaded.id, { [name]: 'mine' });
    expect((await s.records.get(loaded.id))!.values[name]).toBe('mine');
  });
});
