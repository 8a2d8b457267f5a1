import { afterEach, describe, expect, it, vi } from 'vitest';
import { isQuireError } from '../../core/errors';
import { openStorage, type Storage } from '../storage';
import { freshIndexedDB, openTestStorage } from '../testing';
import { BASE_CACHE_LIMIT, needsInitialisation } from './baseCache';
import { isStoredLoginValid, loginKey } from './logins';
import { visibleFields } from './tables';

const opened: Storage[] = [];
async function storage(options = {}) {
  const s = await openTestStorage(options);
  opened.push(s);
  return s;
}
afterEach(() => {
  for (const s of opened.splice(0)) s.close();
});

async function ordersSetup(s: Storage) {
  const base = await s.bases.create({ name: 'Sales' });
  const orders = await s.tables.create({
    baseId: base.id,
    name: 'Orders',
    fields: [
      { name: 'No', type: 'text' },
      { name: 'Total', type: 'currency', property: { currencyCode: 'USD' } },
    ],
  });
  const lines = await s.tables.create({ baseId: base.id, name: 'Lines', fields: [{ name: 'Item', type: 'text' }] });
  return { base, orders, lines };
}

describe('bases and tables', () => {
  it('creates tables in order, marks the first field primary, and deletes a base with everything in it', async () => {
    const s = await storage();
    const { base, orders, lines } = await ordersSetup(s);
    expect((await s.tables.listByBase(base.id)).map((t) => t.name)).toEqual(['Orders', 'Lines']);
    expect(orders.fields[0]!.isPrimary).toBe(true);
    expect(orders.fields[1]!.isPrimary).toBeUndefined();
    await s.records.add(orders.id, { [orders.fields[0]!.id]: 'SO-1' });
    const tpl = await s.templates.create({
      name: 'Invoice',
      baseId: base.id,
      tableId: orders.id,
      type: 3,
      content: '{}',
    });
    await s.templates.publish(tpl.id, 1);

    await s.bases.delete(base.id);
    expect(await s.bases.get(base.id)).toBeUndefined();
    expect(await s.tables.get(lines.id)).toBeUndefined();
    expect(await s.records.count(orders.id)).toBe(0);
    expect(await s.templates.get(tpl.id)).toBeUndefined();
    expect(await s.templates.releases(tpl.id)).toEqual([]);
  });

  it('adds a duplex link with its partner field and keeps both sides in step', async () => {
    const s = await storage();
    const { orders, lines } = await ordersSetup(s);
    const link = await s.tables.addField(orders.id, {
      name: 'Lines',
      type: 'duplexLink',
      property: { tableId: lines.id, multiple: true },
      backFieldName: 'Order',
    });
    const back = (await s.tables.get(lines.id))!.fields.find((f) => f.name === 'Order')!;
    expect(back.property).toMatchObject({ tableId: orders.id, backFieldId: link.id });
    expect(link.property?.backFieldId).toBe(back.id);

    const l1 = await s.records.add(lines.id, { [lines.fields[0]!.id]: 'Pen' });
    const l2 = await s.records.add(lines.id, { [lines.fields[0]!.id]: 'Ink' });
    const order = await s.records.add(orders.id, { [link.id]: [l1.id, l2.id] });
    expect((await s.records.get(l1.id))!.values[back.id]).toEqual([order.id]);

    await s.records.update(order.id, { [link.id]: [l2.id] });
    expect((await s.records.get(l1.id))!.values[back.id]).toEqual([]);
    expect((await s.records.get(l2.id))!.values[back.id]).toEqual([order.id]);

    await s.records.delete([order.id]);
    expect((await s.records.get(l2.id))!.values[back.id]).toEqual([]);
  });

  it('refuses a record edit based on a version another tab has replaced', async () => {
    let now = 100;
    const s = await storage({ now: () => now++ });
    const { orders } = await ordersSetup(s);
    const no = orders.fields[0]!.id;
    const loaded = await s.records.add(orders.id, { [no]: 'SO-1' });
    await s.records.update(loaded.id, { [no]: 'other tab' }, loaded.updatedAt);
    const error = await s.records.update(loaded.id, { [no]: 'mine' }, loaded.updatedAt).catch((e) => e);
    expect(isQuireError(error, 'VersionConflict')).toBe(true);
    expect((await s.records.get(loaded.id))!.values[no]).toBe('other tab');
  });

  it('deleting a field removes its values from every record', async () => {
    const s = await storage();
    const { orders } = await ordersSetup(s);
    const [no, total] = orders.fields;
    await s.records.add(orders.id, { [no!.id]: 'SO-1', [total!.id]: 10 });
    await s.tables.deleteField(orders.id, total!.id);
    const [record] = await s.records.listAll(orders.id);
    expect(record!.values).toEqual({ [no!.id]: 'SO-1' });
    expect((await s.tables.get(orders.id))!.fields.map((f) => f.name)).toEqual(['No']);
  });

  it('pages records in insertion order, as a virtualised grid reads them', async () => {
    const s = await storage();
    const { orders } = await ordersSetup(s);
    for (let i = 1; i <= 12; i++) await s.records.add(orders.id, { [orders.fields[0]!.id]: `SO-${i}` });
    const page = await s.records.page(orders.id, 5, 3);
    expect(page.map((r) => r.values[orders.fields[0]!.id])).toEqual(['SO-6', 'SO-7', 'SO-8']);
    expect(await s.records.count(orders.id)).toBe(12);
  });

  it('caps the visible field list at 100 columns', () => {
    const fields = Array.from({ length: 130 }, (_, i) => ({ id: `f${i}`, name: `F${i}`, type: 'text' as const }));
    const { shown, hiddenCount } = visibleFields(fields);
    expect(shown).toHaveLength(100);
    expect(hiddenCount).toBe(30);
  });
});

describe('templates: revisions, conflicts, releases', () => {
  it('saves with the revision last seen and refuses a stale one without writing', async () => {
    const s = await storage();
    const tpl = await s.templates.create({ name: 'Invoice', baseId: 'b', tableId: 't', type: 3, content: '{"v":1}' });
    expect(tpl.revision).toBe(1);
    const saved = await s.templates.save(tpl.id, { content: '{"v":2}' }, 1);
    expect(saved.revision).toBe(2);

    const stale = await s.templates.save(tpl.id, { content: '{"v":"stale"}' }, 1).catch((e) => e);
    expect(isQuireError(stale, 'VersionConflict')).toBe(true);
    expect(stale.params).toEqual({ expected: 1, actual: 2 });
    expect((await s.templates.get(tpl.id))!.content).toBe('{"v":2}');
  });

  it('two tabs on one database: the second save of the same revision conflicts, and the other tab is told', async () => {
    const deps = freshIndexedDB();
    const channelName = `tabs-${Math.random()}`;
    const tabA = await openStorage({ ...deps, channelName });
    const tabB = await openStorage({ ...deps, channelName });
    opened.push(tabA, tabB);
    const heardInB = new Promise((resolve) => tabB.changes.subscribe((c) => c.origin === 'remote' && resolve(c)));

    const tpl = await tabA.templates.create({ name: 'Slip', baseId: 'b', tableId: 't', type: 3, content: 'A0' });
    expect(await heardInB).toMatchObject({ action: 'template.create', keys: [tpl.id], stores: ['templates'] });

    const seenByB = (await tabB.templates.get(tpl.id))!.revision;
    await tabA.templates.save(tpl.id, { content: 'A1' }, tpl.revision);
    await expect(tabB.templates.save(tpl.id, { content: 'B1' }, seenByB)).rejects.toMatchObject({
      errorName: 'VersionConflict',
    });
    expect((await tabB.templates.get(tpl.id))!.content).toBe('A1');
  });

  it('live queries re-run when a template changes', async () => {
    const s = await storage();
    const tpl = await s.templates.create({ name: 'Card', baseId: 'b', tableId: 't', type: 3, content: '1' });
    const values: string[] = [];
    const done = new Promise<void>((resolve) => {
      const sub = s
        .live(() => s.templates.get(tpl.id))
        .subscribe((row) => {
          values.push(row?.content ?? '');
          if (values.includes('2')) {
            sub.unsubscribe();
            resolve();
          }
        });
    });
    await new Promise((r) => setTimeout(r, 20));
    await s.templates.save(tpl.id, { content: '2' }, 1);
    await done;
    expect(values[0]).toBe('1');
  });

  it('publishes numbered releases and resets a draft to one', async () => {
    const s = await storage();
    const tpl = await s.templates.create({ name: 'Form', baseId: 'b', tableId: 't', type: 3, content: 'v1' });
    const r1 = await s.templates.publish(tpl.id, 1);
    const edited = await s.templates.save(tpl.id, { content: 'v2' }, 1);
    const r2 = await s.templates.publish(tpl.id, edited.revision);
    expect([r1.version, r2.version]).toEqual([1, 2]);
    expect((await s.templates.latestRelease(tpl.id))!.content).toBe('v2');
    const reset = await s.templates.resetToRelease(tpl.id, 1, edited.revision);
    expect(reset).toMatchObject({ content: 'v1', revision: 3 });
  });

  it('stores a thumbnail once however often the same image is set', async () => {
    const s = await storage();
    const a = await s.templates.create({ name: 'A', baseId: 'b', tableId: 't', type: 3, content: '' });
    const b = await s.templates.create({ name: 'B', baseId: 'b', tableId: 't', type: 3, content: '' });
    const png = new Blob([new Uint8Array([137, 80, 78, 71, 1, 2, 3])], { type: 'image/png' });
    const h1 = await s.templates.setThumbnail(a.id, png);
    const h2 = await s.templates.setThumbnail(b.id, new Blob([await png.arrayBuffer()], { type: 'image/png' }));
    expect(h1).toBe(h2);
    expect(h1).toMatch(/^[0-9a-f]{64}$/);
    expect(await s.assets.count()).toBe(1);
    expect(new Uint8Array(await (await s.assets.getBlob(h1))!.arrayBuffer())).toEqual(
      new Uint8Array([137, 80, 78, 71, 1, 2, 3]),
    );
  });
});

describe('durability', () => {
  it('an edit is there after the tab closes straight away and reopens', async () => {
    const deps = freshIndexedDB();
    const tab = await openStorage(deps);
    const { orders } = await ordersSetup(tab);
    const rec = await tab.records.add(orders.id, {});
    await tab.records.update(rec.id, { [orders.fields[0]!.id]: 'edited' });
    tab.close();
    const reopened = await openStorage(deps);
    opened.push(reopened);
    expect((await reopened.records.get(rec.id))!.values[orders.fields[0]!.id]).toBe('edited');
  });

  it('keeps a failed save in the pending buffer with a catalogued error', async () => {
    const s = await storage();
    const tpl = await s.templates.create({ name: 'Big', baseId: 'b', tableId: 't', type: 3, content: 'x' });
    const banner: number[] = [];
    s.pending.subscribe((items) => banner.push(items.length));
    const spy = vi.spyOn(s.db.templates, 'put').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    const error = await s.templates.save(tpl.id, { content: 'my long work' }, 1).catch((e) => e);
    expect(isQuireError(error, 'StorageQuotaExceeded')).toBe(true);
    expect(s.pending.list()[0]).toMatchObject({
      key: `template:${tpl.id}`,
      payload: { content: 'my long work', expectedRevision: 1 },
    });
    expect((await s.templates.get(tpl.id))!.content).toBe('x');

    spy.mockRestore();
    await s.templates.save(tpl.id, { content: 'my long work' }, 1);
    expect(s.pending.size).toBe(0);
    expect(banner).toEqual([1, 0]);
  });
});

describe('settings, preferences, logins, base cache', () => {
  it('stores preference flags, all false by default', async () => {
    const s = await storage();
    expect(Object.values(await s.settings.preferences()).every((v) => v === false)).toBe(true);
    await s.settings.setPreference('hideEditorGuide', true);
    expect((await s.settings.preferences()).hideEditorGuide).toBe(true);
    expect(await s.settings.get('lang', 'en-US')).toBe('en-US');
    await s.settings.set('lang', 'ja-JP');
    expect(await s.settings.get('lang', 'en-US')).toBe('ja-JP');
  });

  it('applies the stored-login validity rule', () => {
    const login = { token: 't', userId: 'u1', expireAt: 2000, version: 'v1' };
    expect(isStoredLoginValid(login, { now: 1000 })).toBe(true);
    expect(isStoredLoginValid(login, { now: 2000 })).toBe(false);
    expect(isStoredLoginValid({ ...login, version: 'v0' }, { now: 1000 })).toBe(false);
    expect(isStoredLoginValid(login, { now: 1000, requiredUserId: 'u2' })).toBe(false);
    expect(isStoredLoginValid(login, { now: 1000, requiredUserId: 'u1' })).toBe(true);
    expect(isStoredLoginValid(undefined, { now: 0 })).toBe(false);
  });

  it('keeps one login per context and auth id, dropping expired ones', async () => {
    let now = 1000;
    const s = await storage({ now: () => now });
    await s.logins.save('standard', 'app1', { token: 'std', userId: 'u1', expireAt: 5000 });
    await s.logins.save('approval', 'app1', { token: 'apr', userId: 'u1', expireAt: 5000 });
    expect(loginKey('open', 'k9')).toBe('quire-open-login-k9');
    expect((await s.logins.get('standard', 'app1'))?.token).toBe('std');
    expect((await s.logins.get('approval', 'app1'))?.token).toBe('apr');
    expect(await s.logins.get('standard', 'app1', 'someone-else')).toBeUndefined();
    expect(await s.logins.get('open', 'app1')).toBeUndefined();
    now = 6000;
    expect(await s.logins.get('standard', 'app1')).toBeUndefined();
    expect(await s.db.logins.count()).toBe(1 /* approval still stored; removed only when read */);
  });

  it('keeps the 20 most recently used bases and knows which need initialising', async () => {
    let now = 0;
    const s = await storage({ now: () => ++now });
    for (let i = 0; i < 25; i++) await s.baseCache.touch(`base${i}`);
    await s.baseCache.setAccessToken('base3', 'tok'); // base3 was old: using it again keeps it
    const kept = (await s.baseCache.list()).map((e) => e.baseId);
    expect(kept).toHaveLength(BASE_CACHE_LIMIT);
    expect(kept[0]).toBe('base3');
    expect(kept).not.toContain('base0');
    expect(kept).toContain('base24');
    expect(needsInitialisation(await s.baseCache.get('base3'))).toBe(true);
    await s.baseCache.markRecoveryChecked('base3');
    expect(needsInitialisation(await s.baseCache.get('base3'))).toBe(false);
    await s.baseCache.clearAccessToken('base3');
    expect(needsInitialisation(await s.baseCache.get('base3'))).toBe(true);
  });
});

describe('open documents and approvals', () => {
  it('names an unnamed document New Document and deletes approval instances with their definition', async () => {
    const s = await storage();
    expect((await s.openDocuments.create({})).name).toBe('New Document');
    await s.approvals.put({ code: 'A1', name: 'Leave', design: { approval_code: 'A1' }, updatedAt: 1 }, [
      { code: 'i1', approvalCode: 'A1', instance: { serial_id: '1' }, updatedAt: 1 },
      { code: 'i2', approvalCode: 'A1', instance: { serial_id: '2' }, updatedAt: 1 },
    ]);
    expect(await s.approvals.listInstances('A1')).toHaveLength(2);
    await s.approvals.deleteDefinition('A1');
    expect(await s.db.approvalInstances.count()).toBe(0);
  });
});
