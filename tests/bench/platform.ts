/**
 * The render API's benchmark (issue 15), part of `npm run bench`:
 * - synchronous renders of the invoice template through the API on loopback (embedded database),
 *   requests/s and p95, beside the same render called in-process (the API's overhead as a ratio);
 * - with DATABASE_URL: jobs/s with one and with two `render-worker` processes (the ratio shows
 *   scale-out), and queue pickup p95 (queued → started, one job at a time on an idle worker).
 * Figures → bench/platform.json and bench/platform.md, with the load average.
 *
 * `npx tsx tests/bench/platform.ts [--seconds 15] [--clients 4] [--jobs 100]`
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import pg from 'pg';
import { openDatabase } from '../../src/server/db';
import { DEFAULT_QUOTAS } from '../../src/server/quotas';
import { DEFAULT_FETCH_POLICY } from '../../src/server/render/fetchPolicy';
import { RenderEnvironment, renderFile } from '../../src/server/render/renderFile';
import { startTestServer, type TestServer } from '../../src/server/testing';
import { invoiceDataSource, invoiceTemplateContent, invoiceValues } from '../fixtures/platform';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const SECONDS = arg('seconds', 15);
const CLIENTS = arg('clients', 4);
const JOBS = arg('jobs', 100);
/** The benchmark measures the server, not one team's share of it (#33 quotas). */
const UNLIMITED = { ...DEFAULT_QUOTAS, rendersPerMinute: 1_000_000, concurrentRenders: 1_000 };

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

async function setUp(server: TestServer) {
  const user = await server.register('Bench');
  const docs = `/api/teams/${user.teamId}/docs`;
  const doc = await server.call('POST', docs, {
    token: user.token,
    body: { name: 'Invoices', dataSource: invoiceDataSource },
  });
  const base = `${docs}/${doc.data.id}`;
  const template = await server.call('POST', `${base}/templates`, {
    token: user.token,
    body: { name: 'Invoice', content: invoiceTemplateContent },
  });
  const instance = await server.call('POST', `${base}/instances`, { token: user.token, body: { data: invoiceValues } });
  const key = await server.call('POST', `/api/teams/${user.teamId}/app-key`, {
    token: user.token,
    body: { description: 'bench' },
  });
  return {
    token: user.token,
    key: key.data.key as string,
    renderPath: `${base}/instances/${instance.data.id}/render?templateId=${template.data.id}`,
  };
}

async function renderOnce(url: string, key: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: '{"targetType":"pdf"}',
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (response.status !== 200 || bytes[0] !== 0x25) throw new Error(`render failed: ${response.status}`);
  return performance.now() - started;
}

async function syncBench() {
  const db = await openDatabase();
  const server = await startTestServer(db, { config: { apiKeyMaxRequests: 1_000_000, quotas: UNLIMITED } });
  try {
    const { key, renderPath } = await setUp(server);
    const url = `${server.url}${renderPath}`;
    for (let i = 0; i < 3; i++) await renderOnce(url, key); // warm the compiler
    const latencies: number[] = [];
    const end = performance.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (performance.now() < end) latencies.push(await renderOnce(url, key));
      }),
    );

    // The same render in-process, no HTTP or database: the pipeline alone.
    const environment = new RenderEnvironment(DEFAULT_FETCH_POLICY);
    const request = {
      content: invoiceTemplateContent,
      templateName: 'Invoice',
      docName: 'Invoices',
      dataSource: invoiceDataSource,
      values: (await server.call('GET', renderPath.replace(/\/render\?.*$/, ''), { headers: { 'x-api-key': key } }))
        .data.data,
      targetType: 'pdf' as const,
      runtime: 'native' as const,
    };
    await renderFile(request, environment);
    let direct = 0;
    const directEnd = performance.now() + Math.min(SECONDS, 10) * 1000;
    const directStart = performance.now();
    while (performance.now() < directEnd) {
      await renderFile(request, environment);
      direct++;
    }
    const directPerSecond = direct / ((performance.now() - directStart) / 1000);
    await environment.dispose();
    const requestsPerSecond = latencies.length / SECONDS;
    return {
      clients: CLIENTS,
      seconds: SECONDS,
      requests: latencies.length,
      requestsPerSecond: round(requestsPerSecond),
      p50Ms: round(percentile(latencies, 50)),
      p95Ms: round(percentile(latencies, 95)),
      inProcessRendersPerSecond: round(directPerSecond),
      apiToInProcessRatio: round(requestsPerSecond / directPerSecond, 2),
    };
  } finally {
    await server.close();
    await db.close();
  }
}

function startWorker(url: string, schema: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/renderWorker.ts'], {
    env: { ...process.env, DATABASE_URL: url, QUIRE_DB_SCHEMA: schema },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('taking jobs')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`render worker exited (${code})`)));
  });
}

async function stopWorker(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function queueBench(url: string) {
  const schema = `quire_bench_${randomBytes(4).toString('hex')}`;
  const db = await openDatabase({ url, schema });
  const server = await startTestServer(db, {
    config: { renderJobsInServer: false, apiKeyMaxRequests: 1_000_000, quotas: UNLIMITED },
  });
  try {
    const { token, renderPath } = await setUp(server);
    const waitAllDone = async () => {
      for (;;) {
        const [row] = await db.query<{ n: string }>(`SELECT count(*) AS n FROM render_jobs WHERE status <> 'done'`);
        if (Number(row?.n) === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const enqueue = async (count: number) => {
      for (let sent = 0; sent < count; sent += 20)
        await Promise.all(
          Array.from({ length: Math.min(20, count - sent) }, () =>
            server.call('POST', `${renderPath}&async=1`, { token, body: { targetType: 'pdf' } }),
          ),
        );
    };
    const throughput = async (workers: number) => {
      const children = [];
      for (let i = 0; i < workers; i++) children.push(await startWorker(url, schema));
      await enqueue(3);
      await waitAllDone(); // warm every worker's compiler before timing
      await db.query('DELETE FROM render_jobs');
      const started = performance.now();
      await enqueue(JOBS);
      await waitAllDone();
      const seconds = (performance.now() - started) / 1000;
      let pickups: number[] = [];
      if (workers === 1) {
        // Pickup: one job at a time on an idle worker, queued → started.
        await db.query('DELETE FROM render_jobs');
        for (let i = 0; i < 20; i++) {
          await enqueue(1);
          await waitAllDone();
        }
        const rows = await db.query<{ ms: number }>(
          'SELECT extract(epoch FROM (started_at - created_at)) * 1000 AS ms FROM render_jobs',
        );
        pickups = rows.map((r) => Number(r.ms));
      }
      for (const child of children) await stopWorker(child);
      await db.query('DELETE FROM render_jobs');
      return { workers, jobs: JOBS, seconds: round(seconds, 2), jobsPerSecond: round(JOBS / seconds, 2), pickups };
    };
    const one = await throughput(1);
    const two = await throughput(2);
    return {
      oneWorker: { jobsPerSecond: one.jobsPerSecond, seconds: one.seconds, jobs: JOBS },
      twoWorkers: { jobsPerSecond: two.jobsPerSecond, seconds: two.seconds, jobs: JOBS },
      scaleOutRatio: round(two.jobsPerSecond / one.jobsPerSecond, 2),
      queuePickupP50Ms: round(percentile(one.pickups, 50)),
      queuePickupP95Ms: round(percentile(one.pickups, 95)),
      pollingIntervalMs: 500,
    };
  } finally {
    await server.close();
    await db.close();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    // Generated above from hex digits: safe as identifiers.
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.query(`DROP SCHEMA IF EXISTS ${schema}_boss CASCADE`);
    await client.end();
  }
}

const loadBefore = loadavg();
const sync = await syncBench();
console.log('sync render API', sync);
const url = process.env.DATABASE_URL;
const queue = url && /^postgres(ql)?:\/\//.test(url) ? await queueBench(url) : null;
if (queue) console.log('render jobs', queue);
const loadAfter = loadavg();
const result = {
  when: new Date().toISOString(),
  machine: {
    cpus: (await import('node:os')).cpus().length,
    loadAverageBefore: loadBefore.map((n) => round(n, 2)),
    loadAverageAfter: loadAfter.map((n) => round(n, 2)),
  },
  template: 'tests/fixtures/invoice (one page, dynamic table, QR and bar code), native Typst',
  syncRenderApi: sync,
  renderJobs: queue ?? 'skipped: set DATABASE_URL to a PostgreSQL to measure render workers',
};
writeFileSync('bench/platform.json', `${JSON.stringify(result, null, 2)}\n`);
const md = [
  '# Render API benchmark (issue 15)',
  '',
  `Measured ${result.when} on ${result.machine.cpus} cores, load average ${loadBefore.map((n) => n.toFixed(2)).join(' / ')} before, ${loadAfter.map((n) => n.toFixed(2)).join(' / ')} after (the machine is shared: figures under load).`,
  `Template: ${result.template}. Command: \`npx tsx tests/bench/platform.ts --seconds ${SECONDS} --clients ${CLIENTS} --jobs ${JOBS}\`.`,
  '',
  '| Measure | Figure |',
  '|---|---|',
  `| Synchronous render API, ${CLIENTS} clients × ${SECONDS} s (embedded database) | ${sync.requestsPerSecond} requests/s, p50 ${sync.p50Ms} ms, p95 ${sync.p95Ms} ms |`,
  `| The same render in-process (no HTTP, no database) | ${sync.inProcessRendersPerSecond} renders/s; API / in-process = ${sync.apiToInProcessRatio} |`,
  ...(queue
    ? [
        `| Render jobs, one render-worker (${JOBS} jobs, PostgreSQL + pg-boss) | ${queue.oneWorker.jobsPerSecond} jobs/s |`,
        `| Render jobs, two render-workers | ${queue.twoWorkers.jobsPerSecond} jobs/s; two / one = ${queue.scaleOutRatio} |`,
        `| Queue pickup (queued → started, idle worker, ${queue.pollingIntervalMs} ms polling) | p50 ${queue.queuePickupP50Ms} ms, p95 ${queue.queuePickupP95Ms} ms |`,
      ]
    : ['| Render jobs | skipped: no DATABASE_URL |']),
  '',
  'Two workers on a 2-core machine that other processes share cannot double throughput; the ratio is what this machine gave.',
  '',
].join('\n');
writeFileSync('bench/platform.md', md);
console.log(md);
process.exit(0);
