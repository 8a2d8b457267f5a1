/**
 * The app's entry to rendering: a pool of module workers sized to the device's cores, and
 * `renderPreview` for the preview page. Nothing here runs on the UI thread but message passing.
 */
import * as Comlink from 'comlink';
import { isQuireError, QuireError } from '../src/core/errors';
import type { PrintSource } from '../src/core/print/sources';
import type { RenderedOutput } from '../src/render/outputs/render';
import type {
  BatchRunOptions,
  BatchRunResult,
  BatchWorkerApi,
  RenderDocument,
  RenderGroup,
  ReportProgress,
} from './batch-api';
import { createPool, type PoolRenderOptions, type RenderPool, type RenderPoolOptions, type TemplateRef } from './pool';
import type { RenderWorkerApi } from './protocol';

export function createRenderPool(options: Partial<Omit<RenderPoolOptions, 'spawn'>> = {}): RenderPool {
  const cores = typeof navigator !== 'undefined' ? navigator.hardwareConcurrency || 2 : 2;
  return createPool({
    ...options,
    size: options.size ?? Math.max(1, Math.min(cores, 4)),
    spawn: () => {
      const worker = new Worker(new URL('./render.worker.ts', import.meta.url), {
        type: 'module',
        name: 'quire-render',
      });
      return {
        api: failFast(Comlink.wrap<RenderWorkerApi>(worker), workerFailure(worker)),
        terminate: () => worker.terminate(),
      };
    },
  });
}

let shared: RenderPool | undefined;

/** The app-wide pool, created on first use. */
export function getRenderPool(): RenderPool {
  shared ??= createRenderPool();
  return shared;
}

let preview: RenderPool | undefined;

/**
 * The live preview's own worker: its compiler stays warm with the program and fonts, and a print or
 * batch job on the shared pool never makes a preview refresh wait.
 */
export function getPreviewPool(): RenderPool {
  preview ??= createRenderPool({ size: 1 });
  return preview;
}

/** Starts the preview worker's compiler now, so the first preview does not pay for it. */
export function warmPreview(): void {
  void getPreviewPool()
    .warm()
    .catch(() => undefined);
}

/**
 * Renders one source for the preview screen: the file, or a QuireError (PreviewTimeoutError after
 * 120 s, TemplateParseError for bad content, TemplateRendererror/DocGenerationError otherwise).
 */
export function renderPreview(
  template: TemplateRef,
  source: PrintSource,
  options: Omit<PoolRenderOptions, 'kind'> = {},
): Promise<RenderedOutput> {
  return getRenderPool().render(template, source, { ...options, kind: 'preview' });
}

/** `renderPreview` on the editor's dedicated preview worker (see `getPreviewPool`). */
export function renderLivePreview(
  template: TemplateRef,
  source: PrintSource,
  options: Omit<PoolRenderOptions, 'kind'> = {},
): Promise<RenderedOutput> {
  return getPreviewPool().render(template, source, { ...options, kind: 'preview' });
}

/**
 * Runs one print run's assembly in a worker of its own: the worker asks for each document through
 * `render` (which renders on the pool), or for a merged PDF for each group through `renderGroup`,
 * and answers the merged PDF or ZIP as one Blob. Aborting terminates the worker.
 */
export async function assembleInWorker(
  options: BatchRunOptions,
  render: RenderDocument,
  onProgress: ReportProgress | undefined,
  signal: AbortSignal,
  renderGroup?: RenderGroup,
): Promise<BatchRunResult> {
  const worker = new Worker(new URL('./batch.worker.ts', import.meta.url), { type: 'module', name: 'quire-batch' });
  const api = Comlink.wrap<BatchWorkerApi>(worker);
  const aborted = new Promise<never>((_, reject) => {
    const stop = () => reject(new QuireError('DocGenerationError', { detail: 'cancelled' }));
    if (signal.aborted) stop();
    else signal.addEventListener('abort', stop, { once: true });
  });
  // A worker whose script cannot load (offline, before the service worker keeps the app's files)
  // reports only an `error` event; without listening, the run's answer would never come.
  const broken = workerFailure(worker);
  // A document's failure crosses to the batch worker and back as a plain Error (comlink keeps only
  // its message); the caller gets the catalogued original, code and params (the font it names).
  let failure: { error: unknown } | undefined;
  const remembered =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    (...args: A) =>
      fn(...args).catch((error: unknown) => {
        failure ??= { error };
        throw error;
      });
  try {
    return await Promise.race([
      api.run(
        options,
        Comlink.proxy(remembered(render)),
        onProgress ? Comlink.proxy(onProgress) : undefined,
        renderGroup ? Comlink.proxy(remembered(renderGroup)) : undefined,
      ),
      aborted,
      broken,
    ]);
  } catch (error) {
    throw isQuireError(error) || !failure ? error : failure.error;
  } finally {
    api[Comlink.releaseProxy]();
    worker.terminate();
  }
}

/** Rejects with WorkerUnavailable when the worker fails to load or dies with an uncaught error. */
export function workerFailure(worker: Pick<Worker, 'addEventListener'>): Promise<never> {
  const failed = new Promise<never>((_, reject) => {
    worker.addEventListener(
      'error',
      (event) => {
        const message = (event as ErrorEvent).message;
        reject(new QuireError('WorkerUnavailable', { detail: message || 'the worker script did not load' }));
      },
      { once: true },
    );
  });
  // Settled by the race in the normal case; never an unhandled rejection when the run wins.
  failed.catch(() => undefined);
  return failed;
}

/**
 * The worker's calls, each ending with the worker's failure if it comes first: a render worker that
 * never loaded fails its job at once with WorkerUnavailable instead of after the 120 s timeout.
 */
export function failFast<T extends object>(api: T, failure: Promise<never>): T {
  return new Proxy(api, {
    get(target, property, receiver) {
      const member = Reflect.get(target, property, receiver);
      if (typeof property !== 'string' || property === 'then' || typeof member !== 'function') return member;
      return (...args: unknown[]) => Promise.race([(member as (...a: unknown[]) => unknown)(...args), failure]);
    },
  });
}
