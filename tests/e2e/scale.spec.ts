import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { content, fullRow, p, page as pageOf, paragraph, table, variable } from '../fixtures/builders';
import { expect, test } from './fixtures';
import { pdfText, popplerOutput } from './pdf';

// Issue 18: a lean first load, and a long table printed in the browser's render worker offline.

/** The built name of an asset (content-hashed), from the served build. */
function builtAsset(prefix: string): string {
  const dist = process.env.QUIRE_E2E_DIST ?? 'dist';
  const file = readdirSync(join(dist, 'assets')).find((f) => f.startsWith(prefix) && f.endsWith('.js'));
  if (!file) throw new Error(`${prefix}*.js is not in ${dist}/assets`);
  return `/assets/${file}`;
}

async function untilOfflineReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
    }
  });
}

test('the first load fetches no editor, pdf.js or Office code', async ({ page }) => {
  const scripts: string[] = [];
  // The page's own requests: the service worker's precache (fetched in the background) is not the load.
  page.on('request', (request) => {
    if (request.resourceType() === 'script' && !request.serviceWorker()) scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  const heavy = scripts.filter((s) =>
    /TemplateEditor|slate|\/pdf-|pdf\.worker|exceljs|docx|pptx|OfficeScreens|PreviewScreen|render\.worker/i.test(s),
  );
  expect(heavy).toEqual([]);
});

const ROWS = 20_000;

test('a 20,000-row table prints in the render worker with the network off', async ({ page, context }) => {
  // Typesetting 20,000 rows in WebAssembly on a shared 2-core machine takes minutes.
  test.setTimeout(900_000);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await untilOfflineReady(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const template = content([
    pageOf('p', [
      fullRow(
        'r',
        table('t', {
          columns: [3, 1],
          headerRowCount: 1,
          rows: [
            [[p('ITEM')], [p('AMOUNT')]],
            [[p(variable('name'))], [paragraph({ align: 'right' }, variable('amount'))]],
          ],
          dynamicRows: { rootPath: 'lines' },
        }),
      ),
    ]),
  ]);
  const lines = Array.from({ length: ROWS }, (_, i) => ({ name: `Line ${i + 1}`, amount: i % 97 }));
  // The app's own render worker, from the precache, spoken to in comlink's wire format.
  const result = await page.evaluate(
    async ({ workerUrl, template, lines }) => {
      const worker = new Worker(workerUrl, { type: 'module' });
      const progress: number[] = [];
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
                { type: 'RAW', value: { templateKey: 'long', template, source: { kind: 'data', data: { lines } } } },
                { type: 'HANDLER', name: 'proxy', value: port2 },
              ],
            },
            [port2],
          );
        },
      );
      worker.terminate();
      if (!reply.ok || !reply.file) return { error: JSON.stringify(reply.error), progress, base64: '' };
      let binary = '';
      const bytes = reply.file.bytes;
      for (let i = 0; i < bytes.length; i += 0x8000)
        binary += String.fromCharCode(...bytes.subarray(i, Math.min(bytes.length, i + 0x8000)));
      return { error: null, progress, base64: btoa(binary) };
    },
    { workerUrl: builtAsset('render.worker-'), template, lines },
  );
  expect(result.error).toBeNull();
  // Progress came chunk by chunk, up to every row.
  expect(result.progress.length).toBeGreaterThan(10);
  expect(result.progress.at(-1)).toBe(ROWS);
  const pdf = new Uint8Array(Buffer.from(result.base64, 'base64'));
  const text = pdfText(pdf);
  expect(text).toContain(`Line ${ROWS} `);
  expect(text).toContain('Line 1 ');
  const pages = Number(/Pages:\s+(\d+)/.exec(popplerOutput('pdfinfo', pdf))?.[1]);
  expect(pages).toBeGreaterThan(300);
  // Every row once: the names in order.
  const names = [...text.matchAll(/Line (\d+)/g)].map((m) => Number(m[1]));
  expect(names).toEqual(Array.from({ length: ROWS }, (_, i) => i + 1));
  await context.setOffline(false);
});
