import { afterEach, describe, expect, it } from 'vitest';
import { isQuireError } from '../core/errors';
import { canReplay, retryPendingWrites } from './retry';
import type { Storage } from './storage';
import { openTestStorage } from './testing';

const opened: Storage[] = [];
afterEach(() => {
  for (const s of opened.splice(0)) s.close();
});

/** A storage whose transactions are refused like a full disk while `full.on` is set. */
async function fillable() {
  const s = await openTestStorage();
  opened.push(s);
  const full = { on: false };
  const transaction = s.db.transaction.bind(s.db) as (...args: unknown[]) => Promise<unknown>;
  (s.db as unknown as { transaction: (...args: unknown[]) => Promise<unknown> }).transaction = (...args) =>
    full.on
      ? Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'))
      : transaction(...args);
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
  return { s, full, table, name, city };
}

describe('retryPendingWrites', () => {
  it('writes refused edits again in order once storage takes writes, and empties the buffer', async () => {
    const { s, full, table, name, city } = await fillable();
    const row = await s.records.add(table.id, { [name]: 'start' });
    full.on = true;
    for (const edit of [{ [name]: 'Ada' }, { [city]: 'Paris' }, { [name]: 'Ada Lovelace' }]) {
      const error = await s.records.update(row.id, edit).catch((e) => e);
      expect(isQuireError(error, 'StorageQuotaExceeded')).toBe(true);
    }
    const added = await s.records.add(table.id, { [name]: 'new row' }).catch((e) => e);
    expect(isQuireError(added, 'StorageQuotaExceeded')).toBe(true);
    expect(s.pending.size).toBe(3);

    // Still full: nothing is lost and the order is kept.
    const stillFull = await retryPendingWrites(s);
    expect(stillFull.failure?.errorName).toBe('StorageQuotaExceeded');
    expect(s.pending.size).toBe(3);

    full.on = false;
    const outcome = await retryPendingWrites(s);
    expect(outcome).toMatchObject({ written: 3, left: 0, rejected: [] });
    const stored = await s.records.listAll(table.id);
    expect(stored.map((r) => r.values)).toEqual([{ [name]: 'Ada Lovelace', [city]: 'Paris' }, { [name]: 'new row' }]);
  });

  it('keeps an entry that can no longer be written (its record was deleted) for the download', async () => {
    const { s, full, table, name } = await fillable();
    const row = await s.records.add(table.id);
    full.on = true;
    await s.records.update(row.id, { [name]: 'typed' }).catch(() => undefined);
    full.on = false;
    await s.records.delete([row.id]);
    const outcome = await retryPendingWrites(s);
    expect(outcome.rejected.map((r) => isQuireError(r.error, 'NoData'))).toEqual([true]);
    expect(s.pending.list().map((item) => item.payload)).toEqual([{ id: row.id, patch: { [name]: 'typed' } }]);
  });

  it("replays a template list's writes (create, rename on the stored revision, delete), never an editor's content", async () => {
    const { s, full, table } = await fillable();
    const tpl = (name: string) => ({ name, baseId: table.baseId, tableId: table.id, type: 1, content: '{}' });
    const kept = await s.templates.create(tpl('Kept'));
    const gone = await s.templates.create(tpl('Gone'));
    full.on = true;
    const created = await s.templates.create({ ...tpl('Made on a full disk'), id: 'tplfull' }).catch((e) => e);
    expect(isQuireError(created, 'StorageQuotaExceeded')).toBe(true);
    await s.templates.save(kept.id, { name: 'Renamed' }, kept.revision).catch(() => undefined);
    await s.templates.delete(gone.id).catch(() => undefined);
    const edited = await s.templates.save(kept.id, { content: '{"x":1}' }, kept.revision).catch((e) => e);
    expect(isQuireError(edited, 'StorageQuotaExceeded')).toBe(true);
    // The editor's content save supersedes the rename under the same key; both paths are checked.
    expect(
      s.pending
        .list()
        .filter(canReplay)
        .map((item) => item.key),
    ).toEqual(['tplfull', `${gone.id}:delete`].map((k) => `template:${k}`));
    s.pending.clear();
    await s.templates.save(kept.id, { name: 'Renamed' }, kept.revision).catch(() => undefined);
    await s.templates.create({ ...tpl('Made on a full disk'), id: 'tplfull' }).catch(() => undefined);
    await s.templates.delete(gone.id).catch(() => undefined);
    expect(s.pending.size).toBe(3);
    full.on = false;
    // Another tab saved meanwhile (its own buffer, so straight to the database): the rename lands on top.
    await s.db.templates.update(kept.id, { content: '{"theirs":1}', revision: kept.revision + 1 });
    const outcome = await retryPendingWrites(s);
    expect(outcome).toMatchObject({ written: 3, left: 0, rejected: [] });
    expect((await s.templates.get(kept.id))?.name).toBe('Renamed');
    expect((await s.templates.get(kept.id))?.content).toBe('{"theirs":1}');
    expect((await s.templates.get('tplfull'))?.name).toBe('Made on a full disk');
    expect(await s.templates.get(gone.id)).toBeUndefined();
  });

  it('replays a refused child record and a refused delete', async () => {
    const { s, full, table, name } = await fillable();
    const lines = await s.tables.create({
      baseId: table.baseId,
      name: 'Lines',
      fields: [{ name: 'Item', type: 'text' }],
    });
    const link = await s.tables.addField(table.id, {
      name: 'Lines',
      type: 'singleLink',
      property: { tableId: lines.id, multiple: true },
    });
    const parent = await s.records.add(table.id, { [name]: 'Order' });
    const doomed = await s.records.add(table.id, { [name]: 'Doomed' });
    full.on = true;
    const { addLinkedRecord } = await import('./links');
    const added = await addLinkedRecord(s, parent.id, link.id, {}).catch((e) => e);
    expect(isQuireError(added, 'StorageQuotaExceeded')).toBe(true);
    const deleted = await s.records.delete([doomed.id]).catch((e) => e);
    expect(isQuireError(deleted, 'StorageQuotaExceeded')).toBe(true);
    expect(s.pending.size).toBe(2);
    expect(s.pending.list().every(canReplay)).toBe(true);
    full.on = false;
    const outcome = await retryPendingWrites(s);
    expect(outcome).toMatchObject({ written: 2, left: 0, rejected: [] });
    expect((await s.records.listAll(table.id)).map((r) => r.id)).toEqual([parent.id]);
    expect(await s.records.listAll(lines.id)).toHaveLength(1);
  });

  it('replays a refused field rename and a refused field delete', async () => {
    const { s, full, table, name, city } = await fillable();
    await s.records.add(table.id, { [name]: 'Ada', [city]: 'Paris' });
    full.on = true;
    for (const refused of [
      s.tables.updateField(table.id, name, { name: 'Full name' }),
      s.tables.deleteField(table.id, city),
    ]) {
      expect(isQuireError(await refused.catch((e) => e), 'StorageQuotaExceeded')).toBe(true);
    }
    expect(s.pending.list().every(canReplay)).toBe(true);
    full.on = false;
    expect(await retryPendingWrites(s)).toMatchObject({ written: 2, left: 0, rejected: [] });
    const stored = await s.tables.get(table.id);
    expect(stored?.fields.map((f) => f.name)).toEqual(['Full name']);
    expect((await s.records.listAll(table.id)).map((r) => r.values)).toEqual([{ [name]: 'Ada' }]);
  });

  it('keeps a field added on a full disk, in the buffer under its id, and adds it once there is room', async () => {
    const { s, full, table, name } = await fillable();
    const row = await s.records.add(table.id, { [name]: 'Ada' });
    full.on = true;
    const refused = await s.tables.addField(table.id, { name: 'Notes', type: 'text' }).catch((e) => e);
    expect(isQuireError(refused, 'StorageQuotaExceeded')).toBe(true);
    const kept = s.pending.list();
    expect(kept).toHaveLength(1);
    const payload = kept[0]?.payload as { fieldId: string; field: { name: string; type: string } };
    expect(kept[0]?.key).toBe(`table:${table.id}:field:${payload.fieldId}:add`);
    expect(payload.field).toMatchObject({ name: 'Notes', type: 'text', id: payload.fieldId });
    expect(canReplay(kept[0]!)).toBe(true);
    // A value typed into the new column meanwhile waits behind it.
    await s.records.update(row.id, { [payload.fieldId]: 'typed while full' }).catch(() => undefined);
    expect(s.pending.size).toBe(2);

    full.on = false;
    expect(await retryPendingWrites(s)).toMatchObject({ written: 2, left: 0, rejected: [] });
    const stored = await s.tables.get(table.id);
    expect(stored?.fields.map((f) => [f.id, f.name])).toContainEqual([payload.fieldId, 'Notes']);
    expect((await s.records.get(row.id))?.values[payload.fieldId]).toBe('typed while full');
  });
});
