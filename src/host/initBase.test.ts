import { describe, expect, it, vi } from 'vitest';
import { isQuireError, type QuireError } from '../core/errors';
import { readBaseCache, type SharedStore, writeBaseCache } from './baseToken';
import { fakeBase, metaTable } from './fakeBase';
import {
  BASE_TOKEN_META_KEY,
  DEMO_INFO_KEY,
  INITIALISED_BASES_KEPT,
  initialiseBase,
  initialisedBases,
  LEGACY_DEMO_INFO_KEY,
  metaTokenAuthority,
  readDemoInfo,
  recordInitialised,
  sha256Hex,
  writeDemoInfo,
} from './initBase';
import { openMetaTable, readMeta, writeMeta } from './metaTable';

function memoryStore(): SharedStore {
  const data = new Map<string, string>();
  return {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

describe('demo info in the meta table', () => {
  it('keeps the base id as a SHA-256 hex digest, updates in place and clears the legacy copy', async () => {
    const base = fakeBase([metaTable()]);
    const meta = await openMetaTable(base, 'b1');
    await writeMeta(base, 'b1', meta, LEGACY_DEMO_INFO_KEY, '{"old":true}');
    await writeDemoInfo(base, 'b1', meta, { baseId: 'b1', name: 'Shop', baseUrl: '', version: 1 });
    await writeDemoInfo(base, 'b1', meta, { baseId: 'b1', name: 'Shop', baseUrl: '', version: 2 });
    const rows = base.tables[0]?.records ?? [];
    expect(rows).toHaveLength(1);
    const stored = JSON.parse(String(rows[0]?.fields.fValue));
    expect(stored).toEqual({ baseId: await sha256Hex('b1'), name: 'Shop', baseUrl: '', version: 2 });
    expect(stored.baseId).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain('"b1"');
    expect(await readMeta(base, 'b1', meta, LEGACY_DEMO_INFO_KEY)).toBeUndefined();
    expect(await readDemoInfo(base, 'b1', meta)).toMatchObject({ name: 'Shop', version: 2 });
  });

  it('refuses demo info of another base, on read and on write', async () => {
    const base = fakeBase([metaTable()]);
    const meta = await openMetaTable(base, 'b1');
    await writeDemoInfo(base, 'b1', meta, { baseId: 'b1', name: 'Shop', baseUrl: '', version: 1 });
    const read = await readDemoInfo(base, 'b2', meta).catch((e: unknown) => e);
    expect(isQuireError(read, 'HostWrongBase')).toBe(true);
    const write = await writeDemoInfo(base, 'b1', meta, { baseId: 'b2', name: 'x', baseUrl: '', version: 1 }).catch(
      (e: unknown) => e,
    );
    expect(isQuireError(write, 'HostWrongBase')).toBe(true);
  });

  it('reports a record that does not parse and reads it as none', async () => {
    const base = fakeBase([metaTable([{ recordId: 'r1', fields: { fKey: DEMO_INFO_KEY, fValue: '{broken' } }])]);
    const reported: QuireError[] = [];
    expect(await readDemoInfo(base, 'b1', await openMetaTable(base, 'b1'), (e) => reported.push(e))).toBeUndefined();
    expect(reported.map((e) => e.errorName)).toEqual(['DataInvalid']);
  });
});

describe('base initialisation', () => {
  it('gets a token, restores templates, marks recovery done and records the base', async () => {
    const store = memoryStore();
    const base = fakeBase([metaTable()]);
    const restore = vi.fn(async () => 2);
    const authority = metaTokenAuthority(
      base,
      () => openMetaTable(base, 'b1'),
      () => 'abc',
    );
    const result = await initialiseBase({ baseId: 'b1', store, authority, owner: 'tab', restoreTemplates: restore });
    expect(result).toEqual({ token: 'bt_abc', skipped: false, restored: 2 });
    expect(readBaseCache(store, 'b1')).toEqual({ baseAccessToken: 'bt_abc', templateRecoveryCheck: true });
    expect(await readMeta(base, 'b1', await openMetaTable(base, 'b1'), BASE_TOKEN_META_KEY)).toBe('bt_abc');
    expect(initialisedBases(store)).toEqual(['b1']);
  });

  it('is skipped when the base has a token and completed recovery', async () => {
    const store = memoryStore();
    writeBaseCache(store, 'b1', { baseAccessToken: 't', templateRecoveryCheck: true });
    const restore = vi.fn(async () => 0);
    const authority = { verify: vi.fn(), create: vi.fn() };
    const result = await initialiseBase({ baseId: 'b1', store, authority, owner: 'tab', restoreTemplates: restore });
    expect(result).toEqual({ token: 't', skipped: true, restored: 0 });
    expect(restore).not.toHaveBeenCalled();
    expect(authority.create).not.toHaveBeenCalled();
  });

  it("a second device adopts the base's token from the meta table instead of making another", async () => {
    const base = fakeBase([metaTable()]);
    const first = metaTokenAuthority(
      base,
      () => openMetaTable(base, 'b1'),
      () => 'first',
    );
    const second = metaTokenAuthority(
      base,
      () => openMetaTable(base, 'b1'),
      () => 'second',
    );
    const deviceA = memoryStore();
    const deviceB = memoryStore();
    const restore = async () => 0;
    const a = await initialiseBase({
      baseId: 'b1',
      store: deviceA,
      authority: first,
      owner: 'a',
      restoreTemplates: restore,
    });
    const b = await initialiseBase({
      baseId: 'b1',
      store: deviceB,
      authority: second,
      owner: 'b',
      restoreTemplates: restore,
    });
    expect(a.token).toBe('bt_first');
    expect(b.token).toBe('bt_first');
    expect(await first.verify('b1', 'bt_first')).toBe('ok');
  });

  it('restores again when the token is there but recovery never finished', async () => {
    const store = memoryStore();
    const base = fakeBase([metaTable()]);
    const authority = metaTokenAuthority(
      base,
      () => openMetaTable(base, 'b1'),
      () => 'x',
    );
    await initialiseBase({ baseId: 'b1', store, authority, owner: 'tab', restoreTemplates: async () => 0 });
    writeBaseCache(store, 'b1', { templateRecoveryCheck: false });
    store.setItem('quire.v2.base.b1', JSON.stringify({ baseAccessToken: 'bt_x' }));
    const restore = vi.fn(async () => 1);
    const again = await initialiseBase({ baseId: 'b1', store, authority, owner: 'tab', restoreTemplates: restore });
    expect(again.skipped).toBe(false);
    expect(again.token).toBe('bt_x');
    expect(restore).toHaveBeenCalledOnce();
  });

  it('refuses without a base id', async () => {
    const error = await initialiseBase({
      baseId: null,
      store: memoryStore(),
      authority: { verify: vi.fn(), create: vi.fn() },
      owner: 'tab',
      restoreTemplates: async () => 0,
    }).catch((e: unknown) => e);
    expect(isQuireError(error, 'NoBaseId')).toBe(true);
  });

  it('keeps the 20 most recent bases', () => {
    const store = memoryStore();
    for (let i = 0; i < 25; i++) recordInitialised(store, `b${i}`);
    recordInitialised(store, 'b10');
    const list = initialisedBases(store);
    expect(list).toHaveLength(INITIALISED_BASES_KEPT);
    expect(list[0]).toBe('b10');
    expect(list).not.toContain('b0');
  });
});
