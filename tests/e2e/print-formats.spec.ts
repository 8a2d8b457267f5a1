import { unzipSync } from 'fflate';
import { imageInfo } from '../fixtures/imageInfo';
import { captureDownloads, lastDownload } from './downloads';
import { expect, SCREENSHOT_DIR, test } from './fixtures';
import { pdfText, popplerOutput } from './pdf';
import { cell, openTable, openTables, row } from './workspace-helpers';

test('one order printed from the grid as a merged PDF shows its date and amounts as the grid does', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openTables(page);
  await openTable(page, 'Orders');
  const shown = {
    no: (await cell(page, 0, 'Order no').textContent())?.trim() ?? '',
    date: (await cell(page, 0, 'Order date').textContent())?.trim() ?? '',
    subtotal: (await cell(page, 0, 'Subtotal').textContent())?.trim() ?? '',
    total: '',
  };
  // Columns further right mount as the grid scrolls sideways.
  await page.getByTestId('grid').evaluate((el) => el.scrollTo(el.scrollWidth, 0));
  shown.total = (await cell(page, 0, 'Total').textContent())?.trim() ?? '';
  await page.getByTestId('grid').evaluate((el) => el.scrollTo(0, 0));
  // The grid formats them: a date, and dollars with cents.
  expect(shown.date).toMatch(/^\d{4}\/\d\d\/\d\d$/);
  expect(shown.total).toMatch(/^\$[\d,]+\.\d\d$/);

  await row(page, 0).getByRole('checkbox').click();
  await page.getByRole('button', { name: 'Print 1 record' }).click();
  await page.getByRole('radio', { name: 'One merged PDF' }).check();
  await captureDownloads(page);
  await page.getByRole('button', { name: 'Print', exact: true }).click();
  const pdf = await lastDownload(page);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/print-one-merged.png` });

  expect(pdf.name).toBe(`Invoice_${shown.no}.pdf`);
  const text = pdfText(pdf.bytes);
  expect(text).toContain(shown.no);
  expect(text).toContain(shown.date);
  expect(text).toContain(shown.subtotal);
  expect(text).toContain(shown.total);
});

test('several orders merged into one PDF carry each font once per group, not once per order', async ({ page }) => {
  test.setTimeout(120_000);
  await openTables(page);
  await openTable(page, 'Orders');
  const orders = 4;
  for (let i = 0; i < orders; i++) await row(page, i).getByRole('checkbox').click();
  await page.getByRole('button', { name: `Print ${orders} records` }).click();
  await page.getByRole('radio', { name: 'One merged PDF' }).check();
  await captureDownloads(page);
  await page.getByRole('button', { name: 'Print', exact: true }).click();
  const pdf = await lastDownload(page);
  expect(popplerOutput('pdfinfo', pdf.bytes)).toMatch(/Pages:\s+4\b/);
  const fonts = popplerOutput('pdffonts', pdf.bytes).split('\n').slice(2).filter(Boolean);
  const copies = new Map<string, number>();
  for (const line of fonts) {
    const name = line.split(/\s+/)[0]!.replace(/^[A-Z]{6}\+/, '');
    copies.set(name, (copies.get(name) ?? 0) + 1);
  }
  // Typeset in at most one group per render worker; record by record it was once per order.
  expect(Math.max(...copies.values())).toBeLessThan(orders);
});

test('the preview screen opens from the template list and from the editor, with a way back', async ({ page }) => {
  test.setTimeout(120_000);
  await openTables(page);
  await page.goto('/baseplugin/t/demo-orders/preview');
  // In-app links never load the page again (an unsaved change lives in this tab's memory).
  await page.evaluate(() => {
    (window as unknown as { stillHere: boolean }).stillHere = true;
  });
  const invoice = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Invoice' }) });
  await invoice.getByRole('link', { name: 'Preview' }).click();
  await expect(page).toHaveURL(/\/baseplugin\/t\/demo-orders\/preview\/demo-tpl-invoice$/);
  await page.getByRole('link', { name: '← Template editor' }).click();
  await expect(page).toHaveURL(/\/baseplugin\/t\/editor\/demo-tpl-invoice/);
  await page.getByRole('link', { name: 'Preview', exact: true }).click();
  await expect(page).toHaveURL(/\/baseplugin\/t\/demo-orders\/preview\/demo-tpl-invoice$/);
  await page.getByRole('link', { name: 'Table templates' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Templates' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
});

test('two orders printed as PNG: a ZIP of each order’s page, drawn in the render worker', async ({ page }) => {
  test.setTimeout(120_000);
  await openTables(page);
  await openTable(page, 'Orders');
  for (let i = 0; i < 2; i++) await row(page, i).getByRole('checkbox').click();
  await page.getByRole('button', { name: 'Print 2 records' }).click();
  await page.getByRole('radio', { name: 'PNG', exact: true }).check();
  await expect(page.getByRole('radio', { name: 'A ZIP with every page of every record as an image' })).toBeChecked();
  await captureDownloads(page);
  await page.getByRole('button', { name: 'Print', exact: true }).click();
  const zip = await lastDownload(page);
  expect(zip.name).toMatch(/\.zip$/);
  const images = Object.entries(unzipSync(zip.bytes));
  expect(images).toHaveLength(2);
  for (const [name, bytes] of images) {
    expect(name).toMatch(/\.png$/);
    const info = imageInfo(bytes);
    expect(info.format).toBe('png');
    expect(info.width).toBeLessThanOrEqual(1600);
    expect(info.width).toBeGreaterThan(1500);
  }
});
