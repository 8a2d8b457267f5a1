import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { captureDownloads, lastDownload } from './downloads';
import { expect, test } from './fixtures';
import { pdfText } from './pdf';
import { cell, openTable, openTables, row } from './workspace-helpers';

// Issue 30: files attached in the grid, an attachment template over them, two records printed as
// one merged PDF in the browser (pdf-lib in the render worker); a Word file there says it needs
// LibreOffice, naming the file.

const FIXTURES = join(import.meta.dirname, '../fixtures/attachments');
const file = (name: string, mimeType: string) => ({ name, mimeType, buffer: readFileSync(join(FIXTURES, name)) });

test('an attachment template prints the files of two records as one PDF', async ({ page }) => {
  test.setTimeout(120_000);
  await openTables(page);
  await openTable(page, 'Employees');
  // A field for any file (the demo's Photo field takes images only).
  await page.getByRole('button', { name: '+ Add field' }).click();
  const newField = page.getByRole('dialog', { name: 'New field' });
  await newField.getByLabel('Field name').fill('Files');
  await newField.getByLabel('Field type').selectOption('attachment');
  await newField.getByRole('button', { name: 'Create field' }).click();
  const attached: Array<[number, string, ReturnType<typeof file>[]]> = [
    [0, 'Photo', [file('photo.png', 'image/png')]],
    [0, 'Files', [file('two-pages.pdf', 'application/pdf')]],
    [1, 'Photo', [file('scan.jpg', 'image/jpeg')]],
  ];
  for (const [index, field, files] of attached) {
    const target = cell(page, index, field);
    await target.scrollIntoViewIfNeeded();
    // The demo's own pictures (SVG) first go: an attachment template takes PDF, PNG and JPEG.
    const remove = target.getByRole('button', { name: /^Remove / });
    for (let left = await remove.count(); left > 0; left--) {
      await remove.first().click();
      await expect(remove).toHaveCount(left - 1);
    }
    await target.getByTestId('attach-input').setInputFiles(files);
    await expect(target.locator('.ws-att-name')).toHaveText(files.map((f) => f.name));
  }

  await page.goto('/baseplugin/t/demo-employees/preview');
  await page.getByTestId('attachment-new').click();
  await expect(page.getByTestId('attachment-editor')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Photo' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Files' })).toBeChecked();
  await expect(page.getByTestId('attachment-order')).toHaveText(/Photo.*Files/);

  await page.goto('/baseplugin/t/demo-employees');
  await row(page, 0).getByRole('checkbox').click();
  await row(page, 1).getByRole('checkbox').click();
  await page.getByRole('button', { name: 'Print 2 records' }).click();
  const dialog = page.getByRole('dialog', { name: 'Print records' });
  await dialog.getByTestId('print-template').selectOption({ label: 'Attachments' });
  await expect(dialog.getByRole('radio', { name: 'One merged PDF' })).toBeChecked();
  await captureDownloads(page);
  await dialog.getByRole('button', { name: 'Print', exact: true }).click();
  const pdf = await lastDownload(page);
  expect(pdf.name).toMatch(/\.pdf$/);
  // The first record's PNG and the 2 pages of its PDF, then the second record's JPEG.
  expect((await PDFDocument.load(pdf.bytes)).getPageCount()).toBe(4);
  expect(pdfText(pdf.bytes).replace(/\s+/g, ' ')).toMatch(/Contract page one: .*Contract page two:/);

  // A Word file cannot be made into PDF in the browser: the print says so, naming it.
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await cell(page, 1, 'Files')
    .getByTestId('attach-input')
    .setInputFiles([file('letter.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')]);
  await expect(cell(page, 1, 'Files').locator('.ws-att-name')).toHaveText(['letter.docx']);
  await page.getByRole('button', { name: 'Print 2 records' }).click();
  await dialog.getByTestId('print-template').selectOption({ label: 'Attachments' });
  await dialog.getByRole('button', { name: 'Print', exact: true }).click();
  await expect(dialog).toContainText('“letter.docx” is a Word, Excel or PowerPoint file');
});
