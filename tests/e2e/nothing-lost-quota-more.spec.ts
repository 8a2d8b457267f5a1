/**
 * Issue 19, the rest of the full-disk journeys (quota lowered through the DevTools protocol, as in
 * nothing-lost-quota.spec): a new field and a new template are kept, shown marked, in the download
 * and written once there is room; a restore and an approval import are refused with the catalogued
 * reason and leave the data as it was.
 */
import type { Page } from '@playwright/test';
import { captureDownloads, lastDownload } from './downloads';
import { expect, SCREENSHOT_DIR, test } from './fixtures';
import { onFullDisk } from './nothing-lost-truth';
import { cell, cellInput, openTable, openTables } from './workspace-helpers';

async function editCell(page: Page, recordIndex: number, field: string, text: string) {
  await cell(page, recordIndex, field).dblclick();
  const input = cellInput(page, recordIndex, field);
  await input.fill(text);
  await input.press('Enter');
  await expect(cell(page, recordIndex, field)).toHaveText(text);
}

test('a field and a template created on a full disk: shown as not saved, in the download, written once there is room', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  await openTables(page);
  await openTable(page, 'Customers');
  const disk = await onFullDisk(page, context);

  await page.getByRole('button', { name: 'Add field' }).click();
  const dialog = page.getByRole('dialog', { name: 'New field' });
  await dialog.getByLabel('Field name').fill('Full-disk notes');
  await dialog.getByRole('button', { name: 'Create field' }).click();
  await expect(dialog).toBeHidden();
  const banner = page.getByTestId('storage-banner');
  await expect(banner).toContainText('STORAGE_QUOTA_EXCEEDED');
  await expect(banner).toContainText('1 unsaved change');
  const header = page.getByRole('columnheader').filter({ hasText: 'Full-disk notes' });
  await expect(header).toContainText('Not saved');
  await expect(header).toHaveClass(/unsaved/);
  await expect(page.locator('[data-save-state]')).toHaveText('Not saved');
  await header.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/nothing-lost-field-quota.png` });

  // A template made on the same full disk: listed at once, marked, the list stays where it is.
  await page.locator('.ws-table-screen').getByRole('link', { name: 'Templates', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Templates' })).toBeVisible();
  await page.getByRole('button', { name: 'New blank template' }).click();
  const waiting = page.locator('li.tpl-card[data-unsaved="true"]').filter({ hasText: 'Untitled template' });
  await expect(waiting).toContainText('Not saved yet: it opens once there is room');
  await expect(page).toHaveURL(/\/preview$/);
  await expect(banner).toContainText('2 unsaved changes');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/nothing-lost-template-new-quota.png` });

  await captureDownloads(page);
  await banner.getByRole('button', { name: 'Download unsaved data' }).click();
  const file = JSON.parse((await lastDownload(page)).bytes.toString('utf8')) as {
    items: Array<{ key: string; reason: string; payload: { field?: { name?: string }; name?: string } }>;
  };
  expect(file.items.map((item) => item.reason)).toEqual(['StorageQuotaExceeded', 'StorageQuotaExceeded']);
  expect(file.items.some((item) => item.payload.field?.name === 'Full-disk notes')).toBe(true);
  expect(file.items.some((item) => item.payload.name === 'Untitled template')).toBe(true);

  // Room again: both written without any action; the template opens, the column is a stored one.
  await disk.free();
  await expect(banner).toBeHidden({ timeout: 30_000 });
  const stored = page.locator('li.tpl-card').filter({ has: page.getByRole('link', { name: 'Untitled template' }) });
  await expect(stored.first()).not.toHaveAttribute('data-unsaved');
  expect(await disk.lies(), 'the indicator said saved while something was not').toEqual([]);
  await page.reload();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  const after = page.getByRole('columnheader').filter({ hasText: 'Full-disk notes' });
  await expect(after).toBeAttached();
  await expect(after).not.toContainText('Not saved');
});

test('a restore and an approval import on a full disk: the catalogued reason, the data as it was', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  await openTables(page);
  await openTable(page, 'Orders');
  await editCell(page, 0, 'Order no', 'IN-THE-BACKUP');
  await expect(page.locator('[data-save-state]')).toHaveText('All changes saved');
  await page.getByRole('button', { name: 'Storage and backup' }).click();
  await captureDownloads(page);
  await page.getByRole('button', { name: 'Download backup' }).click();
  const backup = await lastDownload(page);
  await page.keyboard.press('Escape');
  await editCell(page, 0, 'Order no', 'AS-IT-WAS');
  await expect(page.locator('[data-save-state]')).toHaveText('All changes saved');
  const disk = await onFullDisk(page, context);

  // The backup is valid, so the question comes; the replace is refused as a whole.
  await page.getByRole('button', { name: 'Storage and backup' }).click();
  await page
    .getByTestId('restore-input')
    .setInputFiles({ name: backup.name, mimeType: 'application/json', buffer: backup.bytes });
  const question = page.getByRole('dialog', { name: 'Restore this backup?' });
  await question.getByRole('button', { name: 'Replace and restore' }).click();
  const settings = page.getByRole('dialog', { name: 'Storage and backup' });
  const refusal = settings.getByRole('alert');
  await expect(refusal).toContainText('STORAGE_QUOTA_EXCEEDED', { timeout: 30_000 });
  await expect(refusal).toContainText('The storage on this device is full');
  await expect(settings.getByText('Backup restored.')).toHaveCount(0);
  // The banner tells the truth: nothing waits in this tab, nothing was changed.
  await expect(page.getByTestId('storage-banner')).toContainText('What you last tried was not written');
  await expect(page.getByTestId('storage-banner')).not.toContainText('kept in this tab');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/nothing-lost-restore-quota.png` });
  await page.keyboard.press('Escape');
  await expect(cell(page, 0, 'Order no')).toHaveText('AS-IT-WAS');

  // An approval file on the same full disk: refused, named, nothing half imported.
  await page.getByRole('link', { name: /All tables/ }).click();
  const approvals = page.getByTestId('approvals');
  const travel = {
    definition: { approval_name: 'Full-disk travel', approval_code: 'E2E-FULL-DISK', form: '[]' },
    instances: [
      { serial_id: 'F-1', content_data: '[]' },
      { serial_id: 'F-2', content_data: '[]' },
    ],
  };
  const file = { name: 'travel.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(travel)) };
  await approvals.getByTestId('approval-input').setInputFiles(file);
  const error = approvals.getByTestId('error-box');
  await expect(error).toContainText('STORAGE_QUOTA_EXCEEDED');
  await expect(error).toContainText('travel.json');
  await expect(approvals.locator('li[data-approval-code="E2E-FULL-DISK"]')).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/nothing-lost-approval-import-quota.png`, fullPage: true });

  // Room again: what is stored is what was there before either try; the same file then imports.
  await disk.free();
  await page.reload();
  await expect(approvals.locator('li[data-approval-code="E2E-FULL-DISK"]')).toHaveCount(0);
  await approvals.getByTestId('approval-input').setInputFiles(file);
  await expect(approvals.getByRole('status')).toHaveText('Imported — definitions: 1, instances: 2.');
  await openTable(page, 'Orders');
  await expect(cell(page, 0, 'Order no')).toHaveText('AS-IT-WAS');
});
