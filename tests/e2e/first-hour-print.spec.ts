import type { Page } from '@playwright/test';
import { captureDownloads, lastDownload } from './downloads';
import { canvas, dismissGuidance, insert, openLivePreview, previewText } from './editor-helpers';
import { expect, SCREENSHOT_DIR, test } from './fixtures';
import { pdfText } from './pdf';
import { cell, openTable, openTables, row } from './workspace-helpers';

// Issue 12, the rest of a newcomer's first hour: from the front door to a printed PDF of their own
// CSV with a template they built; literal braces and the formatting popover in the editor; the
// print dialog's formats; the grid's in-cell select from the keyboard.

const CSV = ['Customer,City,Amount', 'Hanna Berg,Oslo,120.50', 'Ivo Petrov,Sofia,99', 'Mia Chen,Taipei,1450'].join(
  '\n',
);

// Generous: the machine these run on is shared, and the first open installs the demo workspace.
test.beforeEach(() => test.setTimeout(240_000));

/** Counts full page loads: set once, it is gone after any reload. */
const markPage = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { stillHere: boolean }).stillHere = true;
  });
const samePage = (page: Page) => page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere === true);

test('from the front door to a printed PDF of my own CSV, with a template I built', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Open your workspace' }).first().click();
  await page.getByRole('button', { name: 'Continue on this device' }).click();
  const overview = page.getByTestId('home-overview');
  await expect(overview).toBeVisible({ timeout: 60_000 });
  await markPage(page);

  // My data.
  await overview.getByRole('button', { name: 'Import data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import data' });
  await dialog
    .getByTestId('import-file')
    .setInputFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await dialog.getByRole('button', { name: 'Open the table' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'customers' })).toBeVisible();

  // My template: a line of text with a field from my table.
  await page.locator('.ws-table-screen').getByRole('link', { name: 'Templates', exact: true }).click();
  await page.getByRole('button', { name: 'New blank template' }).click();
  await expect(page).toHaveURL(/\/baseplugin\/t\/editor\//);
  await dismissGuidance(page);
  // The page first: at 1280 px the live preview waits folded; a click on "Live preview" shows it.
  await openLivePreview(page);
  await insert(page, 'Text');
  // The new block has the cursor: typing goes straight into it.
  await expect(canvas(page).getByRole('textbox', { name: 'Text' }).first()).toBeFocused();
  await page.keyboard.type('Dear ');
  await page.keyboard.type('{');
  await page.getByRole('dialog', { name: 'Insert field' }).getByRole('searchbox').fill('customer');
  await page.keyboard.press('Enter');
  await page.keyboard.type(', thank you for your order.');
  // (The preview's text layer puts a space on each side of a field's value.)
  await expect(previewText(page)).toHaveText(/Dear\s+Hanna Berg\s*, thank you for your order\./, { timeout: 90_000 });
  await expect(page.locator('[data-save="saved"]')).toBeVisible();

  // Back to my table, two records ticked, printed as one PDF (the default).
  await page.getByRole('link', { name: 'Templates' }).click();
  await page.getByRole('link', { name: '← customers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'customers' })).toBeVisible();
  await row(page, 0).getByRole('checkbox').click();
  await row(page, 2).getByRole('checkbox').click();
  await page.getByRole('button', { name: 'Print 2 records' }).click();
  await expect(page.getByRole('radio', { name: 'One merged PDF' })).toBeChecked();
  // A new template names its files by the rule its help describes.
  await expect(page.getByTestId('print-rule')).toHaveValue('{NAME}_{FIRST_FIELD}');
  await captureDownloads(page);
  await page.getByRole('button', { name: 'Print', exact: true }).click();
  const pdf = await lastDownload(page);
  expect(pdf.name).toMatch(/\.pdf$/);
  const text = pdfText(pdf.bytes).replace(/\s+/g, ' ').replace(/ ,/g, ',');
  expect(text).toContain('Dear Hanna Berg, thank you for your order.');
  expect(text).toContain('Dear Mia Chen, thank you for your order.');
  expect(text).not.toContain('Ivo Petrov');
  // Every step stayed in the app: no page load since the overview.
  expect(await samePage(page)).toBe(true);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/first-hour-printed.png` });
});

test('the editor: literal braces, the formatting popover closes on Escape and outside, a date offers date formats', async ({
  page,
}) => {
  await openTables(page);
  await page.goto('/baseplugin/t/demo-orders/preview');
  await page.getByRole('button', { name: 'New blank template' }).click();
  await expect(page).toHaveURL(/\/baseplugin\/t\/editor\//);
  await dismissGuidance(page);
  await openLivePreview(page);
  await insert(page, 'Text');
  const text = canvas(page).getByRole('textbox', { name: 'Text' }).first();
  await expect(text).toBeFocused();
  // A brace opens the field list; Escape closes it and keeps the brace; what cannot be a field
  // search stays text as typed.
  await page.keyboard.type('Literal {');
  const picker = page.getByRole('dialog', { name: 'Insert field' });
  await expect(picker).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();
  await page.keyboard.type(' and {{7*7}} and {} end');
  await expect(text).toHaveText('Literal { and {{7*7}} and {} end');
  await expect(previewText(page)).toContainText('Literal { and {{7*7}} and {} end', { timeout: 90_000 });

  // A date field: its formatting popover offers date formats, not "Yes / no"; Escape closes it.
  await page.keyboard.press('Enter');
  await page.keyboard.type('{');
  await picker.getByRole('searchbox').fill('order date');
  await page.keyboard.press('Enter');
  const chip = canvas(page).locator('[data-variable="Order date"]');
  await chip.locator('button').click();
  const popover = page.getByRole('dialog', { name: 'Formatting of Order date' });
  const add = popover.getByRole('combobox', { name: 'Add formatting' });
  await expect(add.locator('option[value="customDate"]')).toHaveCount(1);
  await expect(add.locator('option[value="boolean"]')).toHaveCount(0);
  await expect(add.locator('option[value="currency"]')).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/first-hour-chip-popover.png` });
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();
  // An outside click closes it too.
  await chip.locator('button').click();
  await expect(popover).toBeVisible();
  await page.getByRole('complementary', { name: 'Block' }).click({ position: { x: 20, y: 300 } });
  await expect(popover).toBeHidden();
});

test('the print dialog: one merged PDF by default, a finished ZIP forgotten when the format changes', async ({
  page,
}) => {
  await openTables(page);
  await openTable(page, 'Orders');
  await row(page, 0).getByRole('checkbox').click();
  await row(page, 1).getByRole('checkbox').click();
  await page.getByRole('button', { name: 'Print 2 records' }).click();
  const dialog = page.getByRole('dialog', { name: 'Print records' });
  await expect(dialog.getByRole('radio', { name: 'One merged PDF' })).toBeChecked();
  await expect(dialog).toContainText('{FIRST_FIELD}');
  await dialog.getByRole('radio', { name: 'A ZIP with one PDF per record' }).check();
  await captureDownloads(page);
  await dialog.getByRole('button', { name: 'Print', exact: true }).click();
  const zip = await lastDownload(page);
  expect(zip.name).toMatch(/\.zip$/);
  await expect(dialog.getByTestId('print-status')).toContainText('.zip');
  await expect(dialog.getByRole('button', { name: 'Download again' })).toBeVisible();
  // Another format: the ZIP's "ready" and "Download again" belong to the old choice and go.
  await dialog.getByRole('radio', { name: 'One merged PDF' }).check();
  await expect(dialog.getByTestId('print-status')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Download again' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Print', exact: true }).click();
  await expect(dialog.getByTestId('print-status')).toContainText('.pdf', { timeout: 90_000 });
  const merged = await lastDownload(page);
  expect(merged.name).toMatch(/\.pdf$/);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/first-hour-print-switch.png` });
});

test('the grid’s in-cell select is the app’s select, sized to the cell, and works from the keyboard', async ({
  page,
}) => {
  await openTables(page);
  await openTable(page, 'Orders');
  const status = cell(page, 0, 'Status');
  const before = ((await status.textContent()) ?? '').trim();
  await status.dblclick();
  const select = status.getByRole('combobox', { name: 'Status' });
  await expect(select).toHaveClass(/q-select-cell/);
  const box = await select.boundingBox();
  const cellBox = await status.boundingBox();
  expect(box && cellBox && box.height <= cellBox.height + 1).toBe(true);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/first-hour-cell-select.png` });
  await page.keyboard.press('Escape');
  await expect(select).toHaveCount(0);
  await expect(status).toHaveText(before);

  // Keyboard only: Enter edits, arrows choose, Enter picks.
  await status.click();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(select).toHaveCount(0);
  await expect(status).not.toHaveText(before);
  const after = ((await status.textContent()) ?? '').trim();
  await page.reload();
  await expect(cell(page, 0, 'Status')).toHaveText(after);
});

test('the grid’s multiple select is the app’s chip picker, from the keyboard', async ({ page }) => {
  await page.goto('/home');
  const local = page.getByRole('button', { name: 'Continue on this device' });
  const overview = page.getByTestId('home-overview');
  await expect(local.or(overview)).toBeVisible({ timeout: 60_000 });
  if (await local.isVisible()) await local.click();
  await overview.getByRole('button', { name: 'Import data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import data' });
  const csv = ['Parcel,Tags', 'P-1,"rush, fragile"', 'P-2,rush', 'P-3,fragile', 'P-4,"rush, fragile"'].join('\n');
  await dialog
    .getByTestId('import-file')
    .setInputFiles({ name: 'parcels.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await dialog.getByLabel('Type Tags').selectOption('multiSelect');
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await dialog.getByRole('button', { name: 'Open the table' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'parcels' })).toBeVisible();

  // Keyboard only: Enter on the cell opens the picker with the search box focused; no browser
  // suggestion list anywhere.
  const tags = cell(page, 1, 'Tags');
  await expect(tags).toHaveText('rush');
  await tags.click();
  await page.keyboard.press('Enter');
  const picker = page.getByRole('dialog', { name: 'Choose Tags' });
  const search = picker.getByRole('combobox', { name: 'Search or add an option' });
  await expect(search).toBeFocused();
  await expect(page.locator('datalist, input[list]')).toHaveCount(0);
  await expect(picker.getByRole('option', { name: 'rush' })).toHaveAttribute('aria-selected', 'true');
  // Type to narrow, Enter ticks; a new name is offered and added the same way.
  await page.keyboard.type('fra');
  await page.keyboard.press('Enter');
  await expect(picker.getByRole('listitem')).toHaveText(['rush×', 'fragile×']);
  await page.keyboard.type('gift');
  await expect(picker.getByRole('option', { name: 'Add “gift”' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(picker.getByRole('listitem')).toHaveText(['rush×', 'fragile×', 'gift×']);
  // Backspace in the empty search takes off the last chip; arrows move, Enter unticks.
  await page.keyboard.press('Backspace');
  await expect(picker.getByRole('listitem')).toHaveText(['rush×', 'fragile×']);
  await page.keyboard.press('Enter');
  await expect(picker.getByRole('listitem')).toHaveText(['fragile×']);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/first-hour-multi-select.png` });
  await page.keyboard.press('Escape');
  await expect(picker).toHaveCount(0);
  await expect(tags.locator('.ws-chip')).toHaveText(['fragile']);
  await page.reload();
  await expect(cell(page, 1, 'Tags').locator('.ws-chip')).toHaveText(['fragile']);
});

test.describe('before the service worker keeps the app', () => {
  test.use({ serviceWorkers: 'block' });

  test('a print whose batch worker cannot load ends with a translated error, not a wait forever', async ({ page }) => {
    await openTables(page);
    await openTable(page, 'Orders');
    // The network is gone for the worker's script: the browser reports only an `error` event.
    await page.route(/batch\.worker/, (route) => route.abort('internetdisconnected'));
    await row(page, 0).getByRole('checkbox').click();
    await row(page, 1).getByRole('checkbox').click();
    await page.getByRole('button', { name: 'Print 2 records' }).click();
    const dialog = page.getByRole('dialog', { name: 'Print records' });
    await dialog.getByRole('button', { name: 'Print', exact: true }).click();
    await expect(dialog.getByRole('alert')).toContainText(
      'Printing could not start: part of Quire is not on this device yet.',
      { timeout: 30_000 },
    );
    await expect(dialog.getByRole('alert')).toContainText('WORKER_UNAVAILABLE');
    // The dialog is usable again: another try is possible.
    await expect(dialog.getByRole('button', { name: 'Print', exact: true })).toBeEnabled();
  });
});
