/**
 * #33 item 1 through the real server, on PGlite and PostgreSQL: renders run on render threads, so
 * `/api/health` answers while a render holds its thread busy (synchronously, as typesetting
 * does); a full queue answers 503 RenderQueueFull with Retry-After; a render past its time limit
 * fails alone (422 RenderTimedOut; a job ends `failed` with it) and the next render works. The
 * threads are the stub (tests/fixtures/stubRenderThread.ts), told what to do by the template's
 * name; the real thread is what every other server test renders with. Ordering only: no timings.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceDataSource, invoiceTemplateContent, invoiceValues } from '../../tests/fixtures/platform';
import type { Database } from './db';
import { startTestServer, type TestServer, testBackends } from './testing';

const STUB = new URL('../../tests/fixtures/stubRenderThread.ts', import.meta.url);

describe.each(testBackends())('render threads on $name', (backend) => {
  let db: Database;
  let server: TestServer;
  let quick: TestServer;
  const dir = mkdtempSync(join(tmpdir(), 'quire-threads-'));
  const flag = join(dir, 'release');

  beforeAll(async () => {
    db = await backend.open();
    server = await startTestServer(db, {
      renderThreadEntry: STUB,
      config: { renderPool: { threads: 1, queueLimit: 1, timeoutMs: 120_000, memoryMb: 256 } },
    });
    // The same database behind a second server whose renders may take a fifth of a second.
    quick = await startTestServer(db, {
      renderThreadEntry: STUB,
      // On PostgreSQL jobs go through pg-boss: this server takes them.
      config: { renderPool: { threads: 1, queueLimit: 1, timeoutMs: 200, memoryMb: 256 }, renderJobsInServer: true },
    });
    // PGlite's first start is the slow part (minutes on a loaded CI machine).
  }, 240_000);

  afterAll(async () => {
    await quick?.close();
    await server?.close();
    if (db) await backend.dispose(db);
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  /** A document named after the flag file (the stub spins until it exists) with templates named by behaviour. */
  async function setUp(names: string[]) {
    const user = await server.register('Owner');
    const docs = `/api/teams/${user.teamId}/docs`;
    const doc = await server.call('POST', docs, {
      token: user.token,
      body: { name: flag, dataSource: invoiceDataSource },
    });
    const base = `${docs}/${doc.data.id}`;
    const templates: Record<string, string> = {};
    for (const name of names) {
      const made = await server.call('POST', `${base}/templates`, {
        token: user.token,
        body: { name, content: invoiceTemplateContent },
      });
      templates[name] = made.data.id;
    }
    const instance = await server.call('POST', `${base}/instances`, {
      token: user.token,
      body: { data: invoiceValues },
    });
    expect(instance.code, instance.msg).toBe(0);
    const renderPath = (name: string, query = '') =>
      `${base}/instances/${instance.data.id}/render?templateId=${templates[name]}${query}`;
    return { user, renderPath, statusPath: `${base}/instances/${instance.data.id}/render` };
  }

  it('answers /api/health while a render holds its thread, and 503 with Retry-After once the queue is full', async () => {
    const { user, renderPath } = await setUp(['block', 'ok']);
    const post = (name: string) =>
      fetch(`${server.url}${renderPath(name)}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ targetType: 'pdf' }),
      });
    let blockFinished = false;
    const blocking = post('block').then(async (response) => {
      blockFinished = true;
      return { status: response.status, text: await response.text() };
    });
    // Until the render is on its thread (health says so), then 20 probes while it spins there.
    for (;;) {
      const health = await server.call('GET', '/api/health');
      if (health.data.renders.busy === 1) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const answered: boolean[] = [];
    for (let i = 0; i < 20; i++) {
      const health = await server.call('GET', '/api/health');
      expect(health.status).toBe(200);
      expect(health.data).toMatchObject({ database: db.kind, renders: { threads: 1, busy: 1 } });
      answered.push(blockFinished);
    }
    expect(answered).toEqual(Array(20).fill(false));

    // One render may wait for the thread; the next is refused, and says when to come back.
    const waiting = post('ok');
    for (;;) {
      const health = await server.call('GET', '/api/health');
      if (health.data.renders.waiting === 1) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const refused = await server.call('POST', renderPath('ok'), { token: user.token, body: { targetType: 'pdf' } });
    expect(refused.status).toBe(503);
    expect(refused.data.error).toBe('RenderQueueFull');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blockFinished).toBe(false);

    writeFileSync(flag, '');
    expect(await blocking).toEqual({ status: 200, text: 'block' });
    const after = await waiting;
    expect(after.status).toBe(200);
    expect(await after.text()).toBe('ok');
  }, 60_000);

  it('fails a render past its time limit alone, answers the job with it, and renders the next', async () => {
    const { user, renderPath, statusPath } = await setUp(['forever', 'ok']);
    const call = quick.call;
    const timedOut = await call('POST', renderPath('forever'), { token: user.token, body: { targetType: 'pdf' } });
    expect(timedOut.status).toBe(422);
    expect(timedOut.data).toMatchObject({ error: 'RenderTimedOut', params: { seconds: 0.2 } });

    const job = await call('POST', renderPath('forever', '&async=1'), {
      token: user.token,
      body: { targetType: 'pdf' },
    });
    expect(job.code, job.msg).toBe(0);
    let status = job.data.status;
    let answer = job;
    while (status === 'queued' || status === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 50));
      answer = await call('GET', `${statusPath}?jobId=${job.data.jobId}`, { token: user.token });
      status = answer.data.status;
    }
    expect(answer.data).toMatchObject({ status: 'failed', error: { error: 'RenderTimedOut' } });

    const next = await fetch(`${quick.url}${renderPath('ok')}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ targetType: 'pdf' }),
    });
    expect(next.status).toBe(200);
    expect(await next.text()).toBe('ok');
  }, 60_000);
});
