/**
 * Issue 19: the storage quota lowered through the DevTools protocol (Storage.overrideQuotaForOrigin),
 * the way a full disk looks to the page. In the grid, the child-records panel, a template list and the
 * editor: the catalogued reason, the
 * banner, a download of every unsaved change (per record and field), edits kept on screen, the
 * indicator never saying "saved" meanwhile, and the refused writes stored, in order, once there is
 * room again — without a reload, and still there after one.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { captureDownloads, lastDownload } from './downloads';
import { canvas, dismissGuidance, insert, openList } from './editor-helpers';
import { expect, SCREENSHOT_DIR, test } from './fixtures';
import { onFullDisk } from './nothing-lost-truth';
import { cell, cellInput, openTable, openTables, row } from './workspace-helpers';

async function editCell(page: Page, recordIndex: number, field: string, text: string) {
  await cell(page, recordIndex, field).dblclick();
  const input = cellInput(page, recordIndex, field);
  await input.fill(text);
  await input.press('Enter');
}

interface UnsavedFile {
  format: string;
  items: Array<{ key: string; field?: string; reason: string; payload: { id?: string; patch?: object } }>;
}

test('grid on a full disk: banner, a download per record and field, never "saved", retried in order', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await openTables(page);
  await openTable(page, 'Customers');
  const disk = await onFullDisk(page, context);

  // Two cells of one record and one of another; the first cell edited twice (the newer value counts).
  await editCell(page, 0, 'Contact', 'First value, replaced');
  const banner = page.getByTestId('storage-banner');
  await expect(banner).toContainText('The storage on this device is full');
  await expect(banner).toContainText('STORAGE_QUOTA_EXCEEDED');
  await editCell(page, 0, 'Contact', 'Contact on a full disk');
  await editCell(page, 0, 'Phone', '+1 555 0199');
  await editCell(page, 3, 'Contact', 'Another record');
  await expect(banner).toContainText('3 unsaved changes');
  for (const [row, field, text] of [
    [0, 'Contact', 'Contact on a full disk'],
    [0, 'Phone', '+1 555 0199'],
    [3, 'Contact', 'Another record'],
  ] as const) {
    await expect(cell(page, row, field)).toHaveText(text);
    await expect(cell(page, row, field)).toHaveClass(/unsaved/);
  }
  await expect(page.locator('[data-save-state]')).toHaveText('Not saved');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/nothing-lost-grid-quota.png` });

  await captureDownloads(page);
  await banner.getByRole('button', { name: 'Download unsaved data' }).click();
  const file = JSON.parse((await lastDownload(page)).bytes.toString('utf8')) as UnsavedFile;
  expect(file.format).toBe('quire-unsaved');
  // One entry per record and field: nothing merged away, the newest value of each cell.
  const entries = file.items.map((item) => [item.payload.id?.split(':')[0], item.field, item.payload.patch]);
  expect(entries).toHaveLength(3);
  expect(JSON.stringify(file.items)).toContain('Contact on a full disk');
  expect(JSON.stringify(file.items)).toContain('+1 555 0199');
  expect(JSON.stringify(file.items)).toContain('Another record');
  expect(JSON.stringify(file.items)).not.toContain('First value, replaced');
  expect(new Set(file.items.map((item) => item.key)).size).toBe(3);
  expect(file.items.every((item) => item.reason === 'StorageQuotaExceeded')).toBe(true);

  // Leaving the page now would drop them: the browser's leave prompt is asked for.
  const leaveAsked = () =>
    page.evaluate(() => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });
  expect(await leaveAsked()).toBe(true);

  // In-app links keep the page (the unsaved edits live in this tab's memory): no reload.
  await page.evaluate(() => {
    (window as unknown as { stillHere: boolean }).stillHere = true;
  });
  await page.getByRole('link', { name: /All tables/ }).click();
  await expect(page.getByRole('heading', { name: 'Your tables' })).toBeVisible();
  await expect(banner).toContainText('3 unsaved changes');
  await openTable(page, 'Customers');
  await expect(cell(page, 0, 'Phone')).toHaveText('+1 555 0199');
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

  // Room again: the refused writes are stored without any action; the banner goes; "saved" only then.
  await disk.free();
  await expect(banner).toBeHidden({ timeout: 30_000 });
  await expect(page.locator('[data-save-state]')).toHaveText('All changes saved');
  await expect(page.locator('.ws-cell.unsaved')).toHaveCount(0);
  expect(await disk.lies(), 'the indicator said saved while something was not').toEqual([]);
  expect(await leaveAsked()).toBe(false);

  await page.reload();
  await expect(cell(page, 0, 'Contact')).toHaveText('Contact on a full disk');
  await expect(cell(page, 0, 'Phone')).toHaveText('+1 555 0199');
  await expect(cell(page, 3, 'Contact')).toHaveText('Another record');
});

test('grid: a write that lands while refused ones wait does not make the indicator say saved', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await openTables(page);
  await openTable(page, 'Customers');
  const disk = await onFullDisk(page, context);
  await editCell(page, 5, 'Contact', 'Refused first');
  await editCell(page, 6, 'Contact', 'Refused second');
  await expect(page.getByTestId('storage-banner')).toContainText('2 unsaved changes');
  await disk.free();
  // A new edit lands at once; the two refused ones go after it, oldest first, and only then "saved".
  await editCell(page, 7, 'Contact', 'Landed at once');
  await expect(page.locator('[data-save-state]')).toHaveText('All changes saved', { timeout: 30_000 });
  await expect(page.getByTestId('storage-banner')).toBeHidden();
  expect(await disk.lies(), 'the indicator said saved while something was not').toEqual([]);
  await page.reload();
  await expect(cell(page, 5, 'Contact')).toHaveText('Refused first');
  await expect(cell(page, 6, 'Contact')).toHaveText('Refused second');
  await expect(cell(page, 7, 'Contact')).toHaveText('Landed at once');
});

const textBox = (page: Page) => canvas(page).getByRole('textbox', { name: 'Text' }).first();

test('editor on a full disk: the reason, the banner, a download, the text kept and stored once there is room', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await openList(page);
  await page.getByRole('button', { name: 'New blank template' }).click();
  await expect(page).toHaveURL(/\/baseplugin\/t\/editor\//);
  await dismissGuidance(page);
  await insert(page, 'Text');
  await textBox(page).click();
  await page.keyboard.type('Before the disk filled.');
  await expect(page.locator('[data-save="saved"]')).toBeVisible({ timeout: 20_000 });
  const disk = await onFullDisk(page, context);

  await textBox(page).click();
  await page.keyboard.press('End');
  // Enough text that the template's row must grow.
  await page.keyboard.type(` Typed on a full disk. ${'More words that need room. '.repeat(8)}`);
  const banner = page.locator('.qe-storage-banner');
  await expect(banner).toContainText('STORAGE_QUOTA_EXCEEDED', { timeout: 30_000 });
  await expect(page.locator('[data-save="saved"]')).toHaveCount(0);
  await expect(textBox(page)).toContainText('Typed on a full disk.');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/nothing-lost-editor-quota.png` });

  const download = page.waitForEvent('download');
  await banner.getByRole('button', { name: 'Download unsaved work' }).click();
  const saved = JSON.parse(await readFile((await (await download).path()) ?? '', 'utf8')) as UnsavedFile;
  expect(saved.format).toBe('quire-unsaved');
  expect(JSON.stringify(saved.items[0]?.payload)).toContain('Typed on a full disk.');

  // An in-app link while the text is unsaved: asked first, and staying keeps the page (no reload
  // would keep the unsaved text; the journal aside, only this tab holds it).
  await page.evaluate(() => {
    (window as unknown as { stillHere: boolean }).stillHere = true;
  });
  // The question is the app's own dialog; a native one would be a defect.
  const asked: string[] = [];
  page.on('dialog', (dialog) => {
    asked.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  const editorUrl = page.url();
  await page.getByRole('link', { name: 'Templates' }).click();
  const leave = page.getByRole('alertdialog', { name: 'Changes not saved' });
  await expect(leave).toContainText('Some changes are not saved yet. Leave anyway?');
  await expect(leave.getByRole('button', { name: 'Stay' })).toBeFocused();
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(editorUrl);
  await expect(textBox(page)).toContainText('Typed on a full disk.');

  // Room again: stored without pressing Retry; "saved" only then.
  await disk.free();
  await expect(page.locator('[data-save="saved"]')).toBeVisible({ timeout: 30_000 });
  await expect(banner).toBeHidden();
  expect(await disk.lies(), 'the indicator said saved while something was not').toEqual([]);
  // Nothing unsaved: the link leaves at once, inside the app (the page was never reloaded).
  await page.getByRole('link', { name: 'Templates' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Templates' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  expect(asked).toEqual([]);
  await page.goto(editorUrl);
  await expect(textBox(page)).toContainText('Before the disk filled. Typed on a full disk. More words');
});

test('child records and a template list on a full disk: kept, marked, in the download, stored once there is room', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await openTables(page);
  await openTable(page, 'Orders');
  const tableUrl = page.url();
  const openLines = async () => {
    await row(page, 0).hover();
    await row(page, 0).getByRole('button', { name: 'Open the linked records of row 1' }).click();
    const lines = page
      .getByRole('complementary', { name: 'Linked records of SO-2025-1001' })
      .locator('section[data-field="Lines"] tbody tr');
    await expect(lines.first()).toBeVisible();
    return lines;
  };
  const lines = await openLines();
  const count = await lines.count();
  expect(count).toBeGreaterThan(1);
  const doomed = (await lines.last().locator('td[data-field="Line"]').textContent()) ?? '';
  const disk = await onFullDisk(page, context);

  // A child cell: refused, shown as typed and marked, never "saved".
  const quantity = lines.first().locator('td[data-field="Quantity"]');
  await quantity.click();
  await quantity.locator('input').fill('97');
  await quantity.locator('input').press('Enter');
  const banner = page.getByTestId('storage-banner');
  await expect(banner).toContainText('The storage on this device is full');
  await expect(banner).toContainText('STORAGE_QUOTA_EXCEEDED');
  await expect(quantity).toHaveText('97');
  await expect(quantity).toHaveClass(/unsaved/);
  await expect(page.locator('[data-save-state]')).toHaveText('Not saved');

  // A child deleted, asked in the app's own dialog: refused, kept, shown struck through.
  await lines
    .last()
    .getByRole('button', { name: `Delete ${doomed}` })
    .click();
  const question = page.getByRole('alertdialog', { name: `Delete “${doomed}”? This cannot be undone.` });
  await question.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(question).toBeHidden();
  await expect(lines.last()).toHaveClass(/deleting/);
  await expect(banner).toContainText('2 unsaved changes');

  // The table's template list, reached inside the app: a rename refused, shown on its card, counted.
  await page
    .getByRole('complementary', { name: 'Linked records of SO-2025-1001' })
    .getByRole('button', { name: 'Close' })
    .click();
  await page.locator('.ws-table-screen').getByRole('link', { name: 'Templates', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Templates' })).toBeVisible();
  const card = (name: string) =>
    page.getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });
  await card('Packing slip').getByRole('button', { name: 'Rename' }).click();
  await page.getByRole('textbox', { name: 'Template name' }).fill('Packing slip, typed on a full disk');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(card('Packing slip, typed on a full disk')).toHaveAttribute('data-unsaved', 'true');
  await expect(banner).toContainText('STORAGE_QUOTA_EXCEEDED');
  await expect(banner).toContainText('3 unsaved changes');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/nothing-lost-template-list-quota.png` });

  await captureDownloads(page);
  await banner.getByRole('button', { name: 'Download unsaved data' }).click();
  const file = JSON.parse((await lastDownload(page)).bytes.toString('utf8')) as UnsavedFile;
  expect(file.items.map((item) => item.reason)).toEqual(Array(3).fill('StorageQuotaExceeded'));
  const text = JSON.stringify(file.items);
  expect(text).toContain('"deleteIds"');
  expect(text).toContain('Packing slip, typed on a full disk');
  expect(file.items.some((item) => JSON.stringify(item.payload.patch ?? {}).includes('97'))).toBe(true);

  // Room again: all three stored without any action, the marks go, the banner goes.
  await disk.free();
  await expect(banner).toBeHidden({ timeout: 30_000 });
  await expect(card('Packing slip, typed on a full disk')).not.toHaveAttribute('data-unsaved');
  expect(await disk.lies(), 'the indicator said saved while something was not').toEqual([]);
  // What shows now is read back from IndexedDB (nothing is left in memory): back in the app, no reload.
  await page.goBack();
  await expect(page).toHaveURL(tableUrl);
  const after = await openLines();
  await expect(after).toHaveCount(count - 1);
  await expect(after.first().locator('td[data-field="Quantity"]')).toHaveText('97');
  await expect(after.locator('td[data-field="Line"]', { hasText: doomed })).toHaveCount(0);
});
