import AxeBuilder from '@axe-core/playwright';
import {
  canvas,
  dismissGuidance,
  goOffline,
  insert,
  openList,
  previewText,
  rememberLivePreviewOpen,
} from './editor-helpers';
import { expect, SCREENSHOT_DIR, test } from './fixtures';

test.describe('template editor: approval templates', () => {
  test.setTimeout(240_000);
  // These journeys read the live preview throughout: it is kept open, as after a user's choice.
  test.beforeEach(({ page }) => rememberLivePreviewOpen(page));

  test('bind a template to an approval, design it with approval variables, preview an instance', {
    tag: '@offline',
  }, async ({ page, context }) => {
    page.on('pageerror', (e) => console.log('[pageerror]', e.message));
    await openList(page);
    await goOffline(page, context);

    // From a table's template list: a new template bound to an approval of this device.
    await page
      .getByRole('combobox', { name: 'New approval template' })
      .selectOption({ label: 'Expense reimbursement' });
    await expect(page).toHaveURL(/\/approval\/editor\/DEMO-EXPENSE\?templateId=/);
    await expect(page.getByText('This page is empty.')).toBeVisible();
    await dismissGuidance(page);
    await expect(page.getByRole('textbox', { name: 'Template name' })).toHaveValue('Expense reimbursement');
    const source = page.getByRole('button', { name: /^Data/ });
    await expect(source).toContainText('Approval · Expense reimbursement');

    // The field panel offers the approval's form, system and signature variables.
    await insert(page, 'Text');
    await canvas(page).getByRole('textbox', { name: 'Text' }).first().click();
    await page.keyboard.type('Reason: ');
    const fields = page.getByRole('complementary', { name: 'Fields' });
    for (const group of ['Approval form', 'Approval details', 'Signature by person', 'Signature list by node'])
      await expect(fields.getByRole('heading', { name: group })).toBeVisible();
    await fields.getByRole('button', { name: 'Reason', exact: true }).click();
    await expect(canvas(page).locator('[data-variable="Reason"]')).toBeVisible();
    await page.keyboard.type(' approved by ');
    await fields.getByRole('searchbox').fill('finance · name');
    await fields.locator('[data-field="signatureByNode.Finance.name"]').click();
    await fields.getByRole('searchbox').fill('');

    // The preview prints an approval instance; the picker switches instances.
    await expect(previewText(page)).toContainText(/Reason:\s*Client visit in Berlin/, { timeout: 90_000 });
    const record = page
      .getByRole('complementary', { name: 'Live preview' })
      .getByRole('combobox', { name: 'Approval instance' });
    // Each instance says who and what it is, not only its serial number.
    const lunch = record.locator('option', { hasText: '#20251202' });
    await expect(lunch).toHaveText(/^#20251202 · .+ · Expense reimbursement – .+ · (APPROVED|PENDING)$/);
    await record.selectOption({ label: (await lunch.textContent()) ?? '' });
    await expect(previewText(page)).toContainText(/Reason:\s*Team lunch after launch/, { timeout: 90_000 });

    // The signature list (#31 item 2): a node's signature at the end of the document, laid out as a table.
    await page.getByRole('tab', { name: 'Document' }).click();
    await page.getByRole('button', { name: 'Add a signature' }).click();
    const signatures = page.getByTestId('signature-list');
    await signatures.getByLabel('Node', { exact: true }).fill('Finance');
    await signatures.getByLabel('Label', { exact: true }).fill('Checked by finance');
    await page.getByLabel('Layout', { exact: true }).selectOption('table');
    await expect(previewText(page)).toContainText('Checked by finance', { timeout: 60_000 });
    await expect(previewText(page)).toContainText('Comment');
    await page.screenshot({ path: `${SCREENSHOT_DIR}/editor-signature-list.png` });
    await page.getByRole('tab', { name: 'Block' }).click();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/editor-approval-bound.png` });

    // The data source switch lists this device's approvals and tables.
    await source.click();
    const picker = page.getByRole('dialog', { name: 'Data source' });
    await expect(picker.getByRole('button', { name: /Expense reimbursement/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(picker.getByRole('button', { name: /^Orders/ })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/editor-data-source.png` });
    const axe = await new AxeBuilder({ page }).include('.qe').analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
    await page.keyboard.press('Escape');

    // Back: the approval's own template list (spec route /approval/:approvalCode).
    await expect(page.locator('[data-save="saved"]')).toBeVisible();
    await page.getByRole('link', { name: 'Templates' }).click();
    await expect(page).toHaveURL(/\/approval\/DEMO-EXPENSE$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Approval templates' })).toBeVisible();
    await expect(page.getByText('Print templates of the approval “Expense reimbursement”.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Expense reimbursement', exact: true })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/editor-approval-list.png` });

    // /approval/editor/:approvalCode without a template id opens the approval's last edited template.
    await page.goto('/approval/editor/DEMO-EXPENSE');
    await expect(page).toHaveURL(/\/approval\/editor\/DEMO-EXPENSE\?templateId=/);
    await expect(canvas(page).locator('[data-variable="Reason"]')).toBeVisible();

    // Rebinding to a table changes the fields; the binding is saved with the template.
    await page.getByRole('button', { name: /^Data/ }).click();
    await page
      .getByRole('dialog', { name: 'Data source' })
      .getByRole('button', { name: /^Orders/ })
      .click();
    await expect(page.getByRole('button', { name: /^Data/ })).toContainText('Orders');
    await expect(fields.getByRole('heading', { name: 'Fields of Orders' })).toBeVisible();
    await expect(fields.getByRole('heading', { name: 'Approval form' })).toHaveCount(0);
    await expect(page.locator('[data-save="saved"]')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: /^Data/ })).toContainText('Orders');
    await page.getByRole('button', { name: /^Data/ }).click();
    await page
      .getByRole('dialog', { name: 'Data source' })
      .getByRole('button', { name: /Expense reimbursement/ })
      .click();
    await expect(fields.getByRole('heading', { name: 'Approval form' })).toBeVisible();
    await expect(previewText(page)).toContainText(/Reason:\s*Client visit in Berlin/, { timeout: 90_000 });

    // The preview screen prints it too: the approval's own templates to pick, its instances by who and what.
    await page.getByRole('link', { name: 'Preview', exact: true }).click();
    await expect(page).toHaveURL(/\/print\?template=/);
    const templatePicker = page.getByRole('combobox', { name: 'Template' });
    await expect(templatePicker.locator('optgroup').first()).toHaveAttribute(
      'label',
      'Approval “Expense reimbursement”',
    );
    // Only the approval's own templates: no samples, no other table's templates mixed in.
    await expect(templatePicker.locator('optgroup')).toHaveCount(1);
    const instance = page.getByRole('combobox', { name: 'Approval instance' });
    await expect(instance.locator('option', { hasText: '#20251202' })).toHaveText(
      /^#20251202 · .+ · Expense reimbursement – .+ · (APPROVED|PENDING)$/,
    );
    const shown = page.getByTestId('preview-page-text').first();
    await expect(shown).toContainText(/Reason:\s*Client visit in Berlin/, { timeout: 90_000 });
    await instance.selectOption({
      label: (await instance.locator('option', { hasText: '#20251202' }).textContent()) ?? '',
    });
    await expect(shown).toContainText(/Reason:\s*Team lunch after launch/, { timeout: 60_000 });
    await expect(page.locator('.pv-back')).toContainText('Approval templates');
    await page.screenshot({ path: `${SCREENSHOT_DIR}/preview-approval-instance.png` });
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  });

  test('an approval that is not on this device says so', async ({ page }) => {
    await page.goto('/approval/editor/NO-SUCH-APPROVAL');
    await expect(page.getByRole('alert')).toContainText('There is no approval “NO-SUCH-APPROVAL” on this device.');
    await expect(page.getByRole('link', { name: 'Open the workspace' })).toBeVisible();
  });
});
