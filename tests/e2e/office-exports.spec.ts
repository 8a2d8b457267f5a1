import type { Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { captureDownloads } from './downloads';
import { expect, SCREENSHOT_DIR, test } from './fixtures';
import { cell, openTable, openTables, row } from './workspace-helpers';

/**
 * A document (PDF) template printed from the grid's print dialog as Word or PowerPoint: one Word
 * document with a section per record, a ZIP of decks — each record's own content — and a run that
 * is cancelled stops without a download. (Excel goes the same way: src/app/office/printRun.test.ts.)
 */

async function downloadCount(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __downloads: unknown[] }).__downloads.length);
}

async function downloadAt(page: Page, index: number): Promise<{ name: string; bytes: Uint8Array }> {
  await expect.poll(() => downloadCount(page), { timeout: 90_000 }).toBeGreaterThan(index);
  const { name, base64 } = await page.evaluate(
    (i) => (window as unknown as { __downloads: Promise<{ name: string; base64: string }>[] }).__downloads[i]!,
    index,
  );
  return { name, bytes: new Uint8Array(Buffer.from(base64, 'base64')) };
}

/** Every `<a:t>` / `<w:t>` text of the parts whose names match, joined. */
function partsText(file: Uint8Array, names: RegExp): string {
  const parts = unzipSync(file);
  return Object.keys(parts)
    .filter((name) => names.test(name))
    .sort()
    .map((name) => strFromU8(parts[name]!).replace(/<[^>]+>/g, ' '))
    .join('\n')
    .replace(/&amp;/g, '&');
}

test('a PDF template printed from the grid as one Word document and as PowerPoint files; a run cancelled', async ({
  page,
}) => {
  // Long on a busy machine: the render worker starts (engine and fonts) before the first file.
  test.setTimeout(240_000);
  await openTables(page);
  await openTable(page, 'Orders');
  const numbers: string[] = [];
  for (let i = 0; i < 3; i++) {
    await row(page, i).getByRole('checkbox').click();
    numbers.push((await cell(page, i, 'Order no').textContent())?.trim() ?? '');
  }
  await page.getByRole('button', { name: 'Print 3 records' }).click();
  await expect(page.getByTestId('print-template')).toHaveValue('demo-tpl-invoice');
  const formats = page.getByTestId('print-format');
  await expect(formats.getByRole('radio', { name: 'PDF' })).toBeChecked();

  // Word: one document, a section (a new page) per record, in the grid's order.
  await formats.getByRole('radio', { name: 'Word' }).check();
  await expect(page.getByRole('radio', { name: 'One Word document, a section per record' })).toBeChecked();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/office-exports-dialog.png` });
  await captureDownloads(page);
  await page.getByRole('button', { name: 'Print', exact: true }).click();
  const word = await downloadAt(page, 0);
  await expect(page.getByTestId('print-status')).toHaveText(`3 documents ready: ${word.name}`);
  expect(word.name).toMatch(/_3\.docx$/);
  const body = partsText(word.bytes, /^word\/document\.xml$/);
  const at = numbers.map((no) => body.indexOf(no));
  expect(at.every((i) => i >= 0)).toBe(true);
  expect([...at].sort((a, b) => a - b)).toEqual(at);
  const sections = strFromU8(unzipSync(word.bytes)['word/document.xml']!).match(/<w:sectPr\b/g) ?? [];
  expect(sections.length % 3).toBe(0);

  // PowerPoint: many records come as a ZIP, one deck each with its own record.
  await formats.getByRole('radio', { name: 'PowerPoint' }).check();
  await expect(page.getByRole('radio', { name: 'A ZIP with one file per record' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'One Word document, a section per record' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Print', exact: true }).click();
  const decks = await downloadAt(page, 1);
  expect(decks.name).toMatch(/_3\.zip$/);
  const deckFiles = unzipSync(decks.bytes);
  expect(Object.keys(deckFiles)).toHaveLength(3);
  for (const no of numbers) {
    const name = Object.keys(deckFiles).find((n) => n.includes(no));
    expect(name, `a deck for ${no}`).toMatch(/\.pptx$/);
    expect(partsText(deckFiles[name!]!, /^ppt\/slides\/slide\d+\.xml$/)).toContain(no);
  }

  await page.screenshot({ path: `${SCREENSHOT_DIR}/office-exports-done.png` });

  // A long run cancelled: it stops, says how far it got, and downloads nothing.
  await page.getByRole('dialog').getByText('Close', { exact: true }).click();
  await page.getByRole('checkbox', { name: 'Select all records' }).check();
  await page.getByRole('button', { name: /^Print \d+ records$/ }).click();
  await page.getByTestId('print-format').getByRole('radio', { name: 'Word' }).check();
  await page.getByRole('radio', { name: 'A ZIP with one file per record' }).check();
  await page.getByRole('button', { name: 'Print', exact: true }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('print-status')).toHaveText(/^Printing was cancelled after \d+ of \d+\.$/);
  await expect(page.getByRole('button', { name: 'Print', exact: true })).toBeEnabled();
  expect(await downloadCount(page)).toBe(2);
});
