/**
 * The canvas journey of issue 17: a PDF form uploaded as the page, five fields placed on it and
 * bound to the Orders table by picking its fields (text, a linked customer's company, the total,
 * a QR code, the Paid check box), arranged with the designer's tools (Shift-click and drag-box
 * selection, align, a resize from the top-left handle), saved, and — with no
 * network — 20 records printed from the grid as one merged PDF of filled forms.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { captureDownloads, lastDownload } from './downloads';
import { expect, SCREENSHOT_DIR, test } from './fixtures';
import { pdfText, popplerOutput } from './pdf';
import { cell, openTables, row } from './workspace-helpers';

// This file goes offline or updates: it needs the real service worker (the journeys' default blocks it).
test.use({ serviceWorkers: 'allow' });

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

  // A box dragged over the empty page selects the fields it touches: the Total text (60–120 mm
  // across, 70–78 mm down) and the Paid check box (60, 84), aligned right by their common edge.
  const sheet = page.getByTestId('canvas-page');
  const at = async (x: number, y: number) => {
    const box = await sheet.boundingBox();
    if (!box) throw new Error('no page');
    const mm = box.width / 210;
    return { x: box.x + x * mm, y: box.y + y * mm };
  };
  const from = await at(45, 74);
  const to = await at(62, 87);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await expect(page.getByTestId('canvas-marquee')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/canvas-journey-marquee.png` });
  await page.mouse.up();
  await expect(page.getByTestId('canvas-marquee')).toHaveCount(0);
  await expect(page.getByTestId('canvas-multi')).toContainText('2 fields selected');
  await page.getByTestId('canvas-align-right').click();
  await fields.nth(3).click();
  await expect(page.getByTestId('canvas-prop-x')).toHaveValue('115');
  await fields.nth(2).click();
  await expect(page.getByTestId('canvas-prop-x')).toHaveValue('60');

  // The QR code (64, 100; 25 × 25 mm) grown 10 mm from its top-left handle (snapping may pull an
  // edge to a neighbour's by a mm): its bottom-right corner (89, 125) stays where it was.
  await fields.nth(4).click();
  const prop = async (key: string) => Number(await page.getByTestId(`canvas-prop-${key}`).inputValue());
  expect([await prop('x'), await prop('y'), await prop('width')]).toEqual([64, 100, 25]);
  const grip = await page.getByTestId('canvas-resize-nw').boundingBox();
  if (!grip) throw new Error('no handle');
  const mm = ((await sheet.boundingBox())?.width ?? 210) / 210;
  await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
  await page.mouse.down();
  await page.mouse.move(grip.x + grip.width / 2 - 10 * mm, grip.y + grip.height / 2 - 10 * mm, { steps: 8 });
  await page.screenshot({ path: `${SCREENSHOT_DIR}/canvas-journey-resize.png` });
  await page.mouse.up();
  await expect.poll(() => prop('width')).toBeGreaterThan(32);
  expect(Math.abs((await prop('x')) - 54)).toBeLessThanOrEqual(2);
  expect(Math.abs((await prop('y')) - 90)).toBeLessThanOrEqual(2);
  expect(Math.abs((await prop('x')) + (await prop('width')) - 89)).toBeLessThanOrEqual(0.15);
  expect(Math.abs((await prop('y')) + (await prop('height')) - 125)).toBeLessThanOrEqual(0.15);

  const record = (await page.getByTestId('canvas-record').locator('option:checked').textContent())?.trim() ?? '';
  await expect(page.getByTestId('canvas-preview-text')).toContainText(record, { timeout: 60_000 });
  await expect(page.getByTestId('canvas-preview-text')).toContainText('DELIVERY RELEASE FORM');
  await page.getByTestId('canvas-save').click();
  await expect(page.getByTestId('canvas-save-state')).toHaveText('Saved');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/canvas-journey-designer.png` });

  // From here on, no network: once the service worker has the app (a quick run can get here first).
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
  });
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
