/**
 * #33's load benchmark, part of `npm run bench`: synchronous renders of the invoice through the
 * render API on loopback (embedded database) with one and then two render threads, while a probe
 * asks `/api/health` every 50 ms. Reports renders/s and the health answer's p50/p95 side by side:
 * more threads should raise renders/s (on a machine with the cores) and never slow health, since
 * no render runs on the thread that answers it. Bounded: `--seconds` per run (default 15).
 * Figures → bench/render-threads.json, with the load average.
 *
 * `npx tsx tests/bench/renderThreads.ts [--seconds 15] [--clients 4]`
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { openDatabase } from '../../src/server/db';
import { DEFAULT_QUOTAS } from '../../src/server/quotas';
import { DEFAULT_RENDER_POOL } from '../../src/server/render/pool';
import { startTestServer } from '../../src/server/testing';
import { invoiceDataSource, invoiceTemplateContent, invoiceValues } from '../fixtures/platform';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const SECONDS = arg('seconds', 15);
const CLIENTS = arg('clients', 4);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0) * 10) / 10;
};

async function run(threads: number) {
  const db = await openDatabase();
  const server = await startTestServer(db, {
    config: {
      sessionMaxRenders: 1_000_000,
      quotas: { ...DEFAULT_QUOTAS, rendersPerMinute: 1_000_000, concurrentRenders: 1_000 },
      renderPool: { ...DEFAULT_RENDER_POOL, threads, queueLimit: CLIENTS * 2 },
    },
  });
  try {
    const user = await server.register('Bench');
    const docs = `/api/teams/${user.teamId}/docs`;
    const doc = await server.call('POST', docs, {
      token: user.token,
      body: { name: 'I', dataSource: invoiceDataSource },
    });
    const base = `${docs}/${doc.data.id}`;
    const template = await server.call('POST', `${base}/templates`, {
      token: user.token,
      body: { name: 'Invoice', content: invoiceTemplateContent },
    });
    const instance = await server.call('POST', `${base}/instances`, {
      token: user.token,
      body: { data: invoiceValues },
    });
    const url = `${server.url}${base}/instances/${instance.data.id}/render?templateId=${template.data.id}`;
    const render = async () => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ targetType: 'pdf' }),
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`render answered ${response.status}`);
    };
    // Every thread warm (its engine loaded) before the clock starts.
    await Promise.all(Array.from({ length: threads }, render));
    const end = Date.now() + SECONDS * 1000;
    let rendered = 0;
    const health: number[] = [];
    const probe = (async () => {
      while (Date.now() < end) {
        const started = performance.now();
        await (await fetch(`${server.url}/api/health`)).arrayBuffer();
        health.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (Date.now() < end) {
          await render();
          rendered++;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    await probe;
    return {
      threads,
      clients: CLIENTS,
      seconds: Math.round(seconds * 10) / 10,
      renders: rendered,
      rendersPerSecond: Math.round((rendered / seconds) * 100) / 100,
      healthProbes: health.length,
      healthP50Ms: percentile(health, 0.5),
      healthP95Ms: percentile(health, 0.95),
    };
  } finally {
    await server.close();
    await db.close();
  }
}

const loadAverage = loadavg().map((n) => Math.round(n * 10) / 10);
const results = [await run(1), await run(2)];
mkdirSync('bench', { recursive: true });
writeFileSync('bench/render-threads.json', JSON.stringify({ results, loadAverage }, null, 2));
console.log('threads | renders/s | health p50 / p95 ms | probes');
for (const r of results)
  console.log(`${r.threads} | ${r.rendersPerSecond} | ${r.healthP50Ms} / ${r.healthP95Ms} | ${r.healthProbes}`);
console.log(`load average at start: ${loadAverage.join(' ')}`);
