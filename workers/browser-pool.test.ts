import type { Remote } from 'comlink';
import * as Comlink from 'comlink';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isQuireError, QuireError } from '../src/core/errors';
import { batchWorkerApi } from './batch-api';
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

/** The batch worker's own API behind a message channel, as comlink talks to a real worker. */
class InProcessBatchWorker {
  private readonly port: MessagePort;
  constructor() {
    const { port1, port2 } = new MessageChannel();
    Comlink.expose(batchWorkerApi, port2);
    this.port = port1;
  }
  postMessage(message: unknown, transfer: Transferable[] = []) {
    this.port.postMessage(message, transfer);
  }
  addEventListener(type: string, listener: EventListener) {
    if (type === 'message') this.port.addEventListener('message', listener);
    this.port.start();
  }
  removeEventListener(type: string, listener: EventListener) {
    if (type === 'message') this.port.removeEventListener('message', listener);
  }
  terminate() {
    this.port.close();
  }
}

describe('a document failing inside a batch', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reaches the print screen as its catalogued error, with the font it names', async () => {
    vi.stubGlobal('Worker', InProcessBatchWorker);
    const run = assembleInWorker(
      { total: 1, output: 'merged', templateName: 'Invoice', printTime: 0, concurrency: 1 },
      async () => {
        throw new QuireError('FontUnavailableOffline', { params: { font: 'Noto Sans SC', script: 'sc' } });
      },
      undefined,
      new AbortController().signal,
    );
    const error = await run.catch((e: unknown) => e);
    expect(isQuireError(error, 'FontUnavailableOffline')).toBe(true);
    expect((error as QuireError).params).toEqual({ font: 'Noto Sans SC', script: 'sc' });
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
      // Far past the test's own time limit: only failing fast lets this test finish at all.
      timeoutMs: 3_600_000,
      spawn: () => ({ api: failFast(api, failure), terminate: () => undefined }),
    });
    const error = await pool.render({ key: 'k', content: {} }, { kind: 'data', data: {} }).catch((e: unknown) => e);
    expect(isQuireError(error, 'WorkerUnavailable')).toBe(true);
    pool.close();
  });
});
