import { afterEach, describe, expect, it, vi } from 'vitest';
import { isQuireError } from '../src/core/errors';
import { assembleInWorker } from './browser-pool';

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
