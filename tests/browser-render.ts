/**
 * Renders through the built app's own render worker inside a Chromium page, speaking comlink's wire
 * format, as the app does: the scale journey (offline, from the precache) and the scale bench.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

/** The built name of an asset (content-hashed), from a build directory. */
export function builtAsset(dist: string, prefix: string): string {
  const file = readdirSync(join(dist, 'assets')).find((f) => f.startsWith(prefix) && f.endsWith('.js'));
  if (!file) throw new Error(`${prefix}*.js is not in ${dist}/assets`);
  return `/assets/${file}`;
}

export interface WorkerRender {
  /** The catalogued error as JSON, or null. */
  error: string | null;
  /** Rows typeset after each chunk (the worker's 'compile' stages). */
  progress: number[];
  pdf: Uint8Array;
  /** From the request to the answer, in the page. */
  ms: number;
}

/** One document rendered by a new render worker of the page; the worker is ended after. */
export async function renderInPageWorker(
  page: Page,
  workerUrl: string,
  template: unknown,
  data: unknown,
  /** The print source; default a `data` source of `data`. */
  source: unknown = { kind: 'data', data },
): Promise<WorkerRender> {
  const result = await page.evaluate(
    async ({ workerUrl, template, source }) => {
      const worker = new Worker(workerUrl, { type: 'module' });
      const progress: number[] = [];
      const started = performance.now();
      const reply = await new Promise<{ ok: boolean; file?: { bytes: Uint8Array }; error?: unknown }>(
        (resolve, reject) => {
          worker.onerror = (e) => reject(new Error(e.message));
          const { port1, port2 } = new MessageChannel();
          // onStage: a comlink proxy answers 'compile' stages with rows done.
          port1.onmessage = (e) => {
            const m = e.data as { id?: string; type: string; argumentList?: { value: unknown }[] };
            if (m.type === 'APPLY') {
              const detail = m.argumentList?.[1]?.value as { done: number } | undefined;
              if (detail) progress.push(detail.done);
              port1.postMessage({ id: m.id, type: 'RAW', value: undefined });
            }
          };
          worker.onmessage = (e) => {
            if ((e.data as { id: string }).id === 'print') resolve((e.data as { value: never }).value);
          };
          worker.postMessage(
            {
              id: 'print',
              type: 'APPLY',
              path: ['render'],
              argumentList: [
                { type: 'RAW', value: { templateKey: 'long', template, source } },
                { type: 'HANDLER', name: 'proxy', value: port2 },
              ],
            },
            [port2],
          );
        },
      );
      const ms = performance.now() - started;
      worker.terminate();
      if (!reply.ok || !reply.file) return { error: JSON.stringify(reply.error), progress, base64: '', ms };
      let binary = '';
      const bytes = reply.file.bytes;
      for (let i = 0; i < bytes.length; i += 0x8000)
        binary += String.fromCharCode(...bytes.subarray(i, Math.min(bytes.length, i + 0x8000)));
      return { error: null, progress, base64: btoa(binary), ms };
    },
    { workerUrl, template, source },
  );
  return { ...result, pdf: new Uint8Array(Buffer.from(result.base64, 'base64')) };
}
