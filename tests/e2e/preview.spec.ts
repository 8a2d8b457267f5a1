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

  test('renders the invoice sample in the worker while offline and reads the shown PDF', async ({ page, context }) => {
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

    await context.setOffline(false);
  });

  test('a stored demo template previews a table record', async ({ page }) => {
    await page.goto('/baseplugin/t/demo-orders/preview');
    const local = page.getByRole('button', { name: 'Continue on this device' });
    const heading = page.getByRole('heading', { level: 1, name: 'Templates' });
    await expect(local.or(heading)).toBeVisible();
    if (await local.isVisible()) await local.click();
    await expect(heading).toBeVisible();

    await page.goto('/print');
    const picker = page.getByLabel('Template');
    await expect(picker.locator('optgroup').first().locator('option:not([disabled])').first()).toBeAttached();
    const stored = await picker.locator('optgroup').first().locator('option').first().getAttribute('value');
    expect(stored).toBeTruthy();
    await picker.selectOption(stored!);
    const record = page.getByLabel('Record');
    await expect(record).toBeEnabled();
    const firstRecord = (await record.locator('option').first().textContent())!.trim();
    await expect(page.getByTestId('preview-page-text').first()).not.toBeEmpty({ timeout: 90_000 });
    await expect(page.locator('.pv-subtitle')).toContainText(firstRecord);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/preview-record.png` });
  });
});
