import AxeBuilder from '@axe-core/playwright';
import {
  canvas,
  DOT_PNG,
  dismissGuidance,
  goOffline,
  insert,
  openList,
  previewText,
  rememberLivePreviewOpen,
} from './editor-helpers';
import { expect, SCREENSHOT_DIR, test } from './fixtures';

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

test.describe('template editor', () => {
  test.setTimeout(240_000);
  // These journeys read the live preview throughout: it is kept open, as after a user's choice.
  test.beforeEach(({ page }) => rememberLivePreviewOpen(page));

  test('offline throughout: build a template by clicking and typing; preview, undo, redo, reload', {
    tag: '@offline',
  }, async ({ page, context }) => {
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') console.log('[browser]', m.text());
    });
    page.on('pageerror', (e) => console.log('[pageerror]', e.message));
    await openList(page);
    // One online visit installs the app; everything after it runs with the network off.
    await goOffline(page, context);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Templates' })).toBeVisible();
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
    // Then the tips, one at a time: editor pages, preview pages, font size.
    const tips = page.locator('[data-tip]');
    for (const flag of ['hideEditorPageTip', 'hidePreviewPageTip', 'hideFontSizeTooltip']) {
      await expect(tips).toHaveCount(1);
      await expect(tips).toHaveAttribute('data-tip', flag);
      await tips.getByRole('button', { name: 'Got it' }).click();
    }
    await expect(tips).toHaveCount(0);

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
    // The chip names the formatting as a user reads it, with an example, never the raw filter syntax.
    const dateChip = canvas(page).locator('[data-variable="Order date"]');
    await expect(dateChip).toContainText('Date · 2025-01-01');
    await expect(dateChip).not.toContainText('customDate:');

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
    await expect(canvas(page).locator('[data-variable="Order date"]')).toContainText('Date · 2025-01-01');
    await expect(canvas(page).locator('[data-compute="Lines.Amount"]')).toBeVisible();
    await expect(canvas(page).locator('[data-block-type="qrcode"]')).toBeVisible();
    await expect(previewText(page)).toContainText('SO-2025-', { timeout: 90_000 });
    await page.screenshot({ path: `${SCREENSHOT_DIR}/editor-reloaded.png` });

    // The template list shows it, and a rename persists.
    await page.getByRole('link', { name: 'Templates' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Templates' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Untitled template' }).first()).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/editor-list.png` });
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  });

  test('template list: from a sample, rename, duplicate, categorise, delete', async ({ page }) => {
    await openList(page);
    await page.getByRole('combobox', { name: 'From a sample' }).selectOption('invoice');
    await expect(page).toHaveURL(/\/baseplugin\/t\/editor\//);
    await expect(canvas(page).locator('[data-block-type="table"]').first()).toBeVisible();
    await expect(previewText(page)).toContainText('INV-2026-00042', { timeout: 90_000 });
    await page.screenshot({ path: `${SCREENSHOT_DIR}/editor-invoice.png` });
    // Renaming in the editor is saved like any edit.
    await page.getByRole('textbox', { name: 'Template name' }).fill('Sample invoice');
    await expect(page.locator('[data-save="saved"]')).toBeVisible();

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
    await card('Sample invoice').getByRole('button', { name: 'Rename' }).click();
    await page.getByRole('textbox', { name: 'Template name' }).fill('Sample invoice (EU)');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(card('Sample invoice (EU)')).toBeVisible();
    await card('Sample invoice (EU)').getByRole('button', { name: 'Duplicate' }).click();
    await expect(card('Copy of Sample invoice (EU)')).toBeVisible();
    await card('Copy of Sample invoice (EU)')
      .getByRole('combobox', { name: 'Category' })
      .selectOption({ label: 'Board view' });
    await card('Sample invoice (EU)').getByRole('button', { name: 'Delete' }).click();
    // Asked in the app's own dialog, Cancel focused (a destructive question).
    const question = page.getByRole('alertdialog', { name: 'Delete “Sample invoice (EU)”? This cannot be undone.' });
    await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await question.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(card('Sample invoice (EU)')).toHaveCount(0);
    await page.reload();
    await expect(card('Copy of Sample invoice (EU)')).toBeVisible();
    await expect(card('Copy of Sample invoice (EU)').getByRole('combobox', { name: 'Category' })).toHaveValue('2');
    await page.screenshot({ path: `${SCREENSHOT_DIR}/editor-list-actions.png` });
  });

  test('rich text media, preview errors at their block, approval variables', async ({ page }) => {
    page.on('pageerror', (e) => console.log('[pageerror]', e.message));
    await openList(page);
    await page.getByRole('button', { name: 'New blank template' }).click();
    await expect(page.getByText('This page is empty.')).toBeVisible();
    await dismissGuidance(page);

    // An inline image and a QR code inside a text block, from the format bar.
    await insert(page, 'Text');
    await canvas(page).getByRole('textbox', { name: 'Text' }).first().click();
    await page.keyboard.type('Logo ');
    await page.getByRole('button', { name: 'Image in text' }).click();
    const imageForm = page.getByRole('dialog', { name: 'Image in text' });
    await imageForm.getByRole('textbox', { name: 'Image link (https://…)' }).fill(DOT_PNG);
    await imageForm.getByRole('button', { name: 'Insert', exact: true }).click();
    await expect(canvas(page).locator('[data-inline-image] img')).toBeVisible();
    await page.keyboard.type(' Acme');
    await page.getByRole('button', { name: 'QR code in text' }).click();
    const qrForm = page.getByRole('dialog', { name: 'QR code in text' });
    await expect(qrForm.getByRole('combobox', { name: 'Content' })).toHaveValue('currentRecord');
    await qrForm.getByRole('button', { name: 'Insert QR code' }).click();
    await expect(canvas(page).locator('[data-text-qr="currentRecord"] svg')).toBeVisible();
    await page.keyboard.type('Scan to open the order');
    await expect(previewText(page)).toContainText('Scan to open the order', { timeout: 90_000 });
    await expect(previewText(page)).toContainText('Logo');
    await expect(page.locator('[data-status="ok"]')).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/editor-text-media.png` });

    // A preview error is shown at the block it comes from, and clears when fixed.
    await insert(page, 'QR code');
    const side = page.getByRole('complementary', { name: 'Block' });
    await side.getByLabel('Content').selectOption('custom');
    await side.getByLabel('Text (may hold {tags})').fill('{Order no | nosuch}');
    const broken = canvas(page).locator('[data-block-type="qrcode"][data-preview-error]');
    await expect(broken).toBeVisible({ timeout: 90_000 });
    await expect(broken.getByRole('alert')).toHaveText("Preview error here: unknown filter 'nosuch'");
    await expect(page.locator('div.qe-preview-error')).toContainText('nosuch');
    await expect(canvas(page).locator('[data-preview-error]')).toHaveCount(1);
    await broken.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/editor-block-error.png` });
    await side.getByLabel('Text (may hold {tags})').fill('{Order no}');
    await expect(canvas(page).locator('[data-preview-error]')).toHaveCount(0, { timeout: 90_000 });
    await expect(page.locator('[data-status="ok"]')).toBeVisible({ timeout: 90_000 });

    // A template bound to the demo expense approval offers its form, system and signature variables.
    await page.goto('/baseplugin/t/DEMO-EXPENSE/preview');
    await page.getByRole('button', { name: 'New blank template' }).click();
    await expect(page.getByText('This page is empty.')).toBeVisible();
    await insert(page, 'Text');
    await canvas(page).getByRole('textbox', { name: 'Text' }).first().click();
    const fields = page.getByRole('complementary', { name: 'Fields' });
    for (const group of ['Approval form', 'Approval details', 'Signature by person', 'Signature list by node'])
      await expect(fields.getByRole('heading', { name: group })).toBeVisible();
    await fields.getByRole('button', { name: 'Reason', exact: true }).click();
    await expect(canvas(page).locator('[data-variable="Reason"]')).toBeVisible();
    await page.keyboard.type(' signed ');
    await fields.getByRole('searchbox').fill('manager · signature image');
    await expect(fields.locator('[data-field]')).toHaveCount(2);
    await fields.getByRole('searchbox').fill('finance · time');
    await fields.locator('[data-field="signatureByNode.Finance.timeStr"]').click();
    await expect(canvas(page).locator('[data-variable="signatureByNode.Finance.timeStr"]')).toBeVisible();
    await expect(previewText(page)).toContainText('Client visit in Berlin', { timeout: 90_000 });
    await expect(previewText(page)).toHaveText(/signed\s+20\d\d-\d\d-\d\d \d\d:\d\d:\d\d/);
    await fields.getByRole('searchbox').fill('signature');
    await page.screenshot({ path: `${SCREENSHOT_DIR}/editor-approval-fields.png` });
  });
});
