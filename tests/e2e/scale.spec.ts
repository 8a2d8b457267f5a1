import type { Page } from '@playwright/test';
import { builtAsset, renderInPageWorker } from '../browser-render';
import { content, fullRow, p, page as pageOf, paragraph, table, variable } from '../fixtures/builders';
import { expect, test } from './fixtures';
import { pdfText, popplerOutput } from './pdf';

// Issue 18: a lean first load, and a long table printed in the browser's render worker offline.

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

test('a 20,000-row table prints in the render worker with the network off', { tag: '@offline' }, async ({
  page,
  context,
}) => {
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
  const dist = process.env.QUIRE_E2E_DIST ?? 'dist';
  const result = await renderInPageWorker(page, builtAsset(dist, 'render.worker-'), template, { lines });
  expect(result.error).toBeNull();
  // Progress came chunk by chunk, up to every row.
  expect(result.progress.length).toBeGreaterThan(10);
  expect(result.progress.at(-1)).toBe(ROWS);
  const { pdf } = result;
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
