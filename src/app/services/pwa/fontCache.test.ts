import { describe, expect, it } from 'vitest';
import { openTestStorage } from '../../../storage/testing';
import { fontGroupsInStorage } from './fontCache';

describe('scripts found in stored templates and records', () => {
  it('needs Latin alone for an English workspace', async () => {
    const s = await openTestStorage();
    const base = await s.bases.create({ name: 'Shop' });
    const table = await s.tables.create({ baseId: base.id, name: 'Orders', fields: [{ name: 'Item', type: 'text' }] });
    await s.records.add(table.id, { [table.fields[0]!.id]: 'Paper clips' });
    expect(await fontGroupsInStorage(s, 'en-US')).toEqual(['latin']);
  });

  it('finds Thai in a record and Korean in a template, whatever the interface language', async () => {
    const s = await openTestStorage();
    const base = await s.bases.create({ name: 'Shop' });
    const table = await s.tables.create({ baseId: base.id, name: 'Orders', fields: [{ name: 'Item', type: 'text' }] });
    await s.records.add(table.id, { [table.fields[0]!.id]: 'ปากกา' });
    await s.templates.create({
      name: '송장',
      baseId: base.id,
      tableId: table.id,
      type: 3,
      content: JSON.stringify({ title: '거래명세서' }),
    });
    expect(await fontGroupsInStorage(s, 'en-US')).toEqual(['latin', 'thai', 'kr']);
  });
});
