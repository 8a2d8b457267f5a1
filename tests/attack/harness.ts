/**
 * The attack suite's server: the real `scripts/serve.mjs --api` in a child process (so a request
 * that ends the process is seen as an exit, not as a crashed test runner), on PGlite in a temp
 * folder or, when DATABASE_URL is set, on PostgreSQL in a schema of its own. A small app build
 * with a sibling `dist-old` folder and a dotfile is written next to it for the static-root cases.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Caller, callerFor } from '../../src/server/testing';

export type BackendName = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when DATABASE_URL names one. */
export function attackBackends(): BackendName[] {
  const url = process.env.DATABASE_URL;
  return url && /^postgres(ql)?:\/\//.test(url) ? ['pglite', 'postgres'] : ['pglite'];
}

export interface ServerProcess {
  url: string;
  port: number;
  call: Caller;
  /** Everything the process wrote to stdout and stderr so far. */
  log(): string;
  /** Whether the process is still running. */
  alive(): boolean;
  exitCode(): number | null;
  dataDir: string;
  root: string;
  /** Ends the process (SIGTERM) and removes its folders and schema. */
  stop(): Promise<void>;
  register(): Promise<{ token: string; userId: string; email: string; teamId: string }>;
}

export interface StartOptions {
  backend?: BackendName;
  /** Reuse this data folder (a second server on the same folder). */
  dataDir?: string;
  args?: string[];
  env?: Record<string, string | undefined>;
  /** Node options before the script (e.g. `--import` of a module). */
  nodeArgs?: string[];
  /** Resolve once the process exits instead of waiting for it to listen (start-up refusals). */
  expectExit?: boolean;
}

/** A build folder with an app shell, an asset, a dotfile, a sibling sharing its name prefix and a symlink out. */
export function makeBuild(): string {
  const parent = mkdtempSync(join(tmpdir(), 'quire-attack-'));
  const root = join(parent, 'dist');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Quire shell</title>');
  writeFileSync(join(root, 'assets', 'app.js'), 'export {};');
  writeFileSync(join(root, '.env'), 'SECRET=dotfile');
  for (const sibling of ['dist-old', 'dist.bak']) {
    mkdirSync(join(parent, sibling));
    writeFileSync(join(parent, sibling, 'secret.txt'), `SECRET=${sibling}`);
  }
  writeFileSync(join(parent, 'outside.txt'), 'SECRET=outside');
  symlinkSync(join(parent, 'outside.txt'), join(root, 'link-out.txt'));
  symlinkSync(join(parent, 'dist-old'), join(root, 'dir-out'));
  return root;
}

let users = 0;

export async function startServerProcess(options: StartOptions = {}): Promise<ServerProcess> {
  const backend = options.backend ?? 'pglite';
  const root = makeBuild();
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'quire-attack-data-'));
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  delete env.QUIRE_PUBLIC_URL;
  let schema: string | undefined;
  if (backend === 'postgres') {
    schema = `quire_attack_${randomBytes(5).toString('hex')}`;
    env.DATABASE_URL = process.env.DATABASE_URL;
    env.QUIRE_DB_SCHEMA = schema;
  }
  for (const [key, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...(options.nodeArgs ?? []),
      'scripts/serve.mjs',
      '--api',
      '--port',
      '0',
      '--data',
      dataDir,
      '--root',
      root,
      ...(options.args ?? []),
    ],
    { env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const listening = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      log += chunk;
      const found = /Quire is running at (http:\/\/[^\s/]+)\//.exec(log);
      if (found?.[1]) resolve(found[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then(() => reject(new Error(`the server exited (${child.exitCode}) before listening:\n${log}`)));
  });
  // Awaited below unless the process is expected to exit; never an unhandled rejection.
  listening.catch(() => undefined);
  const cleanup = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(join(root, '..'), { recursive: true, force: true });
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (schema) await dropSchema(schema);
  };
  if (options.expectExit) {
    await exited;
    return {
      url: '',
      port: 0,
      call: callerFor(''),
      log: () => log,
      alive: () => false,
      exitCode: () => child.exitCode,
      dataDir,
      root,
      stop: cleanup,
      register: () => Promise.reject(new Error('not running')),
    };
  }
  const url = await listening;
  const call = callerFor(url);
  return {
    url,
    port: Number(new URL(url).port),
    call,
    log: () => log,
    alive: () => child.exitCode === null && child.signalCode === null,
    exitCode: () => child.exitCode,
    dataDir,
    root,
    stop: cleanup,
    async register() {
      users += 1;
      const email = `a${users}.${randomBytes(4).toString('hex')}@example.test`;
      const reg = await call('POST', '/api/auth/register', {
        body: { email, password: 'correct horse 42', name: 'A' },
      });
      if (reg.code !== 0) throw new Error(`register failed: ${reg.msg}`);
      const teams = await call('GET', '/api/teams', { token: reg.data.token });
      return { token: reg.data.token, userId: reg.data.userId, email, teamId: teams.data[0].id };
    },
  };
}

async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  // The names were generated above from hex digits: safe as identifiers.
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.query(`DROP SCHEMA IF EXISTS ${schema}_boss CASCADE`);
  await client.end();
}

/** A raw HTTP/1.1 request over a socket: paths fetch() would normalise or refuse (`%zz`, NUL, `..`). */
export async function rawRequest(
  port: number,
  method: string,
  target: string,
  headers: Record<string, string> = {},
  body = '',
): Promise<{ status: number; text: string }> {
  const { connect } = await import('node:net');
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1] ?? 0);
      resolve({ status, text: answer.slice(answer.indexOf('\r\n\r\n') + 4) });
    });
    const all: Record<string, string> = { host: '127.0.0.1', connection: 'close' };
    for (const [name, value] of Object.entries(headers)) all[name.toLowerCase()] = value;
    const lines = [`${method} ${target} HTTP/1.1`];
    for (const [name, value] of Object.entries(all)) lines.push(`${name}: ${value}`);
    if (body) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
    // Written, not ended: a half-closed socket would make the server drop an answer it streams.
    socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`, 'latin1');
  });
}
