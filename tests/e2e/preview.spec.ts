import { readFileSync } from 'node:fs';
import { expect, SCREENSHOT_DIR, test } from './fixtures';

interface InvoiceData {
  customer: { name: string };
  lines: { description: string; quantity: number }[];
  total: number;
}

const invoice = JSON.parse(readFileSync('tests/fixtures/invoice/data.json', 'utf8')) as InvoiceData;

/** The invoice prints amounts with grouping and two decimals (4100.23 → 4,100.23). */
function money(value: number): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

test.describe('preview and print', () => {
  // The first compile loads a 28 MB WASM compiler and the fonts.
  test.setTimeout(120_000);

  test('renders the invoice sample in the worker while offline and reads the shown PDF', { tag: '@offline' }, async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
      }
    });
    await expect(page.getByTestId('offline-ready')).toBeVisible({ timeout: 60_000 });

    await context.setOffline(true);
    await page.goto('/print?template=fixture:invoice');
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Print');
    await expect(page.getByLabel('Template')).toHaveValue('fixture:invoice');

    const text = page.getByTestId('preview-page-text');
    await expect(text.first()).toContainText(invoice.customer.name, { timeout: 90_000 });
    const all = (await text.allTextContents()).join('\n');
    const shipped = invoice.lines.find((line) => line.quantity > 0)!;
    expect(all).toContain(shipped.description);
    expect(all).toContain(money(invoice.total));
    await expect(page.getByTestId('preview-page-count')).toHaveText(/Pages: [1-9]/);
    await expect(page.getByRole('img', { name: /^Page 1 of/ })).toBeVisible();

    // Zoom redraws the pages at the new size.
    const canvas = page.locator('.pv-page canvas').first();
    const before = (await canvas.boundingBox())!.width;
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await expect.poll(async () => (await canvas.boundingBox())?.width ?? 0).toBeLessThan(before - 20);
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect
      .poll(async () => Math.round((await page.locator('.pv-page canvas').first().boundingBox())?.width ?? 0))
      .toBe(Math.round(before));

    // Download is named by the sample's file-name rule.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Invoice_INV-2026-00042.pdf');

    await page.screenshot({ path: `${SCREENSHOT_DIR}/preview-invoice.png` });

    // Another sample renders from the precache too.
    await page.getByLabel('Template').selectOption('fixture:contract');
    await expect(text.first()).toContainText('MSA-2026-0917', { timeout: 60_000 });

    // Print hands the PDF to the browser in a hidden frame.
    await page.getByRole('button', { name: 'Print', exact: true }).click();
    await expect(page.locator('iframe.q-print-frame')).toHaveAttribute('src', /^blob:/);

    await context.setOffline(false);
  });

  test('a stored demo template previews the chosen table record', async ({ page }) => {
    await page.goto('/baseplugin/t/demo-orders/preview');
    const local = page.getByRole('button', { name: 'Continue on this device' });
    const heading = page.getByRole('heading', { level: 1, name: 'Templates' });
    await expect(local.or(heading)).toBeVisible();
    if (await local.isVisible()) await local.click();
    await expect(heading).toBeVisible();

    // The general print screen groups the templates by the table or approval they print; the samples
    // come last, in their own labelled group.
    await page.goto('/print');
    const groups = page.getByLabel('Template').locator('optgroup');
    await expect(groups.and(page.locator('[data-group="table"]')).first()).toBeAttached({ timeout: 30_000 });
    await expect(groups.last()).toHaveAttribute('label', 'Samples (example data)');
    await expect(groups.first()).toHaveAttribute('data-group', /^(table|approval)$/);
    const stored = page.getByLabel('Template').locator('optgroup[data-group="table"] option');
    await expect(stored.first()).toBeAttached();
    const options = await stored.evaluateAll((els) =>
      els.map((el) => [(el as HTMLOptionElement).value, el.textContent ?? '']),
    );
    const [templateId] = options.find(([, name]) => name === 'Packing slip') ?? options[0]!;

    await page.goto(`/baseplugin/t/demo-orders/preview/${templateId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Template preview');
    // A table's preview offers that table's templates only: no samples mixed in.
    const tableGroups = page.getByLabel('Template').locator('optgroup');
    await expect(tableGroups).toHaveCount(1);
    await expect(tableGroups).toHaveAttribute('label', /^Table “.+”$/);
    await expect(page.getByLabel('Template').locator('option[value^="fixture:"]')).toHaveCount(0);
    const record = page.getByLabel('Record');
    await expect(record).toBeEnabled();
    const labels = (await record.locator('option').allTextContents()).map((text) => text.trim());
    const text = page.getByTestId('preview-page-text').first();
    await expect(text).toContainText(labels[0]!, { timeout: 90_000 });
    await expect(page.locator('.pv-subtitle')).toContainText(labels[0]!);

    await record.selectOption({ label: labels[1]! });
    await expect(text).toContainText(labels[1]!, { timeout: 60_000 });
    await expect(text).not.toContainText(labels[0]!);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/preview-record.png` });
  });

  test('an unknown template says so and keeps the table’s templates at hand', async ({ page }) => {
    await page.goto('/baseplugin/t/demo-orders/preview');
    const local = page.getByRole('button', { name: 'Continue on this device' });
    await expect(local.or(page.getByRole('heading', { level: 1, name: 'Templates' }))).toBeVisible();
    if (await local.isVisible()) await local.click();
    await page.goto('/baseplugin/t/demo-orders/preview/no-such-template');
    await expect(page.getByRole('alert')).toContainText('This template is not in this workspace.');
    await expect(page.locator('dd[data-param="templateId"]')).toHaveText('no-such-template');
    const own = page.getByLabel('Template').locator('optgroup option').first();
    await page.getByLabel('Template').selectOption((await own.getAttribute('value')) ?? '');
    await expect(page.getByTestId('preview-page-text').first()).not.toBeEmpty({ timeout: 90_000 });
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
