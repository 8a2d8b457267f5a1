/**
 * Benchmark (issue 14): N concurrent clients on loopback push drafts of one template for S seconds.
 * Checks that no update is lost (every accepted write got its own version, the final version is
 * 1 + accepted writes) and every stale write was refused; reports writes/s and p95 latency for
 * PGlite and, when DATABASE_URL is set, PostgreSQL.
 *
 *   npx tsx src/server/bench.ts [--clients 50] [--seconds 60] [--json out.json]
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { openDatabase } from './db';
import { startTestServer } from './testing';

interface BenchResult {
  database: 'pglite' | 'postgres';
  clients: number;
  seconds: number;
  accepted: number;
  refused: number;
  writesPerSecond: number;
  /** Answered writes (accepted + refused) per second: the server's throughput on one hot template. */
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  finalVersion: number;
  lostUpdates: number;
  /** The machine while it ran: 1/5/15-minute load averages at the start, and its cores. */
  loadAverage: number[];
  cores: number;
}

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

async function run(database: 'pglite' | 'postgres', clients: number, seconds: number): Promise<BenchResult> {
  const url = process.env.DATABASE_URL;
  const schema = `quire_bench_${randomBytes(4).toString('hex')}`;
  const db = database === 'postgres' ? await openDatabase({ url, schema }) : await openDatabase();
  const server = await startTestServer(db);
  try {
    const user = await server.register('Bench');
    const doc = await server.call('POST', `/api/teams/${user.teamId}/docs`, { token: user.token, body: {} });
    const base = `/api/teams/${user.teamId}/docs/${doc.data.id}/templates`;
    const created = await server.call('POST', base, { token: user.token, body: { name: 'Hot', content: '{}' } });
    const url = `${base}/${created.data.id}`;

    const loadAverage = loadavg().map((n) => Math.round(n * 100) / 100);
    const latencies: number[] = [];
    const acceptedVersions: number[] = [];
    let refused = 0;
    const deadline = Date.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: clients }, async (_, client) => {
        let version = 1;
        let n = 0;
        while (Date.now() < deadline) {
          n += 1;
          const started = performance.now();
          const reply = await server.call('PUT', url, {
            token: user.token,
            body: { lastVersion: version, content: JSON.stringify({ client, n }) },
          });
          latencies.push(performance.now() - started);
          if (reply.code === 0) {
            version = reply.data.version;
            acceptedVersions.push(version);
          } else if (reply.status === 409) {
            refused += 1;
            version = reply.data.current.version;
          } else throw new Error(`unexpected answer ${reply.status} ${reply.msg}`);
        }
      }),
    );
    const final = await server.call('GET', url, { token: user.token });
    const distinct = new Set(acceptedVersions).size;
    latencies.sort((a, b) => a - b);
    return {
      database,
      clients,
      seconds,
      accepted: acceptedVersions.length,
      refused,
      writesPerSecond: Math.round((acceptedVersions.length / seconds) * 10) / 10,
      requestsPerSecond: Math.round(((acceptedVersions.length + refused) / seconds) * 10) / 10,
      p50Ms: Math.round(percentile(latencies, 0.5) * 10) / 10,
      p95Ms: Math.round(percentile(latencies, 0.95) * 10) / 10,
      finalVersion: final.data.version,
      // Two accepted writes with one version, or a final version that does not count them all.
      lostUpdates: acceptedVersions.length - distinct + Math.abs(final.data.version - 1 - acceptedVersions.length),
      loadAverage,
      cores: cpus().length,
    };
  } finally {
    await server.close();
    await db.close();
    if (database === 'postgres') {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    }
  }
}

const clients = arg('clients', 50);
const seconds = arg('seconds', 60);
const results: BenchResult[] = [await run('pglite', clients, seconds)];
if (process.env.DATABASE_URL?.startsWith('postgres')) results.push(await run('postgres', clients, seconds));
for (const r of results) {
  console.log(
    `[server bench] ${r.database}: ${r.clients} clients × ${r.seconds} s → ${r.writesPerSecond} writes/s accepted, ` +
      `${r.refused} stale writes refused (${r.requestsPerSecond} answers/s), p50 ${r.p50Ms} ms, p95 ${r.p95Ms} ms, lost updates ${r.lostUpdates} (load ${r.loadAverage.join(' ')}, ${r.cores} cores)`,
  );
}
const jsonAt = process.argv.indexOf('--json');
if (jsonAt >= 0 && process.argv[jsonAt + 1])
  writeFileSync(process.argv[jsonAt + 1] as string, JSON.stringify(results, null, 2));
process.exit(results.every((r) => r.lostUpdates === 0) ? 0 : 1);
