/**
 * Canvas (Design) templates, lean: a canvas template created from a table's template list, a text
 * field added and bound to a field of Orders, nudged with the keyboard, previewed for a record,
 * saved, shown and downloaded on the preview screen, and one record printed from the grid as a PDF whose text is checked.
 */
import { captureDownloads, lastDownload } from './downloads';
import { expect, SCREENSHOT_DIR, test } from './fixtures';
import { pdfText } from './pdf';
import { cell, openTables, row } from './workspace-helpers';

test('a canvas template: a text field bound to Order no, nudged, previewed, saved and printed from the grid', async ({
  page,
}) => {
  test.setTimeout(200_000);
  await page.setViewportSize({ width: 1400, height: 1000 });
  await openTables(page);
  await page.goto('/baseplugin/t/demo-orders/preview');
  await page.getByRole('button', { name: 'New canvas template' }).click();
  await expect(page).toHaveURL(/\/baseplugin\/t\/editor\//);
  const designer = page.getByTestId('canvas-designer');
  await expect(designer.getByRole('heading', { level: 1, name: 'Canvas template' })).toBeVisible();

  await page.getByTestId('canvas-add-text').click();
  const field = page.getByTestId('canvas-field');
  await expect(field).toHaveCount(1);
  await page.getByTestId('canvas-prop-content').fill('Canvas order ');
  await page.getByTestId('canvas-bind').selectOption({ label: 'Order no' });
  await expect(page.getByTestId('canvas-prop-content')).toHaveValue('Canvas order {Order no}');
  await page.getByTestId('canvas-prop-width').fill('120');

  // Arrow keys move the selected field by 1 mm, 10 mm with Shift.
  await field.focus();
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('canvas-prop-x')).toHaveValue('30');
  await expect(page.getByTestId('canvas-prop-y')).toHaveValue('21');

  // The live preview fills the field for the chosen record, in the render worker.
  const record = (await page.getByTestId('canvas-record').locator('option:checked').textContent())?.trim() ?? '';
  expect(record).not.toBe('');
  await expect(page.getByTestId('canvas-preview-text')).toContainText(`Canvas order ${record}`, { timeout: 60_000 });
  await page.getByTestId('canvas-save').click();
  await expect(page.getByTestId('canvas-save-state')).toHaveText('Saved');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/canvas-designer.png` });
  const templateId = new URL(page.url()).pathname.split('/').pop() ?? '';

  // The preview screen renders it through the registry too and downloads the PDF; a fixed page has
  // no document to export as Word, Excel or PowerPoint, so those are not offered.
  await page.goto(`/baseplugin/t/demo-orders/preview/${templateId}`);
  await expect(page.getByTestId('preview-page-text').first()).toContainText(`Canvas order ${record}`, {
    timeout: 90_000,
  });
  await expect(page.getByRole('button', { name: 'Word' })).toHaveCount(0);
  await captureDownloads(page);
  await page.getByRole('button', { name: 'Download' }).click();
  const fromPreview = await lastDownload(page);
  expect(fromPreview.name).toMatch(/\.pdf$/);
  expect(pdfText(fromPreview.bytes)).toContain(`Canvas order ${record}`);

  // Printing from the grid goes through the registry like every template.
  await page.goto('/baseplugin/t/demo-orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  const no = (await cell(page, 0, 'Order no').textContent())?.trim() ?? '';
  await row(page, 0).getByRole('checkbox').click();
  await page.getByRole('button', { name: 'Print 1 record' }).click();
  await page.getByTestId('print-template').selectOption({ label: 'Canvas template' });
  await page.getByRole('radio', { name: 'One merged PDF' }).check();
  await captureDownloads(page);
  await page.getByRole('button', { name: 'Print', exact: true }).click();
  const pdf = await lastDownload(page);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/canvas-print.png` });
  expect(pdf.name).toMatch(/\.pdf$/);
  expect(pdfText(pdf.bytes)).toContain(`Canvas order ${no}`);
});
