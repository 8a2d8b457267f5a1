/** A render pool of Node worker threads (CLI batches, benchmarks, tests). */
import { availableParallelism } from 'node:os';
import * as Comlink from 'comlink';
import type { EngineKind } from '../src/render/node-engine';
import { nodeEndpoint, spawnTsWorker } from './node-endpoint';
import { createPool, type RenderPool, type RenderPoolOptions } from './pool';
import type { RenderWorkerApi } from './protocol';

export interface NodePoolOptions extends Partial<Omit<RenderPoolOptions, 'spawn'>> {
  engine?: EngineKind;
  /** Directory relative image paths in records resolve against. */
  baseDir?: string;
}

export function createNodeRenderPool(options: NodePoolOptions = {}): RenderPool {
  const entry = new URL('./render.node-worker.ts', import.meta.url);
  return createPool({
    ...options,
    // The native compiler evicts its cache, so only the WASM engine needs a document budget.
    maxDocuments: options.maxDocuments ?? (options.engine === 'native' ? Number.POSITIVE_INFINITY : undefined),
    size: options.size ?? availableParallelism(),
    spawn: () => {
      const worker = spawnTsWorker(entry, {
        engine: options.engine ?? 'wasm',
        baseDir: options.baseDir ?? process.cwd(),
      });
      const api = Comlink.wrap<RenderWorkerApi>(nodeEndpoint(worker));
      return { api, terminate: () => void worker.terminate() };
    },
  });
}
