/**
 * The canvas journey of issue 17: a PDF form uploaded as the page, five fields placed on it and
 * bound to the Orders table by picking its fields (text, a linked customer's company, the total,
 * a QR code, the Paid check box), arranged with the designer's tools, saved, and — with no
 * network — 20 records printed from the grid as one merged PDF of filled forms.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { captureDownloads, lastDownload } from './downloads';
import { expect, SCREENSHOT_DIR, test } from './fixtures';
import { pdfText, popplerOutput } from './pdf';
import { cell, openTables, row } from './workspace-helpers';

async function orderForm(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([595.28, 841.89]);
  page.drawText('DELIVERY RELEASE FORM', { x: 56, y: 780, size: 20, font });
  for (const [label, y] of [
    ['Order number', 700],
    ['Company', 660],
    ['Amount', 620],
    ['Paid', 580],
  ] as const) {
    page.drawText(label, { x: 56, y, size: 11, font });
    page.drawLine({ start: { x: 160, y: y - 4 }, end: { x: 500, y: y - 4 }, thickness: 0.5 });
  }
  return Buffer.from(await doc.save());
}

test('a PDF form with five fields bound to Orders, 20 records printed offline as one PDF', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1400, height: 1000 });
  await openTables(page);
  await page.goto('/baseplugin/t/demo-orders/preview');
  await page.getByRole('button', { name: 'New canvas template' }).click();
  await expect(page.getByTestId('canvas-designer')).toBeVisible();

  await page.getByTestId('canvas-pdf-input').setInputFiles({
    name: 'release-form.pdf',
    mimeType: 'application/pdf',
    buffer: await orderForm(),
  });
  // The form is drawn behind the fields once pdf.js has read it.
  await expect(page.getByTestId('canvas-page')).toHaveAttribute('style', /background-image: url\("data:image\/png/, {
    timeout: 60_000,
  });

  const place = async (type: string, bind: string, x: number, y: number) => {
    await page.getByTestId(`canvas-add-${type}`).click();
    await page.getByTestId('canvas-bind').selectOption({ label: bind });
    await page.getByTestId('canvas-prop-x').fill(String(x));
    await page.getByTestId('canvas-prop-y').fill(String(y));
  };
  await place('text', 'Order no', 60, 42);
  await place('text', 'Customer › Company', 60, 56);
  await place('text', 'Total', 60, 70);
  await place('checkbox', 'Paid', 60, 84);
  await place('qrcode', 'Order no', 160, 100);
  const fields = page.getByTestId('canvas-field');
  await expect(fields).toHaveCount(5);
  await expect(page.getByTestId('canvas-prop-content')).toHaveValue('{Order no}');

  // Arrange: the three text fields picked together and aligned left by their common edge.
  await page.getByTestId('canvas-prop-x').fill('64');
  await fields.nth(0).click();
  await fields.nth(1).click({ modifiers: ['Shift'] });
  await fields.nth(2).click({ modifiers: ['Shift'] });
  await expect(page.getByTestId('canvas-multi')).toContainText('3 fields selected');
  await page.getByTestId('canvas-align-left').click();
  await fields.nth(2).click();
  await expect(page.getByTestId('canvas-prop-x')).toHaveValue('60');

  const record = (await page.getByTestId('canvas-record').locator('option:checked').textContent())?.trim() ?? '';
  await expect(page.getByTestId('canvas-preview-text')).toContainText(record, { timeout: 60_000 });
  await expect(page.getByTestId('canvas-preview-text')).toContainText('DELIVERY RELEASE FORM');
  await page.getByTestId('canvas-save').click();
  await expect(page.getByTestId('canvas-save-state')).toHaveText('Saved');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/canvas-journey-designer.png` });

  // From here on, no network.
  await context.setOffline(true);
  await page.goto('/baseplugin/t/demo-orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  const numbers: string[] = [];
  for (let i = 0; i < 20; i++) {
    await row(page, i).getByRole('checkbox').click();
    numbers.push((await cell(page, i, 'Order no').textContent())?.trim() ?? '');
  }
  await page.getByRole('button', { name: 'Print 20 records' }).click();
  await page.getByTestId('print-template').selectOption({ label: 'Canvas template' });
  await page.getByRole('radio', { name: 'One merged PDF' }).check();
  await captureDownloads(page);
  await page.getByRole('button', { name: 'Print', exact: true }).click();
  const pdf = await lastDownload(page);
  expect(pdf.name).toMatch(/\.pdf$/);
  const bytes = new Uint8Array(pdf.bytes);
  expect(Number(/Pages:\s+(\d+)/.exec(popplerOutput('pdfinfo', bytes))?.[1])).toBe(20);
  const text = pdfText(bytes);
  expect(text.match(/DELIVERY RELEASE FORM/g)).toHaveLength(20);
  for (const no of numbers) expect(text).toContain(no);
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  await context.setOffline(false);
});
