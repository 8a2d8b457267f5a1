/**
 * Issue 26 item 1, the worker half (and #33's "a render that cannot start"): a render whose
 * worker cannot start answers a catalogued error and the server stays up. The real server process
 * runs with `failingWorkers.mjs` preloaded: while a flag file exists, its render threads throw as
 * they load or exit at once. On PGlite only: the database plays no part in starting workers.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceDataSource, invoiceTemplateContent, invoiceValues } from '../fixtures/platform';
import { type ServerProcess, startServerProcess } from './harness';

describe('a render whose worker cannot start', () => {
  let server: ServerProcess;
  const folder = mkdtempSync(join(tmpdir(), 'quire-broken-workers-'));
  const flag = join(folder, 'broken');
  beforeAll(async () => {
    server = await startServerProcess({
      nodeArgs: ['--import', fileURLToPath(new URL('./failingWorkers.mjs', import.meta.url))],
      // The tsx path: no worker bundle to build for a compile host that is made to fail anyway.
      env: { QUIRE_WORKER_BUNDLE: '0', QUIRE_TEST_BROKEN_WORKERS: flag },
    });
    // A first start creates the embedded database: minutes on a loaded CI machine.
  }, 240_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('answers 503 WorkerUnavailable, stays up, and renders once a worker starts again', async () => {
    const owner = await server.register();
    const team = `/api/teams/${owner.teamId}`;
    const doc = await server.call('POST', `${team}/docs`, {
      token: owner.token,
      body: { name: 'Invoices', dataSource: invoiceDataSource },
    });
    const docBase = `${team}/docs/${doc.data.id}`;
    const template = await server.call('POST', `${docBase}/templates`, {
      token: owner.token,
      body: { name: 'Invoice', content: invoiceTemplateContent },
    });
    const instance = await server.call('POST', `${docBase}/instances`, {
      token: owner.token,
      body: { data: invoiceValues },
    });
    expect(instance.code, instance.msg).toBe(0);
    const render = () =>
      fetch(`${server.url}${docBase}/instances/${instance.data.id}/render?templateId=${template.data.id}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ targetType: 'pdf', runtime: 'wasm' }),
      });

    // Compile hosts throw while loading or exit at once: each render fails alone, with a catalogued error.
    writeFileSync(flag, '');
    for (let i = 0; i < 2; i++) {
      const failed = await render();
      expect(failed.status).toBe(503);
      const body = (await failed.json()) as { data: { error: string; requestId: string } };
      expect(body.data.error).toBe('WorkerUnavailable');
      expect(body.data.requestId).toMatch(/^[0-9a-f]{16}$/);
      expect(server.alive()).toBe(true);
      expect((await server.call('GET', '/api/health')).code).toBe(0);
    }
    // Workers start again: the same render now makes its PDF, without a restart.
    rmSync(flag);
    const rendered = await render();
    expect(rendered.status).toBe(200);
    expect(new TextDecoder().decode(new Uint8Array(await rendered.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    expect(server.alive()).toBe(true);
  }, 180_000);
});
