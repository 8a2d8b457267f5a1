/**
 * The app and its API on one origin for a journey file (scripts/serve.mjs --api, PGlite in a temp
 * folder, never the run's PostgreSQL): started once in `beforeAll`, stopped in `afterAll`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A port beside the suite's app port (`QUIRE_E2E_PORT`), or the one the named variable gives. */
export function apiPort(variable: string, offset: number): number {
  return Number(process.env[variable] ?? Number(process.env.QUIRE_E2E_PORT ?? 4173) + offset);
}

export interface ApiServer {
  origin: string;
  /** What the server wrote so far (stdout and stderr), e.g. a reset link with no mail server. */
  log(): string;
  stop(): Promise<void>;
}

interface StartOptions {
  port: number;
  /** Names the temp data folder. */
  name: string;
  /** Added to the server's environment; a value of `undefined` removes the variable. */
  env?: Record<string, string | undefined>;
}

export async function startApiServer({ port, name, env: extra = {} }: StartOptions): Promise<ApiServer> {
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), `quire-${name}-e2e-`));
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  for (const [key, value] of Object.entries(extra)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  const dist = process.env.QUIRE_E2E_DIST ?? 'dist';
  const server: ChildProcess = spawn(
    process.execPath,
    ['scripts/serve.mjs', '--api', '--port', String(port), '--host', '127.0.0.1', '--data', dataDir, '--root', dist],
    { env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  server.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  server.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  // tsx and PGlite start in a few seconds on a quiet machine; far more on a loaded one.
  let lastFailure = 'no answer';
  const deadline = Date.now() + 140_000;
  for (;;) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break;
    } catch (error) {
      // Not listening yet; the last reason is kept for the failure message (e.g. a port browsers refuse).
      lastFailure = String((error as { cause?: unknown }).cause ?? error);
    }
    if (Date.now() > deadline || server.exitCode !== null) {
      await stop();
      throw new Error(`the server did not start (${lastFailure}):\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { origin, log: () => log, stop };
}

/** A JSON call to the server as an outside system makes it: with a user token or an API key. */
export function callApi(
  origin: string,
  path: string,
  init: { method?: string; token?: string; key?: string; body?: unknown } = {},
): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.key) headers['x-api-key'] = init.key;
  return fetch(`${origin}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}
