/**
 * Memory of the embedded-database server through many renders (#33 item 6): a PGlite server in a
 * fresh data folder renders the invoice fixture N times synchronously through the render API,
 * one after another, and the process's RSS (what `/api/health` reports: request thread, render
 * threads, PGlite's WebAssembly) is sampled along the way.
 *
 *   npx tsx tests/bench/renderMemory.ts [--renders 200] [--every 20] [--threads 2] [--json out.json]
 *
 * Besides the samples it reports RSS at each stage of the start (modules loaded, database open,
 * server listening), so what holds memory can be told apart from what renders add.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_QUOTAS } from '../../src/server/quotas';
import { DEFAULT_RENDER_POOL } from '../../src/server/render/pool';
import { startTestServer } from '../../src/server/testing';
import { invoiceDataSource, invoiceTemplateContent, invoiceValues } from '../fixtures/platform';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const renders = arg('renders', 200);
const every = arg('every', 20);
const threads = arg('threads', DEFAULT_RENDER_POOL.threads);
const mb = () => Math.round(process.memoryUsage.rss() / 1024 / 1024);

const dir = mkdtempSync(join(tmpdir(), 'quire-memory-'));
const samples: { renders: number; rssMb: number; ms: number }[] = [];
const load = loadavg().map((n) => Math.round(n * 10) / 10);
try {
  const { openDatabase } = await import('../../src/server/db');
  const before = mb();
  const db = await openDatabase({ dataDir: dir });
  const afterOpen = mb();
  const server = await startTestServer(db, {
    config: {
      sessionMaxRenders: renders * 2,
      quotas: { ...DEFAULT_QUOTAS, rendersPerMinute: renders * 2 },
      renderPool: { ...DEFAULT_RENDER_POOL, threads },
    },
  });
  const afterStart = mb();
  const user = await server.register('Memory');
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
  const url = `${server.url}${base}/instances/${instance.data.id}/render?templateId=${template.data.id}`;
  samples.push({ renders: 0, rssMb: mb(), ms: 0 });
  const started = performance.now();
  for (let i = 1; i <= renders; i++) {
    const response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ targetType: 'pdf' }),
    });
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (response.status !== 200 || bytes[0] !== 0x25) throw new Error(`render ${i} answered ${response.status}`);
    if (i % every === 0 || i === renders) {
      samples.push({ renders: i, rssMb: mb(), ms: Math.round(performance.now() - started) });
      console.log(`${i} renders: RSS ${mb()} MB`);
    }
  }
  await server.close();
  await db.close();
  const result = {
    renders,
    threads,
    rssMb: { modulesLoaded: before, databaseOpen: afterOpen, serverListening: afterStart },
    samples,
    loadAverage: load,
  };
  const out = process.argv.indexOf('--json');
  if (out >= 0 && process.argv[out + 1])
    writeFileSync(process.argv[out + 1] as string, JSON.stringify(result, null, 2));
  console.log(JSON.stringify(result));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
