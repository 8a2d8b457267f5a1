import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { captureDownloads } from './downloads';
import { expect, SCREENSHOT_DIR, test } from './fixtures';
import { cell, openTables, row } from './workspace-helpers';

/**
 * Word, Excel and PowerPoint templates in the app: a designer uploads a template written by hand in
 * an office suite (LibreOffice), sees its tags mapped to the Orders table, previews it filled for a
 * record, replaces the file, and prints records from the grid as one file per record in a ZIP and
 * as one Word document with a section per record — with the network off — and from the preview
 * screen; what was printed opens in LibreOffice.
 */

/**
 * Templates written by hand in LibreOffice (tests/fixtures/office-lo, `generate.sh`), given the
 * names a designer's files would have: no office suite starts while the journeys run.
 */
const FIXTURES = new URL('../fixtures/office-lo/', import.meta.url).pathname;
const AUTHORED = {
  docx: ['order-letter.docx', 'Order letter.docx'],
  xlsx: ['order-sheet.xlsx', 'Order sheet.xlsx'],
  xlsxV2: ['order-sheet-v2.xlsx', 'Order sheet v2.xlsx'],
  pptx: ['order-deck.pptx', 'Order deck.pptx'],
} as const;

let dir = '';
const files: Partial<Record<keyof typeof AUTHORED, string>> = {};
/** Files the journeys printed, opened by LibreOffice in the last test (one soffice run; the tests of a file run in order in one worker). */
const printed = new Map<string, Buffer>();
const printedOrder: { sheet?: string; deck?: string } = {};

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'quire-office-e2e-'));
  for (const [key, [source, name]] of Object.entries(AUTHORED)) {
    files[key as keyof typeof AUTHORED] = join(dir, name);
    copyFileSync(join(FIXTURES, source), join(dir, name));
  }
});

test.afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** How long a render worker's first answer may take: it loads the engine and fonts first. */
const WORKER_START = 90_000;

async function serviceWorkerControls(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
  });
}

async function downloads(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __downloads: unknown[] }).__downloads.length);
}

/** The download after `before` downloads, read back from the page. */
async function downloadAfter(page: Page, before: number): Promise<{ name: string; bytes: Buffer }> {
  await expect.poll(() => downloads(page), { timeout: 120_000 }).toBeGreaterThan(before);
  const { name, base64 } = await page.evaluate(async (index) => {
    const list = (window as unknown as { __downloads: Promise<{ name: string; base64: string }>[] }).__downloads;
    return list[index]!;
  }, before);
  return { name, bytes: Buffer.from(base64, 'base64') };
}

/** The text of a Word document's body, runs joined. */
function wordText(docx: Uint8Array): string {
  const xml = strFromU8(unzipSync(docx)['word/document.xml']!);
  return xml
    .replace(/<\/w:p>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&');
}

async function uploadTemplate(page: Page, button: string, path: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles(path);
}

test('a Word template uploaded, mapped, previewed and printed from the grid, 20 as a ZIP and merged, offline', {
  tag: '@offline',
}, async ({ page, context }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 1300 });
  await openTables(page);
  await serviceWorkerControls(page);
  await page.goto('/baseplugin/t/demo-orders/preview');
  await expect(
    page.getByRole('heading', { name: 'Table templates' }).or(page.locator('#tpl-list-title')),
  ).toBeVisible();

  // A package the render worker refuses (a DTD inside) is never stored; the reason is translated.
  const parts = unzipSync(new Uint8Array(readFileSync(files.docx!)));
  const documentXml = strFromU8(parts['word/document.xml']!);
  parts['word/document.xml'] = strToU8(documentXml.replace('?>', '?><!DOCTYPE w:document [<!ENTITY boom "boom">]>'));
  const hostile = join(dir, 'Entities.docx');
  writeFileSync(hostile, zipSync(parts));
  await uploadTemplate(page, 'New Word template', hostile);
  // The first check starts the render worker (tens of seconds on a busy machine).
  await expect(page.getByTestId('office-refused')).toHaveText(/declares XML entities/, { timeout: WORKER_START });
  await expect(page.getByRole('heading', { name: 'Entities' })).toHaveCount(0);

  // A macro-enabled file is refused before anything is stored, with the catalogued error, translated.
  const macro = join(dir, 'Order.docm');
  writeFileSync(macro, readFileSync(files.docx!));
  await uploadTemplate(page, 'New Word template', macro);
  await expect(page.getByRole('alert')).toContainText('The template could not be read.');
  await expect(page.getByTestId('office-refused')).toHaveText(/Files with macros/);
  await expect(page.getByRole('heading', { name: 'Order letter' })).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/office-refused.png` });

  await uploadTemplate(page, 'New Word template', files.docx!);
  await expect(page).toHaveURL(/\/baseplugin\/t\/editor\//);
  const editor = page.getByTestId('office-editor');
  await expect(editor).toHaveAttribute('data-kind', 'docx');
  await expect(page.getByRole('heading', { level: 1, name: 'Order letter' })).toBeVisible();
  await expect(page.getByTestId('office-file-name')).toHaveText('Order letter.docx');

  // Each tag mapped to a field of Orders (links to their tables' fields); the stray one flagged.
  const tags = page.getByTestId('office-tags');
  await expect(tags.locator('tr[data-tag="Order no"]')).toHaveAttribute('data-status', 'mapped');
  await expect(tags.locator('tr[data-tag="Lines.Product"]')).toHaveAttribute('data-status', 'mapped');
  await expect(tags.locator('tr[data-tag="Lines.Product"]')).toContainText('Lines › Product');
  await expect(tags.locator('tr[data-tag="Customer.Company"]')).toHaveAttribute('data-status', 'mapped');
  await expect(tags.locator('tr[data-tag="Discount"]')).toHaveAttribute('data-status', 'unknown');
  await expect(page.getByTestId('office-unknown-count')).toHaveText('1 tag prints no field of this table');

  // The preview is the template filled for the chosen record, drawn as Word pages.
  const record = page.getByTestId('office-record');
  const orderNo = (await record.locator('option:checked').textContent())?.trim() ?? '';
  expect(orderNo).not.toBe('');
  const preview = page.getByTestId('office-preview');
  await expect(preview).toHaveAttribute('data-state', 'ready');
  await expect(preview).toContainText(`Order ${orderNo}`);
  await expect(preview).not.toContainText('{Order no}');
  // A linked record's field, through the loop over the link.
  const company = page.getByTestId('office-preview').getByText(/^Customer: \S/);
  await expect(company).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/office-word-editor.png`, fullPage: true });

  // Another record, another fill.
  const second = (await record.locator('option').nth(1).textContent())?.trim() ?? '';
  await record.selectOption({ index: 1 });
  await expect(preview).toContainText(`Order ${second}`);

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
  await page.getByTestId('print-template').selectOption({ label: 'Order letter' });
  // Twenty Word files come as a ZIP or as one Word document; a merged PDF is not offered.
  await expect(page.getByRole('radio', { name: 'One merged PDF' })).toHaveCount(0);
  await expect(page.getByRole('radio', { name: 'One Word document, a section per record' })).toBeChecked();
  await page.getByRole('radio', { name: 'A ZIP with one file per record' }).check();
  await captureDownloads(page);
  await page.getByRole('button', { name: 'Print', exact: true }).click();
  const zip = await downloadAfter(page, 0);
  // The run has ended: finished, not put back to "running" by a late progress report.
  await expect(page.getByTestId('print-status')).toHaveText('20 documents ready: Order_letter_20.zip');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/office-word-print-zip.png` });

  expect(zip.name).toBe('Order_letter_20.zip');
  const entries = unzipSync(new Uint8Array(zip.bytes));
  const names = Object.keys(entries).sort();
  expect(names).toHaveLength(20);
  for (const name of names) expect(name).toMatch(/\.docx$/);
  for (const no of numbers) {
    const name = names.find((n) => n.includes(no));
    expect(name, `a file for ${no}`).toBeDefined();
    const text = wordText(entries[name!]!);
    expect(text).toContain(`Order ${no}`);
    expect(text).not.toMatch(/\{[^}]*\}/);
  }
  printed.set('word-from-zip.docx', Buffer.from(entries[names[0]!]!));

  // The same twenty as one Word document, a section (a new page, its own record) each.
  const mergedChoice = page.getByRole('radio', { name: 'One Word document, a section per record' });
  await expect(mergedChoice).toBeEnabled({ timeout: 5_000 });
  await mergedChoice.check();
  await page.getByRole('button', { name: 'Print', exact: true }).click();
  const merged = await downloadAfter(page, 1);
  expect(merged.name).toBe('Order_letter_20.docx');
  const mergedXml = strFromU8(unzipSync(new Uint8Array(merged.bytes))['word/document.xml']!);
  expect(mergedXml.match(/<w:sectPr\b/g)).toHaveLength(20);
  const mergedText = wordText(new Uint8Array(merged.bytes));
  const order = numbers.map((no) => mergedText.indexOf(`Order ${no}`));
  expect(order.every((at) => at >= 0)).toBe(true);
  expect([...order].sort((a, b) => a - b)).toEqual(order);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/office-word-print-merged.png` });
  // Each record's pages are numbered from 1.
  expect(mergedXml.match(/<w:pgNumType\b[^>]*w:start="1"/g)).toHaveLength(20);
  printed.set('word-merged.docx', merged.bytes);

  // A PDF (document) template downloads as Word too, from the preview screen, still offline.
  // The export does not wait for the PDF: it writes the same record as Word in the render worker.
  await page.goto('/baseplugin/t/demo-orders/preview/demo-tpl-invoice');
  const toWord = page.getByTestId('office-export').getByRole('button', { name: 'Word' });
  await expect(toWord).toBeEnabled({ timeout: 30_000 });
  const shownRecord = (await page.getByLabel('Record').locator('option:checked').textContent())?.trim() ?? '';
  await captureDownloads(page);
  await toWord.click();
  const exported = await downloadAfter(page, 0);
  expect(exported.name).toMatch(/^Invoice_.+\.docx$/);
  expect(wordText(new Uint8Array(exported.bytes))).toContain(shownRecord);

  // And every record of the table from the same screen: one Word document, a section per record,
  // with progress; a run of PowerPoint files cancelled stops without a download.
  await page.getByTestId('office-export-batch').click();
  const batch = page.getByRole('dialog', { name: 'Print several records' });
  await batch.getByRole('radio', { name: /^All \d+ records in the list$/ }).check();
  const allLabel =
    (await batch
      .locator('label')
      .filter({ hasText: /All \d+ records/ })
      .textContent()) ?? '';
  const all = Number(/All (\d+) records/.exec(allLabel)?.[1]);
  expect(all).toBeGreaterThanOrEqual(20);
  await expect(batch.getByTestId('print-format').getByRole('radio', { name: 'Word' })).toBeChecked();
  await expect(batch.getByRole('radio', { name: 'One Word document, a section per record' })).toBeChecked();
  await batch.getByRole('button', { name: 'Print', exact: true }).click();
  const everyRecord = await downloadAfter(page, 1);
  await expect(batch.getByTestId('print-status')).toHaveText(`${all} documents ready: ${everyRecord.name}`);
  expect(everyRecord.name).toMatch(new RegExp(`_${all}\\.docx$`));
  const everyXml = strFromU8(unzipSync(new Uint8Array(everyRecord.bytes))['word/document.xml']!);
  expect((everyXml.match(/<w:sectPr\b/g) ?? []).length % all).toBe(0);
  expect(wordText(new Uint8Array(everyRecord.bytes))).toContain(shownRecord);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/office-preview-batch.png` });
  await batch.getByTestId('print-format').getByRole('radio', { name: 'PowerPoint' }).check();
  await expect(batch.getByRole('radio', { name: 'A ZIP with one file per record' })).toBeChecked();
  await batch.getByRole('button', { name: 'Print', exact: true }).click();
  await batch.getByRole('button', { name: 'Cancel' }).click();
  await expect(batch.getByTestId('print-status')).toHaveText(/^Printing was cancelled after \d+ of \d+\.$/);
  expect(await downloads(page)).toBe(2);
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  await context.setOffline(false);
});

test('an Excel template previews as a sheet and prints one record as its own file', async ({ page }) => {
  test.setTimeout(120_000);
  await openTables(page);
  await page.goto('/baseplugin/t/demo-orders/preview');
  await uploadTemplate(page, 'New Excel template', files.xlsx!);
  await expect(page.getByTestId('office-editor')).toHaveAttribute('data-kind', 'xlsx', { timeout: WORKER_START });
  await expect(page.getByTestId('office-tags').locator('tr[data-tag="Total"]')).toHaveAttribute(
    'data-status',
    'mapped',
  );
  const orderNo = (await page.getByTestId('office-record').locator('option:checked').textContent())?.trim() ?? '';
  const preview = page.getByTestId('office-preview');
  await expect(preview).toContainText(orderNo);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/office-excel-editor.png` });

  // This record alone, as one Excel file, from the editor's print panel.
  await captureDownloads(page);
  const panel = page.getByTestId('office-print');
  await panel.getByRole('radio', { name: 'This record' }).check();
  await panel.getByRole('radio', { name: 'One Excel file' }).check();
  await panel.getByRole('button', { name: 'Print', exact: true }).click();
  const file = await downloadAfter(page, 0);
  expect(file.name).toMatch(/\.xlsx$/);
  const parts = unzipSync(new Uint8Array(file.bytes));
  const shared = strFromU8(parts['xl/sharedStrings.xml'] ?? new Uint8Array());
  const sheet = strFromU8(parts['xl/worksheets/sheet1.xml']!);
  expect(`${shared}${sheet}`).toContain(orderNo);
  // The total stays a number in Excel, not text.
  expect(sheet).toMatch(/<c r="B2"[^>]*>(?:<f>[^<]*<\/f>)?<v>\d+(\.\d+)?<\/v>/);
  printed.set('sheet.xlsx', file.bytes);
  printedOrder.sheet = orderNo;

  // Replace the file: the new one's tags are mapped and the preview fills it; a macro file offered
  // as a replacement is refused and the stored file stays as it was.
  const replaceInput = page.getByTestId('office-replace-input');
  await replaceInput.setInputFiles(files.xlsxV2!);
  await expect(
    page.getByRole('status').filter({ hasText: /^Saved Order sheet v2\.xlsx as revision \d+$/ }),
  ).toBeVisible();
  await expect(page.getByTestId('office-file-name')).toHaveText('Order sheet v2.xlsx');
  await expect(page.getByTestId('office-tags').locator('tr[data-tag="Status"]')).toHaveAttribute(
    'data-status',
    'mapped',
  );
  await expect(page.getByTestId('office-tags').locator('tr[data-tag="Paid"]')).toHaveCount(0);
  await expect(preview).toContainText('Status');
  const macro = join(dir, 'Order sheet.xlsm');
  writeFileSync(macro, readFileSync(files.xlsx!));
  await replaceInput.setInputFiles(macro);
  await expect(page.getByTestId('office-refused')).toHaveText(/Files with macros/);
  await expect(page.getByTestId('office-file-name')).toHaveText('Order sheet v2.xlsx');
  await page.reload();
  await expect(page.getByTestId('office-file-name')).toHaveText('Order sheet v2.xlsx');

  // /docx lists the Office templates of this device; /print-docx previews and prints them.
  await page.goto('/docx');
  const entry = page.getByTestId('office-templates').getByRole('listitem').filter({ hasText: 'Order sheet' });
  await expect(entry).toContainText('Excel');
  await expect(entry).toContainText('Orders');
  await entry.getByRole('link', { name: 'Preview and print' }).click();
  await expect(page).toHaveURL(/\/print-docx\?template=/);
  const screen = page.getByTestId('office-print-screen');
  await expect(screen).toHaveAttribute('data-kind', 'xlsx');
  // A page loaded anew starts its render worker again before it fills the template.
  await expect(page.getByTestId('office-preview')).toContainText(orderNo, { timeout: WORKER_START });
  await expect(
    page.getByTestId('office-print').getByRole('radio', { name: 'A ZIP with one file per record' }),
  ).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/office-print-docx.png` });
});

test('a PowerPoint template written in LibreOffice shows its tags, previews as slides and prints a record', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openTables(page);
  await page.goto('/baseplugin/t/demo-orders/preview');
  await uploadTemplate(page, 'New PowerPoint template', files.pptx!);
  await expect(page.getByTestId('office-editor')).toHaveAttribute('data-kind', 'pptx', { timeout: WORKER_START });
  const tags = page.getByTestId('office-tags');
  await expect(tags.locator('tr[data-tag="Order no"]')).toContainText('slide 1');
  await expect(tags.locator('tr[data-tag="Lines.Product"]')).toHaveAttribute('data-status', 'mapped');
  const orderNo = (await page.getByTestId('office-record').locator('option:checked').textContent())?.trim() ?? '';
  const preview = page.getByTestId('office-preview');
  await expect(preview).toHaveAttribute('data-kind', 'pptx');
  await expect(preview).toContainText(`Order ${orderNo}`);
  await expect(preview).not.toContainText('{Order no}');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/office-pptx-editor.png` });
  // This record as its own deck: the cover, then a slide per order line.
  await captureDownloads(page);
  const panel = page.getByTestId('office-print');
  await panel.getByRole('radio', { name: 'This record' }).check();
  await panel.getByRole('radio', { name: 'One PowerPoint file' }).check();
  await panel.getByRole('button', { name: 'Print', exact: true }).click();
  const deck = await downloadAfter(page, 0);
  expect(deck.name).toMatch(/\.pptx$/);
  printed.set('deck.pptx', deck.bytes);
  printedOrder.deck = orderNo;
  // The table's preview screen hands it to the Office preview, with the PDF templates still a pick away.
  await page.getByRole('link', { name: 'Preview and print' }).click();
  await expect(page).toHaveURL(/\/baseplugin\/t\/demo-orders\/preview\/[^/]+$/);
  await expect(page.getByTestId('office-print-screen')).toHaveAttribute('data-kind', 'pptx');
  const picker = page.getByRole('combobox', { name: 'Template' });
  await expect(picker.locator('option:checked')).toHaveText('Order deck');
  await expect(picker.getByRole('option', { name: 'Invoice', exact: true })).toHaveCount(1);
  // The template list shows it as a PowerPoint template.
  await page.getByRole('link', { name: 'Templates', exact: true }).click();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Order deck' }) });
  await expect(card).toContainText('PowerPoint template');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/office-template-list.png` });
});

test('what the journeys printed opens in LibreOffice: Word (one and merged), Excel, PowerPoint', () => {
  test.setTimeout(120_000);
  expect([...printed.keys()].sort()).toEqual(['deck.pptx', 'sheet.xlsx', 'word-from-zip.docx', 'word-merged.docx']);
  const out = join(dir, 'printed');
  mkdirSync(out, { recursive: true });
  for (const [name, bytes] of printed) writeFileSync(join(out, name), bytes);
  // One soffice run for every file; a file LibreOffice cannot read makes no PDF.
  execFileSync(
    'soffice',
    [`-env:UserInstallation=file://${join(dir, 'lo-profile')}`, '--headless', '--convert-to', 'pdf', ...printed.keys()],
    { cwd: out, stdio: 'ignore', timeout: 100_000 },
  );
  const text = (name: string) =>
    execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', join(out, `${name}.pdf`), '-'], { encoding: 'utf8' });
  expect(text('word-from-zip')).toMatch(/^\s*Order \S+/);
  expect(text('word-from-zip')).toMatch(/Product\s+Quantity\s+Amount/);
  const merged = text('word-merged')
    .split('\f')
    .filter((page) => page.trim());
  expect(merged.filter((page) => /Order \S+ — page 1/.test(page)).length).toBe(20);
  expect(text('sheet')).toContain(printedOrder.sheet!);
  expect(text('deck')).toContain(`Order ${printedOrder.deck}`);
  expect(text('deck')).toMatch(/Quantity \d+, amount/);
});
