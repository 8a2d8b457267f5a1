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

/** `renderPreview` on the editor's dedicated preview worker (see `getPreviewPool`). */
export function renderLivePreview(
  template: TemplateRef,
  scope: unknown,
  options: Omit<PoolRenderOptions, 'kind'> = {},
): Promise<Uint8Array> {
  return getPreviewPool().render(template, scope, { ...options, kind: 'preview' });
}
