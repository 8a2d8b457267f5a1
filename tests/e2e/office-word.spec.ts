import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { Document, Footer, Header, Packer, Paragraph, TextRun } from 'docx';
import { strFromU8, unzipSync } from 'fflate';
import { captureDownloads, lastDownload } from './downloads';
import { expect, SCREENSHOT_DIR, test } from './fixtures';
import { openTables } from './workspace-helpers';

/**
 * Word templates written by the `docx` package as Word writes files: one bound to an approval —
 * uploaded on the approval's template list, its tags mapped to the approval's variables (a stray
 * one flagged), every instance printed offline as one Word document with a section per instance —
 * and one with mistakes, whose problems the editor lists with the catalogue's code, the part and
 * the text around each.
 */

let dir = '';
let template = '';
let broken = '';

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'quire-office-approval-'));
  // Written by the `docx` package as Word writes a file: a tag split across two runs included.
  const doc = new Document({
    sections: [
      {
        headers: { default: new Header({ children: [new Paragraph('Expense claim {approvalNumber}')] }) },
        children: [
          new Paragraph({
            children: [new TextRun({ text: 'Approval {approval', bold: true }), new TextRun('Number}')],
          }),
          new Paragraph('Cost centre: {costCentre}'),
        ],
      },
    ],
  });
  template = join(dir, 'Expense claim.docx');
  writeFileSync(template, new Uint8Array(await Packer.toBuffer(doc)));
  const mistakes = new Document({
    sections: [
      {
        footers: { default: new Footer({ children: [new Paragraph('Order {Order no')] }) },
        children: [new Paragraph('{#Lines}{Product | shout}'), new Paragraph('Total {Total}')],
      },
    ],
  });
  broken = join(dir, 'Broken order.docx');
  writeFileSync(broken, new Uint8Array(await Packer.toBuffer(mistakes)));
});

/** Offline, the batch worker's script comes from the service worker: wait until it controls the page. */
async function serviceWorkerControls(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
  });
}

test.afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('an approval-bound Word template prints every instance offline as one document, a section each', {
  tag: '@offline',
}, async ({ page, context }) => {
  test.setTimeout(150_000);
  await openTables(page);
  await serviceWorkerControls(page);
  await page.goto('/approval/DEMO-EXPENSE');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'New Word template' }).click();
  await (await chooser).setFiles(template);
  await expect(page).toHaveURL(/\/approval\/editor\/DEMO-EXPENSE\?templateId=/, { timeout: 90_000 });
  const editor = page.getByTestId('office-editor');
  await expect(editor).toHaveAttribute('data-kind', 'docx');

  // The approval's variables: the number is one of them, the cost centre is not.
  const tags = page.getByTestId('office-tags');
  await expect(tags.locator('tr[data-tag="approvalNumber"]').first()).toHaveAttribute('data-status', 'mapped');
  await expect(tags.locator('tr[data-tag="costCentre"]')).toHaveAttribute('data-status', 'unknown');
  await expect(page.getByTestId('office-preview')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await expect(page.getByTestId('office-preview')).not.toContainText('{approval');

  await context.setOffline(true);
  const panel = page.getByTestId('office-print');
  const all = panel.getByRole('radio', { name: /^All \d+ approval instances$/ });
  const count = Number(/\d+/.exec((await all.locator('xpath=..').textContent()) ?? '')?.[0]);
  expect(count).toBeGreaterThan(1);
  await all.check();
  await expect(panel.getByRole('radio', { name: 'One Word document, a section per record' })).toBeChecked();
  await captureDownloads(page);
  await panel.getByRole('button', { name: 'Print', exact: true }).click();
  const merged = await lastDownload(page);
  await expect(panel.getByTestId('print-status')).toHaveText(`${count} documents ready: ${merged.name}`);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/office-approval-print.png` });
  expect(merged.name).toMatch(new RegExp(`_${count}\\.docx$`));
  const xml = strFromU8(unzipSync(new Uint8Array(merged.bytes))['word/document.xml']!);
  expect(xml.match(/<w:sectPr\b/g)).toHaveLength(count);
  const numbers = [...xml.replace(/<[^>]+>/g, '').matchAll(/Approval (\S+?)Cost/g)].map((m) => m[1]);
  expect(numbers).toHaveLength(count);
  expect(new Set(numbers).size).toBe(count);
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  await context.setOffline(false);
});

test('a Word template with mistakes is kept, and the editor lists each problem with its part and the text around', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openTables(page);
  await page.goto('/baseplugin/t/demo-orders/preview');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'New Word template' }).click();
  await (await chooser).setFiles(broken);
  await expect(page).toHaveURL(/\/baseplugin\/t\/editor\//, { timeout: 90_000 });
  const problems = page.getByTestId('office-problems');
  await expect(problems.getByRole('heading')).toHaveText('Problems in the template 100004');
  const items = problems.getByRole('listitem');
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toHaveText('body {#Lines} loop is not closed — near "{#Lines}{Product | shout}"');
  await expect(items.nth(1)).toContainText("body {Product | shout} unknown filter 'shout'");
  await expect(items.nth(2)).toContainText(
    'footer1 {Order no tag is not closed: \'}\' missing — near "Order {Order no"',
  );
  await page.screenshot({ path: `${SCREENSHOT_DIR}/office-template-problems.png` });
});
