import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../api/client';
import { BODY_CODE } from '../api/contract';
import { quireApi } from '../api/quire';
import { openDatabase } from '../server/db';
import { startTestServer, type TestServer } from '../server/testing';
import { SyncEngine, type SyncEvent, type SyncTransport } from './engine';
import { SyncDb } from './store';

const content = (n: number | string) => JSON.stringify({ document: { pages: [] }, n });
let dbCounter = 0;
const freshSyncDb = () => new SyncDb(`sync-test-${++dbCounter}`, { indexedDB: new IDBFactory(), IDBKeyRange });

let server: TestServer;
let failAfterCommit: ((clientId: string, id: number) => void) | undefined;

beforeAll(async () => {
  const db = await openDatabase();
  server = await startTestServer(db, {
    afterCommit: (clientId, id) => failAfterCommit?.(clientId, id),
  });
});
afterAll(async () => {
  await server?.close();
  await server?.db.close();
});

interface Device {
  engine: SyncEngine;
  events: SyncEvent[];
  api: ReturnType<typeof quireApi>;
  waits: number[];
}

/** One browser profile: its own sync database, signed in as `token`. */
function device(token: string, wrap?: (f: typeof fetch) => typeof fetch): Device {
  const client = new ApiClient({
    baseUrl: server.url,
    getToken: () => token,
    fetch: wrap?.(fetch) ?? fetch,
    retries: 0,
  });
  const api = quireApi(client);
  const events: SyncEvent[] = [];
  const waits: number[] = [];
  const engine = new SyncEngine({
    transport: api.sync,
    db: freshSyncDb(),
    onEvent: (e) => events.push(e),
    sleep: async (ms) => {
      waits.push(ms);
    },
    random: () => 1,
    backoff: { baseMs: 100, maxMs: 1000 },
  });
  return { engine, events, api, waits };
}

/** Two people in one team, sharing one document. */
async function sharedDoc() {
  const ann = await server.register('Ann');
  const bob = await server.register('Bob');
  await server.call('POST', `/api/teams/${ann.teamId}/members`, { token: ann.token, body: { email: bob.email } });
  const doc = await server.call('POST', `/api/teams/${ann.teamId}/docs`, {
    token: ann.token,
    body: { name: 'Shared' },
  });
  return { ann, bob, teamId: ann.teamId, docId: doc.data.id as string };
}

describe('sync engine against the real server', () => {
  it('queues a new template and its edits offline, then sends them in order, once', async () => {
    const { ann, teamId, docId } = await sharedDoc();
    const a = device(ann.token);
    await a.engine.createTemplate({ templateId: 'tpl_offline_1', docId, name: 'Invoice', content: content(0) });
    for (let i = 1; i <= 3; i++) await a.engine.saveTemplate('tpl_offline_1', { content: content(i) });
    await a.engine.renameTemplate('tpl_offline_1', 'Invoice 2024');
    // The three saves in a row are one save of the last content (one draft version, not three).
    expect(await a.engine.status()).toEqual({ waiting: 3, conflicts: 0 });
    expect((await a.engine.stateOf('tpl_offline_1'))?.state).toBe('pending');

    await a.engine.syncNow();
    expect(await a.engine.status()).toEqual({ waiting: 0, conflicts: 0 });
    const state = await a.engine.stateOf('tpl_offline_1');
    expect(state).toMatchObject({ state: 'synced', serverVersion: 3 });
    const remote = await a.api.templates.get(teamId, docId, 'tpl_offline_1');
    expect(remote).toMatchObject({ name: 'Invoice 2024', content: content(3), version: 3 });
  });

  it('applies a push once when its answer is lost (the client retries)', async () => {
    const { ann, teamId, docId } = await sharedDoc();
    let dropNext = true;
    const a = device(ann.token, (f) => async (input, init) => {
      const response = await f(input, init);
      if (dropNext && String(input).includes('/api/sync/push')) {
        dropNext = false;
        await response.text();
        throw new TypeError('the connection dropped');
      }
      return response;
    });
    await a.engine.createTemplate({ templateId: 'tpl_lost_1', docId, name: 'Lost', content: content(0) });
    await a.engine.saveTemplate('tpl_lost_1', { content: content(1) });
    await a.engine.pushAll();
    expect(a.waits).toHaveLength(1);
    const remote = await a.api.templates.get(teamId, docId, 'tpl_lost_1');
    expect(remote.version).toBe(2);
    const logs = await a.api.docs.logs(teamId, docId);
    expect(logs.list.filter((l) => l.action === 'template.create')).toHaveLength(1);
    expect((await a.engine.stateOf('tpl_lost_1'))?.state).toBe('synced');
  });

  it('applies a push once when the server fails between commit and answer', async () => {
    const { ann, teamId, docId } = await sharedDoc();
    const a = device(ann.token);
    let failures = 0;
    failAfterCommit = () => {
      if (failures === 0) {
        failures += 1;
        // The connection is cut after the commit: the client sees no answer at all.
        server.server.closeAllConnections();
      }
    };
    try {
      await a.engine.createTemplate({ templateId: 'tpl_cut_1', docId, name: 'Cut', content: content(0) });
      await a.engine.saveTemplate('tpl_cut_1', { content: content(1) });
      await a.engine.saveTemplate('tpl_cut_1', { content: content(2) });
      await a.engine.pushAll();
    } finally {
      failAfterCommit = undefined;
    }
    expect(failures).toBe(1);
    expect(a.waits.length).toBeGreaterThanOrEqual(1);
    const remote = await a.api.templates.get(teamId, docId, 'tpl_cut_1');
    // The two saves queued together went as one.
    expect(remote).toMatchObject({ version: 2, content: content(2) });
  });

  it('answers a duplicate push with its first answers and refuses an out-of-order one', async () => {
    const { ann, docId } = await sharedDoc();
    const a = device(ann.token);
    const body = {
      clientId: 'c_duplicate_test_1',
      mutations: [
        { id: 1, kind: 'template.create' as const, templateId: 'tpl_dup_1', docId, name: 'D', content: content(0) },
        { id: 2, kind: 'template.save' as const, templateId: 'tpl_dup_1', lastVersion: 1, content: content(1) },
      ],
    };
    const first = await a.api.sync.push(body);
    const second = await a.api.sync.push(body);
    expect(second).toEqual(first);
    expect(first.results.map((r) => r.status)).toEqual(['applied', 'applied']);
    const gap = await a.api.sync
      .push({ clientId: body.clientId, mutations: [{ id: 4, kind: 'template.delete', templateId: 'tpl_dup_1' }] })
      .catch((e) => e);
    expect(gap).toMatchObject({ status: 409, bodyCode: BODY_CODE.mutationOutOfOrder, data: { expected: 3 } });
    // A stranger using Ann's client id pushes as a client of their own (#33): its count starts at
    // 0, and Ann's client is neither taken over nor locked out.
    const stranger = await server.register();
    const stolen = await device(stranger.token)
      .api.sync.push({
        clientId: body.clientId,
        mutations: [{ id: 3, kind: 'template.delete', templateId: 'tpl_dup_1' }],
      })
      .catch((e) => e);
    expect(stolen).toMatchObject({ status: 409, data: { expected: 1 } });
    const next = await a.api.sync.push({
      clientId: body.clientId,
      mutations: [{ id: 3, kind: 'template.save', templateId: 'tpl_dup_1', lastVersion: 2, content: content(2) }],
    });
    expect(next.results.map((r) => r.status)).toEqual(['applied']);
  });

  it('pushes 1,000 changes queued offline in order', async () => {
    const { ann, teamId, docId } = await sharedDoc();
    const a = device(ann.token);
    await a.engine.createTemplate({ templateId: 'tpl_many_1', docId, name: 'Many', content: content(0) });
    // Saves and renames in turn: consecutive saves would fold into one.
    for (let i = 1; i < 1000; i++) {
      if (i % 2 === 1) await a.engine.saveTemplate('tpl_many_1', { content: content(i) });
      else await a.engine.renameTemplate('tpl_many_1', `Many ${i}`);
    }
    const started = performance.now();
    await a.engine.pushAll();
    const ms = performance.now() - started;
    console.log(`[sync] 1,000 queued changes pushed in ${Math.round(ms)} ms`);
    const remote = await a.api.templates.get(teamId, docId, 'tpl_many_1');
    expect(remote).toMatchObject({ version: 1000, content: content(999) });
    expect(a.events.filter((e) => e.type === 'applied')).toHaveLength(1000);
    expect(await a.engine.status()).toEqual({ waiting: 0, conflicts: 0 });
  }, 240_000);

  it('counts a draft version per save that reached the server, not per keystroke (issue 29 item 12)', async () => {
    const { ann, teamId, docId } = await sharedDoc();
    let duringPush: (() => Promise<void>) | undefined;
    const a = device(ann.token, (f) => async (input, init) => {
      const hook = String(input).includes('/api/sync/push') ? duringPush : undefined;
      duringPush = undefined;
      // A save made while the request is out: the row being sent must not change under it.
      const response = await f(input, init);
      await hook?.();
      return response;
    });
    await a.engine.createTemplate({ templateId: 'tpl_typing_1', docId, name: 'Typing', content: content(0) });
    await a.engine.pushAll();
    for (const text of ['D', 'De', 'Dea', 'Dear', 'Dear A', 'Dear Ann'])
      await a.engine.saveTemplate('tpl_typing_1', { content: content(text) });
    expect(await a.engine.status()).toEqual({ waiting: 1, conflicts: 0 });
    duringPush = () => a.engine.saveTemplate('tpl_typing_1', { content: content('Dear Ann,') }).then(() => undefined);
    await a.engine.pushOnce();
    expect(await a.api.templates.get(teamId, docId, 'tpl_typing_1')).toMatchObject({
      version: 2,
      content: content('Dear Ann'),
    });
    await a.engine.pushAll();
    expect(await a.api.templates.get(teamId, docId, 'tpl_typing_1')).toMatchObject({
      version: 3,
      content: content('Dear Ann,'),
    });
    expect(await a.engine.stateOf('tpl_typing_1')).toMatchObject({ state: 'synced', serverVersion: 3 });
  });

  it('turns a stale write into a conflict and keeps mine on top of theirs when asked', async () => {
    const { ann, bob, teamId, docId } = await sharedDoc();
    const a = device(ann.token);
    const b = device(bob.token);
    await a.engine.createTemplate({ templateId: 'tpl_conf_1', docId, name: 'Shared', content: content('base') });
    await a.engine.syncNow();
    await b.engine.followDoc(docId);
    await b.engine.syncNow();
    expect(b.events).toContainEqual(expect.objectContaining({ type: 'remote' }));

    await a.engine.saveTemplate('tpl_conf_1', { content: content('ann') });
    await a.engine.syncNow();
    // Bob edited twice while offline, on top of the old version.
    await b.engine.saveTemplate('tpl_conf_1', { content: content('bob 1') });
    await b.engine.saveTemplate('tpl_conf_1', { content: content('bob 2') });
    await b.engine.syncNow();

    expect((await b.engine.stateOf('tpl_conf_1'))?.state).toBe('conflict');
    const conflict = await b.engine.db.conflicts.get('tpl_conf_1');
    expect(conflict?.mine.content).toBe(content('bob 2'));
    expect(conflict?.theirs).toMatchObject({ version: 2, content: content('ann') });
    // Nothing of Bob's reached the server: his second save did not land on Ann's version.
    expect(await a.api.templates.get(teamId, docId, 'tpl_conf_1')).toMatchObject({
      version: 2,
      content: content('ann'),
    });

    // An edit made while in conflict updates "mine" and queues nothing.
    await b.engine.saveTemplate('tpl_conf_1', { content: content('bob 3') });
    expect(await b.engine.status()).toEqual({ waiting: 0, conflicts: 1 });

    await b.engine.resolveConflict('tpl_conf_1', 'mine');
    await b.engine.syncNow();
    expect(await a.api.templates.get(teamId, docId, 'tpl_conf_1')).toMatchObject({
      version: 3,
      content: content('bob 3'),
    });
    expect((await b.engine.stateOf('tpl_conf_1'))?.state).toBe('synced');
  });

  it('resolves a conflict by taking theirs, or by keeping mine as a copy', async () => {
    const { ann, bob, teamId, docId } = await sharedDoc();
    const a = device(ann.token);
    const b = device(bob.token);
    for (const id of ['tpl_theirs', 'tpl_copy']) {
      await a.engine.createTemplate({ templateId: id, docId, name: id, content: content('base') });
    }
    await a.engine.syncNow();
    await b.engine.followDoc(docId);
    await b.engine.syncNow();
    for (const id of ['tpl_theirs', 'tpl_copy']) await a.engine.saveTemplate(id, { content: content('ann') });
    await a.engine.syncNow();
    for (const id of ['tpl_theirs', 'tpl_copy']) await b.engine.saveTemplate(id, { content: content('bob') });
    await b.engine.syncNow();
    expect(await b.engine.status()).toEqual({ waiting: 0, conflicts: 2 });

    const theirs = await b.engine.resolveConflict('tpl_theirs', 'theirs');
    expect(theirs.content).toBe(content('ann'));
    await b.engine.resolveConflict('tpl_copy', 'copy', 'tpl_copy_of_bob');
    await b.engine.syncNow();
    expect(await b.engine.status()).toEqual({ waiting: 0, conflicts: 0 });
    expect(await a.api.templates.get(teamId, docId, 'tpl_theirs')).toMatchObject({
      version: 2,
      content: content('ann'),
    });
    expect(await a.api.templates.get(teamId, docId, 'tpl_copy')).toMatchObject({ version: 2, content: content('ann') });
    expect(await a.api.templates.get(teamId, docId, 'tpl_copy_of_bob')).toMatchObject({
      name: 'tpl_copy (copy)',
      content: content('bob'),
    });
    // Ann's device learns of Bob's copy by pulling.
    await a.engine.syncNow();
    expect(a.events).toContainEqual({ type: 'remote', template: expect.objectContaining({ id: 'tpl_copy_of_bob' }) });
  });

  it('reports a change to a template deleted elsewhere as rejected, without retrying it', async () => {
    const { ann, bob, docId } = await sharedDoc();
    const a = device(ann.token);
    const b = device(bob.token);
    await a.engine.createTemplate({ templateId: 'tpl_gone_1', docId, name: 'Gone', content: content(0) });
    await a.engine.syncNow();
    await b.engine.followDoc(docId);
    await b.engine.syncNow();
    await a.engine.deleteTemplate('tpl_gone_1');
    await a.engine.syncNow();
    expect((await a.engine.stateOf('tpl_gone_1'))?.state).toBe('deleted');

    await b.engine.saveTemplate('tpl_gone_1', { content: content('late edit') });
    await b.engine.pushAll();
    expect(b.events).toContainEqual({ type: 'rejected', templateId: 'tpl_gone_1', error: 'NoTempalte' });
    expect(await b.engine.status()).toEqual({ waiting: 0, conflicts: 0 });
    expect((await b.engine.stateOf('tpl_gone_1'))?.lastError).toContain('no template');
  });

  it('publishes through the outbox with the version lock it expects', async () => {
    const { ann, docId } = await sharedDoc();
    const a = device(ann.token);
    await a.engine.createTemplate({ templateId: 'tpl_pub_1', docId, name: 'P', content: content(1) });
    await a.engine.saveTemplate('tpl_pub_1', { content: content(2) });
    await a.engine.publishTemplate('tpl_pub_1', 'first release');
    await a.engine.syncNow();
    const releases = await a.api.templates.releases(docId, 'tpl_pub_1');
    expect(releases).toMatchObject([{ releaseNo: 1, version: 2, content: content(2), note: 'first release' }]);
  });

  it('waits with growing backoff while the server cannot be reached', async () => {
    const { ann, docId } = await sharedDoc();
    let down = 3;
    const unreachable: SyncTransport = {
      push: async (body) => {
        if (down-- > 0) throw Object.assign(new Error('offline'), { status: 0 });
        return device(ann.token).api.sync.push(body);
      },
      pull: async () => ({ cursor: 0, templates: [] }),
    };
    const waits: number[] = [];
    const engine = new SyncEngine({
      transport: unreachable,
      db: freshSyncDb(),
      sleep: async (ms) => {
        waits.push(ms);
      },
      random: () => 1,
      backoff: { baseMs: 100, maxMs: 250 },
    });
    await engine.createTemplate({ templateId: 'tpl_backoff_1', docId, name: 'B', content: content(0) });
    await engine.pushAll();
    expect(waits).toEqual([100, 200, 250]);
    expect((await engine.stateOf('tpl_backoff_1'))?.state).toBe('synced');
  });
});

describe('server restart', () => {
  it('keeps its data in the data folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quire-restart-'));
    try {
      const first = await startTestServer(await openDatabase({ dataDir: dir }));
      const user = await first.register();
      const doc = await first.call('POST', `/api/teams/${user.teamId}/docs`, {
        token: user.token,
        body: { name: 'Kept' },
      });
      await first.close();
      await first.db.close();

      const second = await startTestServer(await openDatabase({ dataDir: dir }));
      const again = await second.call('GET', `/api/teams/${user.teamId}/docs/${doc.data.id}`, { token: user.token });
      expect(again.data.name).toBe('Kept');
      await second.close();
      await second.db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
