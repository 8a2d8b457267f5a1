/**
 * How a process of the server renders: the CPU-bound part on the render pool's threads, then
 * (Office asked for as PDF) LibreOffice in processes of its own. The server and `npm run
 * render-worker` both render this way, so the time limit and memory cap hold for jobs and
 * synchronous renders alike.
 */
import { LibreOfficeConverter } from '../../../workers/libreoffice';
import type { RenderedOutput } from '../../render/outputs/render';
import { RECYCLE_BUDGET_BYTES } from '../../render/typst/recycling-engine';
import type { FetchPolicy } from './fetchPolicy';
import { type PoolStats, RenderPool, type RenderPoolConfig } from './pool';
import { finishFile, type RenderRequest } from './renderFile';

export interface Renderer {
  /** `wait`: a job, which waits for a thread however many wait (requests are refused past the queue limit). */
  render(request: RenderRequest, options?: { wait?: boolean }): Promise<RenderedOutput>;
  stats(): PoolStats;
  close(): Promise<void>;
}

export function threadedRenderer(fetchPolicy: FetchPolicy, config: RenderPoolConfig, threadEntry?: URL): Renderer {
  const pool = new RenderPool(config, { fetchPolicy, wasmBudgetBytes: RECYCLE_BUDGET_BYTES }, threadEntry);
  let converter: LibreOfficeConverter | undefined;
  return {
    async render(request, options) {
      const filled = await pool.fill(request, options);
      return finishFile(filled, () => {
        converter ??= new LibreOfficeConverter();
        return converter;
      });
    },
    stats: () => pool.stats(),
    async close() {
      await Promise.all([pool.close(), converter?.dispose()]);
    },
  };
}

/** The pool's settings from the environment (QUIRE_RENDER_THREADS, …_QUEUE, …_TIMEOUT_MS, …_MEMORY_MB). */
export function renderPoolFromEnv(env: NodeJS.ProcessEnv = process.env, base: RenderPoolConfig): RenderPoolConfig {
  const number = (value: string | undefined, fallback: number, min: number) => {
    const n = Number(value);
    return value !== undefined && value !== '' && Number.isInteger(n) && n >= min ? n : fallback;
  };
  return {
    threads: number(env.QUIRE_RENDER_THREADS, base.threads, 1),
    queueLimit: number(env.QUIRE_RENDER_QUEUE, base.queueLimit, 0),
    timeoutMs: number(env.QUIRE_RENDER_TIMEOUT_MS, base.timeoutMs, 1),
    memoryMb: number(env.QUIRE_RENDER_MEMORY_MB, base.memoryMb, 64),
  };
}
