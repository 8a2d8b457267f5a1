/**
 * #33 item 7 on PGlite and PostgreSQL: every API request leaves one structured access-log entry
 * with the id its answer carries, and `/api/health` reports the database, the job queue, the
 * render threads and the version.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db';
import type { AccessLogEntry } from './operator';
import { startTestServer, type TestServer, testBackends } from './testing';

const VERSION = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

describe.each(testBackends())('operator view on $name', (backend) => {
  let db: Database;
  let server: TestServer;
  const log: AccessLogEntry[] = [];

  beforeAll(async () => {
    db = await backend.open();
    server = await startTestServer(db, { config: { accessLog: (entry) => log.push(entry) } });
  }, 240_000);
  afterAll(async () => {
    await server?.close();
    if (db) await backend.dispose(db);
  }, 60_000);

  it('logs each request once, with its request id, status, method and path (never the query)', async () => {
    log.length = 0;
    const health = await server.call('GET', '/api/health?probe=1');
    const denied = await server.call('GET', '/api/user');
    const missing = await server.call('POST', '/api/auth/no-such-route', { body: {} });
    expect(log.map((e) => [e.method, e.path, e.status, e.requestId])).toEqual([
      ['GET', '/api/health', 200, health.headers.get('x-request-id')],
      ['GET', '/api/user', 401, denied.headers.get('x-request-id')],
      ['POST', '/api/auth/no-such-route', 401, missing.headers.get('x-request-id')],
    ]);
    for (const entry of log) {
      expect(entry.requestId).toMatch(/^[0-9a-f]{16}$/);
      expect(entry.address).toBe('127.0.0.1');
      expect(entry.ms).toBeGreaterThanOrEqual(0);
      expect(Number.isNaN(Date.parse(entry.time))).toBe(false);
    }
  });

  it('reports the database, job queue depth, render threads and version', async () => {
    const reply = await server.call('GET', '/api/health');
    expect(reply.status).toBe(200);
    expect(reply.data).toMatchObject({
      database: db.kind,
      databaseOk: true,
      version: VERSION,
      jobs: { queued: 0, running: 0, workers: 0 },
      renders: { busy: 0, waiting: 0 },
    });
    expect(reply.data.rssMegabytes).toBeGreaterThan(0);
  });
});
