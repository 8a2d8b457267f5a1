import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../api/client';
import { quireApi } from '../../../api/quire';
import { openDatabase } from '../../../server/db';
import { startTestServer, type TestServer } from '../../../server/testing';
import type { Storage } from '../../../storage/storage';
import { openTestStorage } from '../../../storage/testing';
import { SyncEngine } from '../../../sync/engine';
import { SyncDb } from '../../../sync/store';
import { SyncBridge } from './bridge';

let server: TestServer;
let dbCounter = 0;

beforeAll(async () => {
  server = await startTestServer(await openDatabase());
});
afterAll(async () => {
  await server?.close();
  await server?.db.close();
});

const content = (text: string) => JSON.stringify({ document: { pages: [{ text }] } });

interface Device {
  storage: Storage;
  engine: SyncEngine;
  bridge: SyncBridge;
  announced: string[];
  /** Push, pull, and wait until the bridge has written what arrived. */
  sync(): Promise<void>;
  /** While true, pulled versions are recorded but never written (a tab that closes right after a pull). */
  dropPulls: boolean;
}

/** One browser profile: its own app storage (with a workspace "Shop" and table "Orders") and sync DB. */
async function device(token: string): Promise<Device> {
  const storage = await openTestStorage();
  await storage.bases.create({ id: 'base-shop', name: 'Shop' });
  await storage.tables.create({ id: 'tbl-orders', baseId: 'base-shop', name: 'Orders', fields: [] });
  const api = quireApi(new ApiClient({ baseUrl: server.url, getToken: () => token, retries: 0 }));
  let bridge: SyncBridge | undefined;
  const engine = new SyncEngine({
    transport: api.sync,
    db: new SyncDb(`bridge-test-${++dbCounter}`, { indexedDB: new IDBFactory(), IDBKeyRange }),
    onEvent: (event) => {
      if (event.type === 'remote' && !d.dropPulls) void bridge?.applyRemote(event.template);
    },
    sleep: async () => {},
    appliesPulls: true,
  });
  const announced: string[] = [];
  bridge = new SyncBridge({ storage, engine, announce: (id) => announced.push(id) });
  storage.changes.subscribe(bridge.onStorageChange);
  const b = bridge;
  const d: Device = {
    storage,
    engine,
    bridge: b,
    announced,
    dropPulls: false,
    async sync() {
      await b.settled();
      await engine.syncNow();
      await b.settled();
    },
  };
  return d;
}

async function newTemplate(d: Device, name: string, text: string) {
  const row = await d.storage.templates.create({
    name,
    baseId: 'base-shop',
    tableId: 'tbl-orders',
    type: 1,
    content: content(text),
  });
  await d.bridge.settled();
  return row;
}

async function edit(d: Device, id: string, text: string) {
  const row = await d.storage.templates.get(id);
  if (!row) throw new Error(`no template ${id}`);
  const saved = await d.storage.templates.save(id, { content: content(text) }, row.revision);
  await d.bridge.settled();
  return saved;
}

describe('the sync bridge: local templates ↔ the server', () => {
  it('shares a workspace between two devices: upload, pairing, edits both ways, exactly once', async () => {
    const user = await server.register('Ann');
    const doc = await server.call('POST', `/api/teams/${user.teamId}/docs`, {
      token: user.token,
      body: { name: 'Shop' },
    });
    const a = await device(user.token);
    const b = await device(user.token);
    const invoiceA = await newTemplate(a, 'Invoice', 'same on both');
    const invoiceB = await newTemplate(b, 'Invoice', 'same on both');
    const onlyA = await newTemplate(a, 'Packing slip', 'from A');
    expect(await a.bridge.viewOf(invoiceA.id)).toEqual({ state: 'local' });

    const link = { teamId: user.teamId, docId: doc.data.id, docName: 'Shop' };
    await a.bridge.linkBase({ baseId: 'base-shop', ...link });
    expect((await a.bridge.viewOf(invoiceA.id)).state).toBe('pending');
    await a.sync();
    expect(await a.bridge.viewOf(invoiceA.id)).toMatchObject({ state: 'synced', version: 1, waiting: 0 });

    // B links the same document: its identical demo-like template pairs up, A's other one arrives.
    await b.bridge.linkBase({ baseId: 'base-shop', ...link });
    await b.sync();
    const bRows = await b.storage.templates.list({ baseId: 'base-shop' });
    expect(bRows.map((r) => r.name).sort()).toEqual(['Invoice', 'Packing slip']);
    expect(await b.bridge.remoteIdOf(invoiceB.id)).toBe(await a.bridge.remoteIdOf(invoiceA.id));
    const slipB = bRows.find((r) => r.name === 'Packing slip');
    expect(slipB?.tableId).toBe('tbl-orders');
    expect(slipB?.content).toBe(content('from A'));

    // A edits; B receives it into its local template, and tells its open editor.
    await edit(a, onlyA.id, 'edited on A');
    expect(await a.bridge.viewOf(onlyA.id)).toMatchObject({ state: 'pending', waiting: 1 });
    await a.sync();
    await b.sync();
    expect((await b.storage.templates.get(slipB?.id ?? ''))?.content).toBe(content('edited on A'));
    expect(b.announced).toContain(slipB?.id);
    // Writing the pulled version locally queued nothing (no echo back to the server).
    expect(await b.engine.status()).toEqual({ waiting: 0, conflicts: 0 });

    // Offline on B: three edits queue as one save of the last (one draft version, not three).
    await edit(b, invoiceB.id, 'b1');
    await edit(b, invoiceB.id, 'b2');
    await edit(b, invoiceB.id, 'b3');
    expect((await b.engine.status()).waiting).toBe(1);
    await b.sync();
    await b.sync();
    const remoteInvoice = await server.call(
      'GET',
      `/api/teams/${user.teamId}/docs/${doc.data.id}/templates/${await b.bridge.remoteIdOf(invoiceB.id)}`,
      { token: user.token },
    );
    expect(remoteInvoice.data.version).toBe(2);
    expect(remoteInvoice.data.content).toBe(content('b3'));
    await a.sync();
    expect((await a.storage.templates.get(invoiceA.id))?.content).toBe(content('b3'));

    // A save this bridge never heard of (made as another tab closed) is queued by the catch-up, once.
    const row = await a.storage.templates.get(invoiceA.id);
    (a.bridge as unknown as { applying: Set<string> }).applying.add(invoiceA.id);
    await a.storage.templates.save(invoiceA.id, { content: content('saved as a tab closed') }, row?.revision ?? 0);
    (a.bridge as unknown as { applying: Set<string> }).applying.delete(invoiceA.id);
    expect(await a.bridge.viewOf(invoiceA.id)).toMatchObject({ state: 'synced', waiting: 0 });
    await a.bridge.catchUp();
    await a.bridge.catchUp();
    expect(await a.bridge.viewOf(invoiceA.id)).toMatchObject({ state: 'pending', waiting: 1 });
    await a.sync();
    await a.bridge.catchUp();
    expect(await a.bridge.viewOf(invoiceA.id)).toMatchObject({ state: 'synced', version: 3, waiting: 0 });
  });

  it('turns a stale write into a conflict the user resolves: theirs, mine or a copy on both sides', async () => {
    const user = await server.register('Bo');
    const doc = await server.call('POST', `/api/teams/${user.teamId}/docs`, { token: user.token, body: {} });
    const link = { baseId: 'base-shop', teamId: user.teamId, docId: doc.data.id, docName: 'New Document' };
    const a = await device(user.token);
    const b = await device(user.token);
    const tA = await newTemplate(a, 'Letter', 'start');
    await a.bridge.linkBase(link);
    await a.sync();
    await b.bridge.linkBase(link);
    await b.sync();
    const [tB] = await b.storage.templates.list({ baseId: 'base-shop' });
    if (!tB) throw new Error('B did not receive the template');

    await edit(a, tA.id, 'A wins the race');
    await a.sync();
    await edit(b, tB.id, 'B was offline');
    await b.sync();
    expect(await b.bridge.viewOf(tB.id)).toMatchObject({ state: 'conflict' });
    const remoteId = (await b.bridge.remoteIdOf(tB.id)) ?? '';
    const conflict = await b.engine.db.conflicts.get(remoteId);
    expect(conflict?.mine.content).toBe(content('B was offline'));
    expect(conflict?.theirs.content).toBe(content('A wins the race'));
    // Nothing was overwritten: B still holds its text until the user decides.
    expect((await b.storage.templates.get(tB.id))?.content).toBe(content('B was offline'));

    const copyId = await b.bridge.resolve(remoteId, 'copy', (name) => `${name} (mine)`);
    await b.sync();
    expect((await b.storage.templates.get(tB.id))?.content).toBe(content('A wins the race'));
    const copy = await b.storage.templates.get(copyId ?? '');
    expect(copy).toMatchObject({ name: 'Letter (mine)', content: content('B was offline'), tableId: 'tbl-orders' });
    expect(await b.bridge.viewOf(copy?.id ?? '')).toMatchObject({ state: 'synced' });
    await a.sync();
    const aNames = (await a.storage.templates.list({ baseId: 'base-shop' })).map((r) => r.name).sort();
    expect(aNames).toEqual(['Letter', 'Letter (mine)']);

    // Again, and this time keep mine: it lands on top of theirs as the next version.
    await edit(a, tA.id, 'A again');
    await a.sync();
    await edit(b, tB.id, 'B insists');
    await b.sync();
    expect(await b.bridge.viewOf(tB.id)).toMatchObject({ state: 'conflict' });
    await b.bridge.resolve(remoteId, 'mine');
    await b.sync();
    await a.sync();
    expect((await a.storage.templates.get(tA.id))?.content).toBe(content('B insists'));
    expect(await b.bridge.viewOf(tB.id)).toMatchObject({ state: 'synced' });

    // Publish: a release numbered 1 with the version lock.
    await b.bridge.publish(tB.id, 'first release');
    await b.sync();
    expect(await b.bridge.viewOf(tB.id)).toMatchObject({ state: 'synced', releaseNo: 1 });

    // Deleting on one device deletes on the other; unlinking keeps local data.
    await a.storage.templates.delete(tA.id);
    await a.bridge.settled();
    await a.sync();
    await b.sync();
    expect(await b.storage.templates.get(tB.id)).toBeUndefined();
    await b.bridge.unlinkBase('base-shop');
    expect(await b.bridge.linkOf('base-shop')).toBeUndefined();
    expect((await b.storage.templates.list({ baseId: 'base-shop' })).length).toBe(1);
  });

  it('resets a draft to a release with its version lock, and refuses while changes wait to be sent', async () => {
    const user = await server.register('Cy');
    const doc = await server.call('POST', `/api/teams/${user.teamId}/docs`, { token: user.token, body: {} });
    const api = quireApi(new ApiClient({ baseUrl: server.url, getToken: () => user.token, retries: 0 }));
    const a = await device(user.token);
    const b = await device(user.token);
    const link = { baseId: 'base-shop', teamId: user.teamId, docId: doc.data.id, docName: 'New Document' };
    const tA = await newTemplate(a, 'Receipt', 'release one');
    await a.bridge.linkBase(link);
    await a.sync();
    await a.bridge.publish(tA.id, 'first');
    await a.sync();
    const target = await a.bridge.remoteOf(tA.id);
    // Publishing moves the version lock like a save (issue 26): the device follows it.
    expect(target).toMatchObject({ teamId: user.teamId, docId: doc.data.id, version: 2 });
    const releases = await api.templates.releases(doc.data.id, target?.templateId ?? '');
    expect(releases.map((r) => [r.releaseNo, r.note])).toEqual([[1, 'first']]);

    await edit(a, tA.id, 'draft after the release');
    const send = (t: { teamId: string; docId: string; templateId: string; version: number }) =>
      api.templates.reset(t.teamId, t.docId, t.templateId, { lastVersion: t.version, releaseNo: 1 });
    // A change still waiting: resetting now would skip it, so the bridge refuses before any request.
    await expect(a.bridge.resetToRelease(tA.id, send)).rejects.toMatchObject({ errorName: 'VersionConflict' });
    await a.sync();

    const reset = await a.bridge.resetToRelease(tA.id, send);
    expect(reset).toMatchObject({ version: 4, content: content('release one') });
    expect((await a.storage.templates.get(tA.id))?.content).toBe(content('release one'));
    // Writing the reset locally is not a new local edit: nothing queued, the template is synced.
    expect(await a.bridge.viewOf(tA.id)).toMatchObject({ state: 'synced', version: 4, waiting: 0 });

    // The other device follows it by pull.
    await b.bridge.linkBase(link);
    await b.sync();
    const [tB] = await b.storage.templates.list({ baseId: 'base-shop' });
    expect(tB?.content).toBe(content('release one'));
    expect(await b.bridge.viewOf(tB?.id ?? '')).toMatchObject({ state: 'synced', version: 4 });
  });

  it('a pulled version a tab never wrote is written at the next start, never pushed back over', async () => {
    const user = await server.register('Cy');
    const doc = await server.call('POST', `/api/teams/${user.teamId}/docs`, {
      token: user.token,
      body: { name: 'Shop' },
    });
    const link = { baseId: 'base-shop', teamId: user.teamId, docId: doc.data.id, docName: 'Shop' };
    const a = await device(user.token);
    const b = await device(user.token);
    const letterA = await newTemplate(a, 'Letter', 'one');
    await a.bridge.linkBase(link);
    await a.sync();
    await b.bridge.linkBase(link);
    await b.sync();
    const [letterB] = await b.storage.templates.list({ baseId: 'base-shop' });
    if (!letterB) throw new Error('B has no letter');

    // A's edit reaches the server; B pulls it and its tab closes before writing it.
    await edit(a, letterA.id, 'two, from A');
    await a.sync();
    b.dropPulls = true;
    await b.sync();
    expect((await b.storage.templates.get(letterB.id))?.content).toBe(content('one'));

    // B's next tab: its catch-up writes the pulled version instead of pushing 'one' back over it.
    b.dropPulls = false;
    const nextTab = new SyncBridge({ storage: b.storage, engine: b.engine, announce: () => undefined });
    await nextTab.catchUp();
    expect((await b.storage.templates.get(letterB.id))?.content).toBe(content('two, from A'));
    expect(await b.engine.status()).toEqual({ waiting: 0, conflicts: 0 });
    await b.sync();
    await a.sync();
    expect((await a.storage.templates.get(letterA.id))?.content).toBe(content('two, from A'));
    expect(await a.bridge.viewOf(letterA.id)).toMatchObject({ state: 'synced', version: 2 });
  });

  it('a save made between a pull and its write is the user’s call, not overwritten and not pushed over', async () => {
    const user = await server.register('Di');
    const doc = await server.call('POST', `/api/teams/${user.teamId}/docs`, {
      token: user.token,
      body: { name: 'Shop' },
    });
    const link = { baseId: 'base-shop', teamId: user.teamId, docId: doc.data.id, docName: 'Shop' };
    const a = await device(user.token);
    const b = await device(user.token);
    const letterA = await newTemplate(a, 'Letter', 'one');
    await a.bridge.linkBase(link);
    await a.sync();
    await b.bridge.linkBase(link);
    await b.sync();
    const [letterB] = await b.storage.templates.list({ baseId: 'base-shop' });
    if (!letterB) throw new Error('B has no letter');

    await edit(a, letterA.id, 'two, from A');
    await a.sync();
    b.dropPulls = true;
    await b.sync();
    // B's user saves on top of 'one' before the pulled 'two' is written; it is queued and even pushed…
    await edit(b, letterB.id, 'one, then B');
    await b.engine.syncNow();
    // …against the version it was made on, so the server refuses it: a conflict, never a silent overwrite.
    expect((await b.bridge.viewOf(letterB.id)).state).toBe('conflict');
    const conflict = await b.engine.db.conflicts.toArray();
    expect(conflict.map((c) => [c.mine.content, c.theirs.content])).toEqual([
      [content('one, then B'), content('two, from A')],
    ]);
    // Writing the pulled version later does not replace B's text either.
    b.dropPulls = false;
    for (const pulled of await b.engine.unwrittenPulls()) await b.bridge.applyRemote(pulled);
    expect((await b.storage.templates.get(letterB.id))?.content).toBe(content('one, then B'));
    await a.sync();
    expect((await a.storage.templates.get(letterA.id))?.content).toBe(content('two, from A'));
  });

  it('a link the browser lost before its templates were queued is finished at the next start (issue 35 item 3)', async () => {
    const user = await server.register('Lin');
    const doc = await server.call('POST', `/api/teams/${user.teamId}/docs`, {
      token: user.token,
      body: { name: 'Shop' },
    });
    const a = await device(user.token);
    const letter = await newTemplate(a, 'Letter', 'typed before linking');
    const link = { baseId: 'base-shop', teamId: user.teamId, docId: doc.data.id, docName: 'Shop' };
    // What a browser lost right after `linkBase` wrote its link row leaves: the link, nothing queued.
    await a.engine.db.bases.put({ ...link, linkedAt: 1, complete: false });
    expect((await a.bridge.unfinishedLinks()).map((l) => l.baseId)).toEqual(['base-shop']);

    // The next start.
    expect(await a.bridge.finishLinks()).toEqual([]);
    await a.bridge.catchUp();
    await a.sync();
    expect(await a.bridge.viewOf(letter.id)).toMatchObject({ state: 'synced', waiting: 0 });

    // Another device linking the document gets the letter: it reached the server.
    const b = await device(user.token);
    await b.bridge.linkBase(link);
    await b.sync();
    const rows = await b.storage.templates.list({ baseId: 'base-shop' });
    expect(rows.map((r) => [r.name, r.content])).toEqual([['Letter', content('typed before linking')]]);
    expect(await b.bridge.unfinishedLinks()).toEqual([]);
  });

  it('the sync screen’s "Finish linking" finishes that link: its templates are queued', async () => {
    const user = await server.register('Fin');
    const doc = await server.call('POST', `/api/teams/${user.teamId}/docs`, {
      token: user.token,
      body: { name: 'Shop' },
    });
    const a = await device(user.token);
    await newTemplate(a, 'Label', 'label');
    await a.engine.db.bases.put({
      baseId: 'base-shop',
      teamId: user.teamId,
      docId: doc.data.id,
      docName: 'Shop',
      linkedAt: 1,
      complete: false,
    });
    await a.bridge.finishLink('base-shop');
    expect(await a.bridge.unfinishedLinks()).toEqual([]);
    expect((await a.engine.status()).waiting).toBeGreaterThan(0);
  });
});
