/**
 * Scale-out on a real queue (issue 15): the server and two `render-worker` processes on one
 * PostgreSQL. 500 jobs are queued through the API; one worker is killed (SIGKILL) in the middle of
 * a job. Every job must end rendered with its file stored exactly once, and the killed worker's
 * job must have been retried by the other. Runs only when DATABASE_URL names a PostgreSQL.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceDataSource, invoiceTemplateContent, invoiceValues } from '../../tests/fixtures/platform';
import type { Database } from './db';
import { DEFAULT_QUOTAS } from './quotas';
import { startTestServer, type TestServer, testBackends } from './testing';

const postgres = testBackends().find((b) => b.name === 'postgres');
const JOBS = Number(process.env.QUIRE_WORKER_TEST_JOBS) || 500;
/** A job whose worker died is taken as lost after this long, then retried. */
const EXPIRE_SECONDS = '6';

interface Worker {
  process: ChildProcess;
  log: string[];
}

describe.runIf(postgres)('render workers on PostgreSQL', () => {
  let db: Database;
  let server: TestServer;
  const workers: Worker[] = [];
  const savedEnv = { ...process.env };

  function startWorker(schema: string): Promise<Worker> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/renderWorker.ts'], {
      env: {
        ...process.env,
        QUIRE_DB_SCHEMA: schema,
        QUIRE_RENDER_JOB_EXPIRE_SECONDS: EXPIRE_SECONDS,
        QUIRE_RENDER_MAINTENANCE_SECONDS: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const worker: Worker = { process: child, log: [] };
    workers.push(worker);
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    return new Promise((resolve, reject) => {
      let buffer = '';
      child.stdout?.on('data', (chunk) => {
        buffer += chunk;
        const lines = buffer.split('\n');
        buffer = lines.pop() ?? '';
        for (const line of lines) {
          worker.log.push(line);
          if (line.includes('taking jobs')) resolve(worker);
        }
      });
      child.once('exit', (code) => reject(new Error(`render worker exited (${code}) before starting: ${stderr}`)));
    });
  }

  async function killMidJob(worker: Worker): Promise<string> {
    const deadline = Date.now() + 240_000;
    let tried = '';
    while (Date.now() < deadline) {
      const done = worker.log.filter((line) => line.startsWith('done ')).length;
      const last = worker.log.at(-1) ?? '';
      const jobId = last.startsWith('start ') ? last.slice('start '.length) : '';
      if (done >= 3 && jobId && jobId !== tried) {
        tried = jobId;
        worker.process.kill('SIGSTOP');
        await new Promise((resolve) => setTimeout(resolve, 300));
        const [row] = await db.query<{ status: string }>('SELECT status FROM render_jobs WHERE id = $1', [jobId]);
        if (row?.status === 'running') {
          worker.process.kill('SIGKILL');
          return jobId;
        }
        worker.process.kill('SIGCONT');
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error(`the first worker was never caught in the middle of a job: ${worker.log.join('\n')}`);
  }

  beforeAll(async () => {
    if (!postgres) return;
    // The server queues with the same expiry the workers use.
    process.env.QUIRE_RENDER_JOB_EXPIRE_SECONDS = EXPIRE_SECONDS;
    db = await postgres.open();
    // 500 renders from one signed-in user: past the session render limit a real user has.
    server = await startTestServer(db, {
      config: {
        renderJobsInServer: false,
        sessionMaxRenders: JOBS,
        quotas: { ...DEFAULT_QUOTAS, rendersPerMinute: JOBS },
      },
    });
  }, 60_000);

  afterAll(async () => {
    for (const worker of workers) if (worker.process.exitCode === null) worker.process.kill('SIGKILL');
    await server?.close();
    if (db && postgres) await postgres.dispose(db);
    process.env = savedEnv;
  });

  it(`renders ${JOBS} jobs exactly once with two workers, one killed mid-job`, async () => {
    const schema = db.connection?.schema;
    if (!schema) throw new Error('the test database has no schema of its own');
    const user = await server.register('Owner');
    const docBase = `/api/teams/${user.teamId}/docs`;
    const doc = await server.call('POST', docBase, {
      token: user.token,
      body: { name: 'Invoices', dataSource: invoiceDataSource },
    });
    const base = `${docBase}/${doc.data.id}`;
    const template = await server.call('POST', `${base}/templates`, {
      token: user.token,
      body: { name: 'Invoice', content: invoiceTemplateContent },
    });
    const instance = await server.call('POST', `${base}/instances`, {
      token: user.token,
      body: { data: invoiceValues },
    });
    expect(instance.code, instance.msg).toBe(0);

    const [first, second] = await Promise.all([startWorker(schema), startWorker(schema)]);

    const renderPath = `${base}/instances/${instance.data.id}/render?templateId=${template.data.id}&async=1`;
    const jobIds: string[] = [];
    for (let sent = 0; sent < JOBS; sent += 20) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(20, JOBS - sent) }, () =>
          server.call('POST', renderPath, { token: user.token, body: { targetType: 'pdf' } }),
        ),
      );
      for (const reply of batch) {
        expect(reply.code, reply.msg).toBe(0);
        jobIds.push(reply.data.jobId);
      }
    }

    // Kill the first worker in the middle of a job after it has finished a few. A job is short, so
    // "start X" on its stdout does not prove X is still running when a signal lands: freeze the
    // worker (SIGSTOP), give a commit already on the wire time to land, and kill only if the
    // database still holds X unfinished; otherwise let the worker go on and try the next job.
    const killedJob = await killMidJob(first);
    const deadline = Date.now() + 600_000;
    let remaining = JOBS;
    while (Date.now() < deadline) {
      const [row] = await db.query<{ n: string }>(`SELECT count(*) AS n FROM render_jobs WHERE status <> 'done'`);
      remaining = Number(row?.n);
      if (remaining === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(remaining).toBe(0);

    const rows = await db.query<{ id: string; result_writes: number; attempts: number; head: string }>(
      `SELECT id, result_writes, attempts, encode(substring(result from 1 for 5), 'escape') AS head FROM render_jobs`,
    );
    expect(rows).toHaveLength(JOBS);
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set(jobIds));
    expect(rows.every((r) => r.result_writes === 1)).toBe(true);
    expect(rows.every((r) => r.head === '%PDF-')).toBe(true);
    const killed = rows.find((r) => r.id === killedJob);
    expect(killed?.attempts).toBeGreaterThanOrEqual(2);
    expect(second.log).toContain(`done ${killedJob}`);
    expect(first.log).not.toContain(`done ${killedJob}`);
    // Both processes took a share of the work.
    expect(first.log.filter((l) => l.startsWith('done ')).length).toBeGreaterThan(0);
    expect(second.log.filter((l) => l.startsWith('done ')).length).toBeGreaterThan(0);
  }, 900_000);
});
