/**
 * #33 item 2 on PGlite and PostgreSQL: per-team quotas refuse at their limit with a catalogued
 * error naming it, and let the team go on once it is under again. Renders run on the stub render
 * thread (tests/fixtures/stubRenderThread.ts: instant, its file is the template's name), since
 * what is tested is the counting, not typesetting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceDataSource, invoiceTemplateContent } from '../../tests/fixtures/platform';
import type { Database } from './db';
import { TeamQuotaGuard, type TeamQuotas } from './quotas';
import { MemoryLimitStore } from './rateLimit';
import { startTestServer, type TestServer, testBackends } from './testing';

const STUB = new URL('../../tests/fixtures/stubRenderThread.ts', import.meta.url);
const QUOTAS: TeamQuotas = {
  rendersPerMinute: 3,
  concurrentRenders: 2,
  instances: 3,
  instanceBytes: 6000,
  // The stub's file is the template's name ("Invoice", 7 bytes): one stored result fits, two do not.
  storedFileBytes: 10,
};

describe.each(testBackends())('team quotas on $name', (backend) => {
  let db: Database;
  let server: TestServer;

  beforeAll(async () => {
    db = await backend.open();
    server = await startTestServer(db, {
      renderThreadEntry: STUB,
      config: { quotas: QUOTAS, sessionMaxRenders: 100, renderJobsInServer: true },
    });
  }, 240_000);
  afterAll(async () => {
    await server?.close();
    if (db) await backend.dispose(db);
  }, 60_000);

  /** A team with a document, its template, a key and (unless told) one small instance. */
  async function team(withInstance = true) {
    const owner = await server.register('Owner');
    const docs = `/api/teams/${owner.teamId}/docs`;
    const doc = await server.call('POST', docs, {
      token: owner.token,
      body: { name: 'D', dataSource: invoiceDataSource },
    });
    const base = `${docs}/${doc.data.id}`;
    const template = await server.call('POST', `${base}/templates`, {
      token: owner.token,
      body: { name: 'Invoice', content: invoiceTemplateContent },
    });
    const key = await server.call('POST', `/api/teams/${owner.teamId}/app-key`, {
      token: owner.token,
      body: { description: 'ERP' },
    });
    const t = { ...owner, base, templateId: template.data.id as string, key: key.data.key as string, instanceId: '' };
    if (withInstance) {
      const made = await instance(t, 'n');
      expect(made.code, made.msg).toBe(0);
      t.instanceId = made.data.id;
    }
    return t;
  }
  type Team = Awaited<ReturnType<typeof team>>;

  const instance = (t: { base: string; token: string }, notes: string) =>
    server.call('POST', `${t.base}/instances`, { token: t.token, body: { data: { invoiceNumber: 'A-1', notes } } });

  /** A render by the session, or by the key when `byKey`; `async` queues a job. */
  function render(t: Team, options: { byKey?: boolean; async?: boolean; singleUse?: boolean } = {}) {
    const query = `templateId=${t.templateId}${options.async ? '&async=1' : ''}`;
    return fetch(`${server.url}${t.base}/instances/${t.instanceId}/render?${query}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(options.byKey ? { 'x-api-key': t.key } : { authorization: `Bearer ${t.token}` }),
      },
      body: JSON.stringify({ targetType: 'pdf', singleUse: options.singleUse ?? false }),
    });
  }

  async function refusal(response: Response) {
    const body = (await response.json()) as { data: { error: string; params?: Record<string, unknown> } };
    return { status: response.status, error: body.data.error, params: body.data.params };
  }

  /** Waits for a job to finish, read in the database (a fetch would spend a single-use file). */
  async function finished(jobId: string) {
    for (;;) {
      const [row] = await db.query<{ status: string }>('SELECT status FROM render_jobs WHERE id = $1', [jobId]);
      if (row?.status === 'done' || row?.status === 'failed') return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('counts the renders of sessions and keys of one team together, per minute, and no other team', async () => {
    const a = await team();
    expect((await render(a)).status).toBe(200);
    expect((await render(a, { byKey: true })).status).toBe(200);
    expect((await render(a)).status).toBe(200);
    const refused = await render(a, { byKey: true });
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await refusal(refused)).toEqual({ status: 429, error: 'TeamRenderRate', params: { limit: 3 } });
    expect(await refusal(await render(a))).toMatchObject({ error: 'TeamRenderRate' });
    // Another team renders as if nothing happened.
    const b = await team();
    expect((await render(b, { byKey: true })).status).toBe(200);
  });

  it("refuses a synchronous render while the team's running jobs fill its renders at once, not a job; renders again when one ends", async () => {
    const t = await team();
    for (const id of ['q1', 'q2'])
      await db.query(
        `INSERT INTO render_jobs (id, team_id, doc_id, instance_id, template_id, target_type, status)
         VALUES ($1, $2, $3, $4, $5, 'pdf', 'running')`,
        [`${id}-${t.userId}`, t.teamId, t.base.split('/').pop(), t.instanceId, t.templateId],
      );
    const refused = await render(t, { byKey: true });
    expect(await refusal(refused)).toEqual({ status: 429, error: 'TeamConcurrentRenders', params: { limit: 2 } });
    expect(refused.headers.get('retry-after')).toBe('5');
    // A job waits in the queue instead (and is let finish, so it is not running below).
    const queued = await render(t, { async: true });
    expect(queued.status).toBe(200);
    await finished(((await queued.json()) as { data: { jobId: string } }).data.jobId);
    await db.query(`UPDATE render_jobs SET status = 'failed', finished_at = now() WHERE id = $1`, [`q1-${t.userId}`]);
    expect((await render(t)).status).toBe(200);
  });

  it('refuses the instance past the count or the size, changing nothing, and takes one again after a delete', async () => {
    const t = await team(false);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await instance(t, `n${i}`)).data.id);
    const fourth = await instance(t, 'n3');
    expect([fourth.status, fourth.data.error, fourth.data.params]).toEqual([403, 'TeamInstanceLimit', { limit: 3 }]);
    const listed = await server.call('GET', `${t.base}/instances`, { token: t.token });
    expect(listed.data.total).toBe(3);
    await server.call('DELETE', `${t.base}/instances/${ids[0]}`, { token: t.token });
    expect((await instance(t, 'n3')).code).toBe(0);

    // Sized as stored: an instance's values are filled out from the data source, so measure one.
    const big = await team(false);
    expect((await instance(big, '')).code).toBe(0);
    const empty = (await server.call('GET', `/api/teams/${big.teamId}/quotas`, { token: big.token })).data.usage
      .instanceBytes as number;
    // One more with these notes fits in what is left; two do not.
    const notes = 'x'.repeat(Math.floor(((QUOTAS.instanceBytes - empty) * 3) / 4) - empty);
    expect((await instance(big, notes)).code).toBe(0);
    const tooBig = await instance(big, notes);
    expect([tooBig.status, tooBig.data.error, tooBig.data.params]).toEqual([
      403,
      'TeamInstanceSizeLimit',
      { limit: '5.9 KB' },
    ]);
    expect((await server.call('GET', `${big.base}/instances`, { token: big.token })).data.total).toBe(2);
  });

  it('refuses a job while stored results fill the quota; a single-use result is deleted when fetched, freeing it', async () => {
    const t = await team();
    const job = async (singleUse: boolean) => {
      const response = await render(t, { async: true, singleUse });
      const body = (await response.json()) as { data: { jobId: string } };
      await finished(body.data.jobId);
      return body.data.jobId;
    };
    const kept = await job(false);
    const once = await job(true);
    const refused = await render(t, { async: true });
    expect(await refusal(refused)).toEqual({ status: 403, error: 'TeamStorageLimit', params: { limit: '10 B' } });
    const usage = await server.call('GET', `/api/teams/${t.teamId}/quotas`, { token: t.token });
    expect(usage.data).toEqual({
      limits: QUOTAS,
      usage: { rendersRunning: 0, instances: 1, instanceBytes: expect.any(Number), storedFileBytes: 14 },
    });

    const statusPath = (jobId: string) => `${server.url}${t.base}/instances/${t.instanceId}/render?jobId=${jobId}`;
    const auth = { headers: { authorization: `Bearer ${t.token}` } };
    // The kept one answers every time; the single-use one once, then 404 — and its bytes are gone.
    for (let i = 0; i < 2; i++) expect(await (await fetch(statusPath(kept), auth)).text()).toBe('Invoice');
    expect(await (await fetch(statusPath(once), auth)).text()).toBe('Invoice');
    expect((await fetch(statusPath(once), auth)).status).toBe(404);
    const after = await server.call('GET', `/api/teams/${t.teamId}/quotas`, { token: t.token });
    expect(after.data.usage.storedFileBytes).toBe(7);
    expect((await render(t, { async: true })).status).toBe(200);
  });

  it("lets a team's renders per minute in again once the minute has passed", async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const guard = new TeamQuotaGuard(db, { ...QUOTAS, concurrentRenders: 100 }, new MemoryLimitStore(), () => now);
    const retry: number[] = [];
    for (let i = 0; i < 3; i++) (await guard.startRender('team-clock', (s) => retry.push(s)))();
    await expect(guard.startRender('team-clock', (s) => retry.push(s))).rejects.toMatchObject({
      errorName: 'TeamRenderRate',
    });
    expect(retry).toEqual([60]);
    now += 120_000;
    const done = await guard.startRender('team-clock', (s) => retry.push(s));
    done();
    expect(retry).toEqual([60]);
  });
});
