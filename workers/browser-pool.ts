/**
 * The app's entry to rendering: a pool of module workers sized to the device's cores, and
 * `renderPreview` for the preview page. Nothing here runs on the UI thread but message passing.
 */
import * as Comlink from 'comlink';
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
      return { api: Comlink.wrap<RenderWorkerApi>(worker), terminate: () => worker.terminate() };
    },
  });
}

let shared: RenderPool | undefined;

/** The app-wide pool, created on first use. */
export function getRenderPool(): RenderPool {
  shared ??= createRenderPool();
  return shared;
}

/**
 * Renders one record for the preview: PDF bytes, or a QuireError (PreviewTimeoutError after
 * 120 s, TemplateParseError for bad content, TemplateRendererror/DocGenerationError otherwise).
 */
export function renderPreview(
  template: TemplateRef,
  scope: unknown,
  options: Omit<PoolRenderOptions, 'kind'> = {},
): Promise<Uint8Array> {
  return getRenderPool().render(template, scope, { ...options, kind: 'preview' });
}
