import type { Remote } from 'comlink';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isQuireError, QuireError } from '../src/core/errors';
import { assembleInWorker, failFast } from './browser-pool';
import { createPool } from './pool';
import type { RenderWorkerApi } from './protocol';

/** A worker whose module script never loads: it only ever reports `error`, as a browser does offline. */
class UnloadableWorker extends EventTarget {
  terminated = false;
  constructor() {
    super();
    setTimeout(() => this.dispatchEvent(new Event('error')), 5);
  }
  postMessage() {
    // Nobody is listening on the other side.
  }
  terminate() {
    this.terminated = true;
  }
}

describe('assembleInWorker', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fails with WorkerUnavailable instead of waiting forever when the batch worker cannot load', async () => {
    const spawned: UnloadableWorker[] = [];
    vi.stubGlobal(
      'Worker',
      class extends UnloadableWorker {
        constructor() {
          super();
          spawned.push(this);
        }
      },
    );
    const run = assembleInWorker(
      { mode: 'merged' } as never,
      async () => {
        throw new Error('not asked for');
      },
      undefined,
      new AbortController().signal,
    );
    const error = await run.catch((e: unknown) => e);
    expect(isQuireError(error, 'WorkerUnavailable')).toBe(true);
    expect(spawned).toHaveLength(1);
    expect(spawned[0]!.terminated).toBe(true);
  });
});

describe('a render worker that never loaded', () => {
  it('fails its jobs at once with WorkerUnavailable, not after the render timeout', async () => {
    const never = () => new Promise<never>(() => undefined);
    const api = { warm: never, render: never, renderGroup: never, stats: never } as unknown as Remote<RenderWorkerApi>;
    const failure = Promise.reject(new QuireError('WorkerUnavailable', { detail: 'render.worker did not load' }));
    failure.catch(() => undefined);
    const pool = createPool({
      size: 1,
      timeoutMs: 60_000,
      spawn: () => ({ api: failFast(api, failure), terminate: () => undefined }),
    });
    const started = Date.now();
    const error = await pool.render({ key: 'k', content: {} }, { kind: 'data', data: {} }).catch((e: unknown) => e);
    expect(isQuireError(error, 'WorkerUnavailable')).toBe(true);
    expect(Date.now() - started).toBeLessThan(5_000);
    pool.close();
  });
});
