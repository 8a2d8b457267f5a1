import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { isQuireError } from '../core/errors';
import { FROZEN_ROWS_V1, FROZEN_SCHEMA_V1 } from './__fixtures__/schemaV1';
import { createContext } from './context';
import { CURRENT_SCHEMA_VERSION, openQuireDb } from './db';
import { migrateBackupRows } from './migrations';
import { createRepos } from './storage';
import { freshIndexedDB } from './testing';

async function writeFrozenV1(deps: ReturnType<typeof freshIndexedDB>) {
  const old = new Dexie('quire', deps);
  old.version(1).stores(FROZEN_SCHEMA_V1);
  await old.open();
  for (const [store, rows] of Object.entries(FROZEN_ROWS_V1)) await old.table(store).bulkAdd(rows);
  old.close();
}

describe('schema upgrade from a frozen v1 database', () => {
  it('opens a v1 database and upgrades every row to the current schema', async () => {
    const deps = freshIndexedDB();
    await writeFrozenV1(deps);

    const db = await openQuireDb(deps);
    expect(db.verno).toBe(CURRENT_SCHEMA_VERSION);

    const templates = await db.templates.toArray();
    expect(templates.map((t) => t.revision)).toEqual([1, 1]);
    // An object content from an old writer becomes JSON text the model parser reads.
    expect(JSON.parse((await db.templates.get('tp2'))!.content)).toEqual({ document: { pages: [] } });
    expect((await db.templates.get('tp2'))!.category).toBe(2);

    // Records move into blocks, ordered by creation time, with ids naming their block; links follow.
    const storage = createRepos(createContext(db));
    const orders = await storage.records.listAll('t1');
    expect(orders.map((r) => [r.id, r.seq])).toEqual([
      ['t1:0:r-a', 1],
      ['t1:0:r-b', 2],
      ['t1:0:r-c', 3],
    ]);
    expect(orders[0]!.values).toEqual({ f1: 'SO-1', f2: ['t2:0:l-1'] });
    expect((await storage.records.get('t2:0:l-1'))!.values).toEqual({ f9: 'Pen' });
    expect(await storage.records.count('t1')).toBe(3);
    expect(db.tables.map((t) => t.name)).not.toContain('records');

    const tables = await db.dataTables
      .where('[baseId+order]')
      .between(['b1', Dexie.minKey], ['b1', Dexie.maxKey])
      .toArray();
    expect(tables.map((t) => t.name)).toEqual(['Orders', 'Lines']);

    const cache = await db.baseCache.get('b1');
    expect(cache).toEqual({ baseId: 'b1', baseAccessToken: 'tok', templateRecoveryCheck: true, touchedAt: 0 });
    expect(await db.baseCache.orderBy('touchedAt').count()).toBe(1);

    // Untouched stores keep their data.
    expect(await db.releases.where('[templateId+version]').equals(['tp1', 1]).count()).toBe(1);
    expect(await db.settings.get('pref:hideResizeTip')).toEqual({ key: 'pref:hideResizeTip', value: true });
    db.close();
  });

  it('the pure backup migration gives the same rows as the database upgrade', async () => {
    const deps = freshIndexedDB();
    await writeFrozenV1(deps);
    const db = await openQuireDb(deps);
    const migrated = migrateBackupRows(1, structuredClone(FROZEN_ROWS_V1) as Record<string, Record<string, unknown>[]>);
    const byId = (rows: Record<string, unknown>[]) =>
      [...rows].sort((a, b) => String(a.id).localeCompare(String(b.id)));
    const stored = (await db.recordBlocks.toArray()).flatMap((b) => b.records) as unknown as Record<string, unknown>[];
    expect(byId(migrated.records ?? [])).toEqual(byId(stored));
    expect(byId(migrated.templates ?? [])).toEqual(
      byId((await db.templates.toArray()) as unknown as Record<string, unknown>[]),
    );
    db.close();
  });

  it('a fresh database starts at the current version', async () => {
    const db = await openQuireDb(freshIndexedDB());
    expect(db.verno).toBe(CURRENT_SCHEMA_VERSION);
    expect(db.tables.map((t) => t.name).sort()).toContain('dataTables');
    db.close();
  });

  it('reports a missing IndexedDB as StorageUnavailable', async () => {
    const broken = {
      open() {
        throw new DOMException(
          'A mutation operation was attempted on a database that did not allow mutations.',
          'InvalidStateError',
        );
      },
    } as unknown as IDBFactory;
    const error = await openQuireDb({ indexedDB: broken, IDBKeyRange: freshIndexedDB().IDBKeyRange }).catch((e) => e);
    expect(isQuireError(error, 'StorageUnavailable')).toBe(true);
  });
});
