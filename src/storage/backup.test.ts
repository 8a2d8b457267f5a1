import { afterEach, describe, expect, it } from 'vitest';
import { isQuireError } from '../core/errors';
import { BACKUP_FORMAT, backupFileName, exportBackup, exportBackupBlob, readBackup, restoreBackup } from './backup';
import { CURRENT_SCHEMA_VERSION } from './db';
import type { Storage } from './storage';
import { openTestStorage } from './testing';

const opened: Storage[] = [];
async function storage() {
  const s = await openTestStorage();
  opened.push(s);
  return s;
}
afterEach(() => {
  for (const s of opened.splice(0)) s.close();
});

const STORES = [
  'bases',
  'dataTables',
  'recordBlocks',
  'recordIndex',
  'templates',
  'releases',
  'approvalDefinitions',
  'approvalInstances',
  'openDocuments',
  'assets',
  'settings',
];

/** All rows of all stores, Blobs turned into their bytes, so snapshots compare by content. */
async function snapshot(s: Storage) {
  const out: Record<string, unknown[]> = {};
  for (const name of STORES) {
    const rows = await s.db.table(name).toArray();
    out[name] = await Promise.all(
      rows.map(async (row: Record<string, unknown>) => {
        const copy: Record<string, unknown> = { ...row };
        if (row.blob instanceof Blob)
          copy.blob = { type: row.blob.type, bytes: [...new Uint8Array(await row.blob.arrayBuffer())] };
        return copy;
      }),
    );
  }
  return out;
}

async function fillWorkspace(s: Storage) {
  const base = await s.bases.create({ name: 'Shop' });
  const other = await s.bases.create({ name: 'Other' });
  const table = await s.tables.create({
    baseId: base.id,
    name: 'Orders',
    fields: [
      { name: 'No', type: 'text' },
      { name: 'Files', type: 'attachment' },
    ],
  });
  const png = new Uint8Array(3000).map((_, i) => (i * 7) % 256);
  const asset = await s.assets.put(new Blob([png], { type: 'image/png' }), 'photo.png');
  await s.records.add(table.id, {
    [table.fields[0]!.id]: 'SO-1 “quoted” 中文',
    [table.fields[1]!.id]: [{ name: 'photo.png', size: png.length, mime: 'image/png', assetHash: asset.hash }],
  });
  const tpl = await s.templates.create({
    name: 'Invoice',
    baseId: base.id,
    tableId: table.id,
    type: 3,
    content: '{"document":{"pages":[]}}',
  });
  await s.templates.setThumbnail(tpl.id, new Blob([new Uint8Array([1, 2, 3, 4])], { type: 'image/webp' }));
  await s.templates.publish(tpl.id, 1);
  await s.tables.create({ baseId: other.id, name: 'Unrelated', fields: [{ name: 'X', type: 'text' }] });
  await s.assets.put(new Blob(['unreferenced']), 'loose.txt');
  await s.approvals.put({ code: 'A', name: 'Leave', design: { approval_code: 'A' }, updatedAt: 1 }, [
    { code: 'i1', approvalCode: 'A', instance: { serial_id: 'i1' }, updatedAt: 1 },
  ]);
  await s.openDocuments.create({ name: 'Doc', sampleData: { a: [1, 2] } });
  await s.settings.setPreference('hideResizeTip', true);
  await s.logins.save('standard', 'app', { token: 'secret', expireAt: Date.now() + 1e6 });
  return { base, other, table, tpl, asset };
}

describe('backup', () => {
  it('round-trips the whole workspace losslessly, Blobs included, and leaves tokens out', async () => {
    const source = await storage();
    await fillWorkspace(source);
    const file = await exportBackupBlob(source);
    const text = await file.text();
    expect(JSON.parse(text)).toMatchObject({
      format: BACKUP_FORMAT,
      version: 1,
      schemaVersion: CURRENT_SCHEMA_VERSION,
      scope: { kind: 'workspace' },
    });
    expect(text).not.toContain('secret');

    const target = await storage();
    await target.bases.create({ name: 'will be replaced' });
    const result = await restoreBackup(target, file);
    expect(result.counts).toMatchObject({ bases: 2, records: 1, assets: 3, templates: 1, releases: 1 });
    expect(await snapshot(target)).toEqual(await snapshot(source));
    expect(await target.db.logins.count()).toBe(0);
  });

  it('exports one base with only the assets it uses, and restores it beside other bases', async () => {
    const source = await storage();
    const { base, asset } = await fillWorkspace(source);
    const envelope = await exportBackup(source, { kind: 'base', baseId: base.id });
    expect(envelope.stores.bases).toHaveLength(1);
    expect(envelope.stores.dataTables!.map((t) => t.name)).toEqual(['Orders']);
    expect(envelope.stores.assets).toHaveLength(2); // the photo and the thumbnail, not the loose file
    expect(envelope.stores.assets!.map((a) => a.hash)).toContain(asset.hash);
    expect(envelope.stores.approvalDefinitions).toBeUndefined();

    const target = await storage();
    const mine = await target.bases.create({ name: 'Mine' });
    await restoreBackup(target, JSON.stringify(envelope));
    expect((await target.bases.list()).map((b) => b.name).sort()).toEqual(['Mine', 'Shop']);
    expect(await target.bases.get(mine.id)).toBeDefined();
    const photo = await target.assets.getBlob(asset.hash);
    expect(photo!.size).toBe(3000);
    expect(photo!.type).toBe('image/png');

    // Restoring the same base again replaces it rather than duplicating rows.
    await restoreBackup(target, envelope);
    expect(await target.db.recordBlocks.count()).toBe(1);
    expect((await target.db.recordBlocks.toArray())[0]!.records).toHaveLength(1);
    expect(backupFileName({ kind: 'base', baseId: base.id }, Date.UTC(2026, 10, 22), 'Shop & Co')).toBe(
      'quire-Shop_Co-2026-11-22.quire.json',
    );
  });

  it('upgrades rows of a backup written with schema v1', async () => {
    const target = await storage();
    const v1 = {
      format: BACKUP_FORMAT,
      version: 1,
      schemaVersion: 1,
      scope: { kind: 'workspace' },
      stores: {
        bases: [{ id: 'b', name: 'Old', createdAt: 1, updatedAt: 1 }],
        dataTables: [{ id: 't', baseId: 'b', name: 'T', fields: [], createdAt: 1, updatedAt: 1 }],
        records: [
          { id: 'r2', tableId: 't', values: {}, createdAt: 2, updatedAt: 2 },
          { id: 'r1', tableId: 't', values: {}, createdAt: 1, updatedAt: 1 },
        ],
        templates: [
          {
            id: 'tp',
            name: 'X',
            baseId: 'b',
            tableId: 't',
            category: 1,
            type: 3,
            content: '{}',
            createdAt: 1,
            updatedAt: 1,
          },
        ],
      },
    };
    await restoreBackup(target, JSON.stringify(v1));
    expect((await target.records.listAll('t')).map((r) => [r.id, r.seq])).toEqual([
      ['t:0:r1', 1],
      ['t:0:r2', 2],
    ]);
    expect((await target.templates.get('tp'))!.revision).toBe(1);
  });

  it('refuses files that are not backups, or are broken, and writes nothing', async () => {
    const target = await storage();
    const cases = [
      'not json',
      JSON.stringify({ format: 'something-else', version: 1 }),
      JSON.stringify({
        format: BACKUP_FORMAT,
        version: 99,
        schemaVersion: 2,
        scope: { kind: 'workspace' },
        stores: {},
      }),
      JSON.stringify({
        format: BACKUP_FORMAT,
        version: 1,
        schemaVersion: 2,
        scope: { kind: 'workspace' },
        stores: { records: [{ tableId: 't' }] },
      }),
      JSON.stringify({
        format: BACKUP_FORMAT,
        version: 1,
        schemaVersion: 2,
        scope: { kind: 'workspace' },
        stores: { logins: [{ key: 'x' }] },
      }),
      JSON.stringify({
        format: BACKUP_FORMAT,
        version: 1,
        schemaVersion: 3,
        scope: { kind: 'workspace' },
        stores: { records: [{ id: 'plain' }] },
      }),
    ];
    const paths: string[] = [];
    for (const text of cases) {
      const error = await readBackup(text).catch((e) => e);
      expect(isQuireError(error, 'BackupInvalid')).toBe(true);
      paths.push(error.issues[0].path);
    }
    expect(paths.slice(3)).toEqual(['stores.records[0].id', 'stores.logins', 'stores.records[0].id']);
    expect(await target.db.bases.count()).toBe(0);
  });
});
