/**
 * Test helpers: the databases every server test runs on (PGlite always; PostgreSQL too when
 * DATABASE_URL is set, each run in a schema of its own that is dropped afterwards) and a tiny
 * HTTP caller for a server listening on 127.0.0.1.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TenantPlanVersion } from '../core/plan';
import { type Database, openDatabase } from './db';
import { setTeamPlan } from './plans';
import { type QuireServer, type QuireServerOptions, startQuireServer } from './server';

interface Backend {
  name: 'pglite' | 'postgres';
  open(): Promise<Database>;
  /** Removes what `open` created (PostgreSQL: the schema). */
  dispose(db: Database): Promise<void>;
}

export function testBackends(): Backend[] {
  const backends: Backend[] = [{ name: 'pglite', open: () => openDatabase(), dispose: (db) => db.close() }];
  const url = process.env.DATABASE_URL;
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    const schemas = new WeakMap<Database, string>();
    backends.push({
      name: 'postgres',
      async open() {
        const schema = `quire_test_${randomBytes(6).toString('hex')}`;
        const db = await openDatabase({ url, schema });
        schemas.set(db, schema);
        return db;
      },
      async dispose(db) {
        await db.close();
        const schema = schemas.get(db);
        if (!schema) return;
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        // The name was generated above from hex digits: safe as an identifier.
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        // The render queue's own schema (pg-boss), when a test queued a job.
        await client.query(`DROP SCHEMA IF EXISTS ${schema}_boss CASCADE`);
        await client.end();
      },
    });
  }
  return backends;
}

interface Reply<T = unknown> {
  status: number;
  code: number;
  msg: string;
  data: T;
  headers: Headers;
}

interface CallOptions {
  token?: string;
  body?: unknown;
  /** Sent as is (for malformed-JSON tests). */
  rawBody?: string;
  headers?: Record<string, string>;
}

// biome-ignore lint/suspicious/noExplicitAny: tests read answers of many shapes; the default keeps them terse
export type Caller = <T = any>(method: string, path: string, options?: CallOptions) => Promise<Reply<T>>;

export function callerFor(baseUrl: string): Caller {
  return async (method, path, options = {}) => {
    const headers: Record<string, string> = { 'app-version': 'v2', lang: 'en-US', ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
    const text = await response.text();
    const json = text ? JSON.parse(text) : {};
    return { status: response.status, code: json.code, msg: json.msg, data: json.data, headers: response.headers };
  };
}

export interface TestServer extends QuireServer {
  call: Caller;
  /** Registers a fresh user (with their own team) and returns their token, ids and team. */
  register(name?: string): Promise<{ token: string; userId: string; email: string; teamId: string; teamKey: string }>;
}

let userCounter = 0;

export async function startTestServer(db: Database, options: Omit<QuireServerOptions, 'db'> = {}): Promise<TestServer> {
  const server = await startQuireServer({ ...options, db, host: '127.0.0.1', port: 0 });
  const call = callerFor(server.url);
  return {
    ...server,
    call,
    async register(name = 'User') {
      userCounter += 1;
      const email = `u${userCounter}.${randomBytes(4).toString('hex')}@example.test`;
      const reg = await call('POST', '/api/auth/register', { body: { email, password: 'correct horse', name } });
      if (reg.code !== 0) throw new Error(`register failed: ${reg.msg}`);
      const teams = await call('GET', '/api/teams', { token: reg.data.token });
      const team = teams.data[0];
      return { token: reg.data.token, userId: reg.data.userId, email, teamId: team.id, teamKey: team.teamKey };
    },
  };
}

/** Gives a team a plan the way `quire plan set` does (#32): tests of plan-gated features start from it. */
export async function grantPlan(
  db: Database,
  teamId: string,
  version: TenantPlanVersion = 'ENTERPRISE',
  extra: { trial?: boolean; expiresAt?: number | null; totalSeats?: number; buyer?: string | null } = {},
): Promise<void> {
  await setTeamPlan(
    db,
    teamId,
    {
      version,
      trial: extra.trial ?? false,
      expiresAt: extra.expiresAt ?? null,
      totalSeats: extra.totalSeats ?? 0,
      buyer: extra.buyer ?? null,
      note: 'test',
    },
    'test',
  );
}
