import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, SCREENSHOT_DIR, test } from './fixtures';

const LIST = '/baseplugin/t/demo-orders/preview';

async function openList(page: Page) {
  await page.goto(LIST);
  const local = page.getByRole('button', { name: 'Continue on this device' });
  const heading = page.getByRole('heading', { level: 1, name: 'Templates' });
  await expect(local.or(heading)).toBeVisible();
  if (await local.isVisible()) await local.click();
  await expect(heading).toBeVisible();
}

async function insert(page: Page, blockName: string) {
  await page.getByRole('button', { name: 'Insert', exact: true }).click();
  await page.getByRole('menuitem', { name: blockName }).click();
}

const PRODUCTS = [
  'Notebook',
  'Organizer',
  'Mug',
  'Mouse',
  'Keyboard',
  'Pen Set',
  'Tote',
  'Lamp',
  'Bottle',
  'Laptop Stand',
  'Sticky',
  'Markers',
];

const canvas = (page: Page) => page.getByRole('region', { name: 'Page canvas' });
const previewText = (page: Page) => page.getByTestId('preview-text');

test.describe('template editor', () => {
  test.setTimeout(240_000);

  test('build a template by clicking and typing; preview, undo, redo, reload', async ({ page }) => {
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') console.log('[browser]', m.text());
    });
    page.on('pageerror', (e) => console.log('[pageerror]', e.message));
    await openList(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/editor-list-empty.png` });
    await page.getByRole('button', { name: 'New blank template' }).click();
    await expect(page).toHaveURL(/\/baseplugin\/t\/editor\//);
    await expect(page.getByText('This page is empty.')).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/editor-blank.png` });

    // Guidance: the quick guide and the tips are dismissed once and stay dismissed.
    const guide = page.getByRole('region', { name: 'Quick guide' });
    await guide.getByRole('button', { name: 'Next' }).click();
    await expect(guide).toContainText('Type {');
    await guide.getByRole('button', { name: 'Got it' }).click();
    await expect(guide).toBeHidden();
    const tips = page.locator('[data-tip]');
    await expect(tips).toHaveCount(3); // font size, editor pages, preview pages
    while ((await tips.count()) > 0) await tips.first().getByRole('button', { name: 'Got it' }).click();

    // A heading with a variable.
    await insert(page, 'Text');
    const text = canvas(page).getByRole('textbox', { name: 'Text' }).first();
    await text.click();
    await page.keyboard.type('Order ');
    await page
      .getByRole('toolbar', { name: 'Text style' })
      .getByRole('combobox', { name: 'Text style' })
      .selectOption('heading-one');
    await text.click();
    await page.keyboard.press('End');
    await page.keyboard.type('{');
    await page.getByRole('dialog', { name: 'Insert field' }).getByRole('searchbox').fill('order no');
    await page.keyboard.press('Enter');
    await expect(canvas(page).locator('h1 [data-variable="Order no"]')).toBeVisible();

    await page.screenshot({ path: `${SCREENSHOT_DIR}/editor-heading.png` });

    // A paragraph with a formatted date.
    await insert(page, 'Text');
    await canvas(page).getByRole('textbox', { name: 'Text' }).nth(1).click();
    await page.keyboard.type('Ordered on ');
    await page.keyboard.type('{');
    await page.getByRole('dialog', { name: 'Insert field' }).getByRole('searchbox').fill('order date');
    await page.keyboard.press('Enter');
    await canvas(page).locator('[data-variable="Order date"] button').click();
    const chip = page.getByRole('dialog', { name: 'Formatting of Order date' });
    await chip.getByRole('combobox', { name: 'Add formatting' }).selectOption('customDate');
    await expect(chip.getByRole('combobox', { name: 'Options' })).toHaveValue('yyyy-MM-dd');
    await chip.getByRole('button', { name: 'Done' }).click();
    await expect(canvas(page).locator('[data-variable="Order date"]')).toContainText('customDate:yyyy-MM-dd');

    // A line-item table bound to the order lines, with a filter and a total row.
    await insert(page, 'Table');
    await expect(canvas(page).locator('table.qe-table')).toBeVisible();
    await canvas(page).getByRole('textbox', { name: 'Row 1, column 1' }).click();
    await page.keyboard.type('Product');
    await canvas(page).getByRole('textbox', { name: 'Row 1, column 2' }).click();
    await page.keyboard.type('Amount');
    const side = page.getByRole('complementary', { name: 'Block' });
    await side.getByRole('button', { name: 'Row below' }).click();
    await side.getByLabel('Header rows').fill('1');
    await side.getByLabel('Footer rows').fill('1');
    await side.getByLabel('List field').selectOption({ label: 'Lines' });
    await side.getByRole('button', { name: 'Add condition' }).click();
    await side.getByRole('combobox', { name: 'Field', exact: true }).selectOption({ label: 'Quantity' });
    await side.getByRole('combobox', { name: 'Filter', exact: true }).selectOption('gt');
    await side.getByRole('spinbutton', { name: 'Value' }).fill('0');
    await canvas(page).getByRole('textbox', { name: 'Row 2, column 1' }).click();
    await page.keyboard.type('{');
    await page.getByRole('dialog', { name: 'Insert field' }).getByRole('searchbox').fill('product');
    await page.keyboard.press('Enter');
    await canvas(page).getByRole('textbox', { name: 'Row 2, column 2' }).click();
    await page.keyboard.type('{');
    await page.getByRole('dialog', { name: 'Insert field' }).getByRole('searchbox').fill('amount');
    await page.keyboard.press('Enter');
    await canvas(page).getByRole('textbox', { name: 'Row 3, column 1' }).click();
    await page.keyboard.type('Total');
    await canvas(page).getByRole('textbox', { name: 'Row 3, column 2' }).click();
    await page.getByRole('button', { name: 'Insert total' }).click();
    await page.getByRole('button', { name: 'Lines · Amount' }).click();
    await expect(canvas(page).locator('[data-compute="Lines.Amount"]')).toBeVisible();

    // A QR code of the record.
    await insert(page, 'QR code');
    await page.getByLabel('Content').selectOption('currentRecord');

    await expect(page.locator('[data-save="saved"]')).toBeVisible();
    await expect(previewText(page)).toContainText('SO-2025-', { timeout: 90_000 });
    await expect(previewText(page)).toHaveText(/Ordered on\s+20\d\d-\d\d-\d\d/);
    await expect(previewText(page)).toHaveText(/Total\s+\$?[\d,]+\.\d\d/);
    await expect(previewText(page)).toHaveText(new RegExp(PRODUCTS.join('|')));
    await page.screenshot({ path: `${SCREENSHOT_DIR}/editor-built.png` });

    const axe = await new AxeBuilder({ page }).include('.qe').analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);

    // Undo back to a blank page, then redo everything.
    const undo = page.getByRole('button', { name: 'Undo' });
    while (await undo.isEnabled()) await undo.click();
    await expect(page.getByText('This page is empty.')).toBeVisible();
    const redo = page.getByRole('button', { name: 'Redo' });
    while (await redo.isEnabled()) await redo.click();
    await expect(canvas(page).locator('h1 [data-variable="Order no"]')).toBeVisible();
    await expect(canvas(page).locator('table.qe-table')).toBeVisible();
    await expect(canvas(page).locator('[data-block-type="qrcode"]')).toBeVisible();
    await expect(page.locator('[data-save="saved"]')).toBeVisible();

    await page.reload();
    await expect(canvas(page).locator('h1 [data-variable="Order no"]')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Quick guide' })).toBeHidden();
    await expect(page.locator('[data-tip]')).toHaveCount(0);
    await expect(canvas(page).locator('table.qe-table')).toContainText('Product');
    await expect(canvas(page).locator('[data-variable="Order date"]')).toContainText('customDate');
    await expect(canvas(page).locator('[data-compute="Lines.Amount"]')).toBeVisible();
    await expect(canvas(page).locator('[data-block-type="qrcode"]')).toBeVisible();
    await expect(previewText(page)).toContainText('SO-2025-', { timeout: 90_000 });
    await page.screenshot({ path: `${SCREENSHOT_DIR}/editor-reloaded.png` });

    // The template list shows it, and a rename persists.
    await page.getByRole('link', { name: 'Templates' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Templates' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Untitled template' }).first()).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/editor-list.png` });
  });

  test('template list: from a sample, rename, duplicate, categorise, delete', async ({ page }) => {
    await openList(page);
    await page.getByRole('combobox', { name: 'From a sample' }).selectOption('invoice');
    await expect(page).toHaveURL(/\/baseplugin\/t\/editor\//);
    await expect(canvas(page).locator('[data-block-type="table"]').first()).toBeVisible();
    await expect(previewText(page)).toContainText('INV-2026-00042', { timeout: 90_000 });
    await page.screenshot({ path: `${SCREENSHOT_DIR}/editor-invoice.png` });

    // Keyboard: Alt+↓ moves the selected block, Ctrl+Z puts it back.
    const blocks = canvas(page).locator('.qe-page > .qe-row-wrap > .qe-row > .qe-col > [data-block-id]');
    const order = () => blocks.evaluateAll((els) => els.map((el) => el.getAttribute('data-block-id')));
    const before = await order();
    await blocks.first().locator('> .qe-handle').click();
    await page.keyboard.press('Alt+ArrowDown');
    await expect.poll(order).not.toEqual(before);
    await page.keyboard.press('Control+z');
    await expect.poll(order).toEqual(before);

    await page.getByRole('link', { name: 'Templates' }).click();
    const card = (name: string) =>
      page.getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });
    await card('Invoice').getByRole('button', { name: 'Rename' }).click();
    await page.getByRole('textbox', { name: 'Template name' }).fill('Invoice (EU)');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(card('Invoice (EU)')).toBeVisible();
    await card('Invoice (EU)').getByRole('button', { name: 'Duplicate' }).click();
    await expect(card('Copy of Invoice (EU)')).toBeVisible();
    await card('Copy of Invoice (EU)')
      .getByRole('combobox', { name: 'Category' })
      .selectOption({ label: 'Board view' });
    page.once('dialog', (dialog) => void dialog.accept());
    await card('Invoice (EU)').getByRole('button', { name: 'Delete' }).click();
    await expect(card('Invoice (EU)')).toHaveCount(0);
    await page.reload();
    await expect(card('Copy of Invoice (EU)')).toBeVisible();
    await expect(card('Copy of Invoice (EU)').getByRole('combobox', { name: 'Category' })).toHaveValue('2');
    await page.screenshot({ path: `${SCREENSHOT_DIR}/editor-list-actions.png` });
  });
});
