import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { FONT_CACHE } from '../../wasm/font-cache';
import { expect, SCREENSHOT_DIR, test } from './fixtures';
import { pdfText } from './pdf';
import { cell, cellInput, openTable, openTables, row } from './workspace-helpers';

// This file goes offline or updates: it needs the real service worker (the journeys' default blocks it).
test.use({ serviceWorkers: 'allow' });

/**
 * Issue 18, fonts offline: a document in a script whose font was never kept says so offline (a
 * catalogued, translated error naming the font, not a PDF of empty boxes); with "Make every font
 * available offline" turned on beforehand, the same document prints offline.
 */

async function untilServiceWorkerControls(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
    }
  });
}

async function editNotes(page: Page, text: string) {
  // Notes is the last column: the grid draws only the columns in view.
  await page.getByRole('grid').evaluate((grid) => {
    grid.scrollLeft = grid.scrollWidth;
  });
  await cell(page, 0, 'Notes').dblclick();
  const input = cellInput(page, 0, 'Notes');
  await input.fill(text);
  await input.press('Enter');
  await expect(cell(page, 0, 'Notes')).toHaveText(text);
  await expect(page.locator('[data-save-state="saved"]')).toBeVisible();
}

/** The print dialog for the first order: the print screen of the records grid. */
async function printFirstOrder(page: Page) {
  await row(page, 0).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Print 1 record' }).click();
  const dialog = page.getByRole('dialog', { name: 'Print records' });
  await dialog.getByRole('button', { name: 'Print', exact: true }).click();
  return dialog;
}

/** The invoice of one order in the preview screen. */
async function previewOrder(page: Page, recordId: string) {
  await page.goto(`/baseplugin/t/demo-orders/preview/demo-tpl-invoice?record=${encodeURIComponent(recordId)}`);
}

test('a Chinese document offline: a named font error without the setting, printed with it', async ({
  page,
  context,
}) => {
  // One first visit (the 40 MB precache), two offline renders, one 59 MB font download.
  test.setTimeout(240_000);
  await openTables(page);
  await untilServiceWorkerControls(page);
  await openTable(page, 'Orders');

  // (a) Offline, a note in Chinese: its font was never needed here, so it is not on the device.
  await context.setOffline(true);
  await editNotes(page, '上海客户备注');
  const dialog = await printFirstOrder(page);
  const message = 'This document needs the font “Noto Sans SC”';
  await expect(dialog.getByTestId('error-box')).toContainText(message, { timeout: 120_000 });
  await expect(dialog.getByTestId('error-box')).toContainText('FONT_UNAVAILABLE_OFFLINE');
  await dialog.getByRole('button', { name: 'Open preview' }).click();
  const recordId = new URL(page.url()).searchParams.get('recordId')!;
  expect(recordId).toMatch(/^demo-orders/);
  await previewOrder(page, recordId);
  const alert = page.locator('.pv-error[role="alert"]');
  await expect(alert).toContainText(message, { timeout: 120_000 });
  await expect(alert).toContainText('FONT_UNAVAILABLE_OFFLINE');
  await expect(page.getByTestId('preview-page-text')).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/fonts-offline-error.png` });

  // (b) Online again, the setting on, and every font downloaded.
  await context.setOffline(false);
  await page.goto('/baseplugin/t/demo-orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await page.getByRole('button', { name: 'Storage and backup' }).click();
  const settings = page.getByTestId('offline-fonts');
  await settings.getByRole('checkbox', { name: 'Make every font available offline' }).check();
  const status = page.getByTestId('offline-fonts-status');
  // A failed download is final for this page: wait for either end, then require the good one.
  await expect(status).toHaveAttribute('data-phase', /^(ready|failed)$/, { timeout: 180_000 });
  expect(await status.getAttribute('data-phase')).toBe('ready');
  await expect(status).toHaveText(/^Every font is on this device \(\d+(\.\d)? MB\)\.$/);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/fonts-offline-setting.png` });
  await page.keyboard.press('Escape');

  // Offline again: the Chinese note, and a Korean word no data had before, print.
  await context.setOffline(true);
  await editNotes(page, '上海客户备注 서울');
  await previewOrder(page, recordId);
  await expect(page.getByTestId('preview-page-text').first()).toContainText('上海客户备注', { timeout: 120_000 });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  const text = pdfText(readFileSync(await download.path()));
  expect(text).toContain('上海客户备注');
  expect(text).toContain('서울');
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);

  // Turned off: the fonts the stored notes need (Chinese, Korean) stay, the others are freed.
  await context.setOffline(false);
  await page.goto('/baseplugin/t/demo-orders');
  await page.getByRole('button', { name: 'Storage and backup' }).click();
  await settings.getByRole('checkbox', { name: 'Make every font available offline' }).uncheck();
  await expect(status).toHaveAttribute('data-phase', 'released', { timeout: 60_000 });
  const kept = await page.evaluate(
    (name) =>
      caches
        .open(name)
        .then((cache) => cache.keys())
        .then((keys) => keys.map((request) => new URL(request.url).pathname.split('/').pop() ?? '')),
    FONT_CACHE,
  );
  expect(kept.filter((file) => /^NotoSans(SC|KR)_/.test(file))).toHaveLength(4);
  expect(kept.filter((file) => /^NotoSans(TC|JP|Thai)_/.test(file))).toEqual([]);
});
