/**
 * A host table in the editor (issue 34 item 1): its link fields hold the linked table's fields, as a
 * local table's do, so linked fields and list loops are offered for host tables too.
 */
import { describe, expect, it } from 'vitest';
import { openTestStorage } from '../../storage/testing';
import { loadBinding } from './binding';
import type { HostTableSnapshot } from './hostTables';

const SNAPSHOT: HostTableSnapshot = {
  name: 'Orders',
  fields: [
    { id: 'fNo', name: 'Order', type: 'text' },
    { id: 'fBuyer', name: 'Buyer', type: 'singleLink', property: { tableId: 'tblPeople' } },
    { id: 'fLines', name: 'Lines', type: 'duplexLink', property: { tableId: 'tblLines' } },
  ],
  linked: {
    tblPeople: { name: 'People', fields: [{ id: 'fName', name: 'Name', type: 'text' }] },
  },
};

describe('a host table as the binding service reads it', () => {
  it('gives link fields the linked table’s fields, and leaves a link whose table was never read plain', async () => {
    const storage = await openTestStorage();
    await storage.settings.set('host.table:tblOrders', SNAPSHOT);
    const binding = await loadBinding(storage, 'tblOrders');
    expect(binding.kind).toBe('host');
    expect(binding.fields).toEqual([
      { name: 'Order', label: 'Order', type: 'text' },
      { name: 'Buyer', label: 'Buyer', type: 'singleLink', children: [{ name: 'Name', label: 'Name', type: 'text' }] },
      { name: 'Lines', label: 'Lines', type: 'duplexLink' },
    ]);
  });

  it('reads a snapshot kept before linked tables were (no `linked`) as plain fields', async () => {
    const storage = await openTestStorage();
    const { linked: _, ...older } = SNAPSHOT;
    await storage.settings.set('host.table:tblOrders', older);
    const binding = await loadBinding(storage, 'tblOrders');
    expect(binding.fields.map((f) => f.children)).toEqual([undefined, undefined, undefined]);
  });
});
