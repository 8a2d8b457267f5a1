/**
 * A link in the sync database is found without the localStorage flag (issue 35 item 3): Chromium
 * writes localStorage lazily, so after a lost browser the link can be in IndexedDB alone.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { SYNC_DB_NAME, SyncDb, syncDbHasLinks } from './store';

describe('a workspace link on this device', () => {
  it('is found in the sync database, and only there', async () => {
    const factory = new IDBFactory();
    const db = new SyncDb(SYNC_DB_NAME, { indexedDB: factory, IDBKeyRange });
    await db.bases.put({ baseId: 'b1', teamId: 't1', docId: 'd1', docName: 'Invoices', linkedAt: 1 });
    db.close();
    expect(await syncDbHasLinks(factory, IDBKeyRange)).toBe(true);
  });

  it('is not there when the last workspace was unlinked', async () => {
    const factory = new IDBFactory();
    const db = new SyncDb(SYNC_DB_NAME, { indexedDB: factory, IDBKeyRange });
    await db.bases.put({ baseId: 'b1', teamId: 't1', docId: 'd1', docName: 'Invoices', linkedAt: 1 });
    await db.bases.delete('b1');
    db.close();
    expect(await syncDbHasLinks(factory, IDBKeyRange)).toBe(false);
  });

  it('is looked for without creating a sync database on a device that never linked', async () => {
    const factory = new IDBFactory();
    expect(await syncDbHasLinks(factory, IDBKeyRange)).toBe(false);
    expect((await factory.databases()).map((d) => d.name)).toEqual([]);
  });
});
