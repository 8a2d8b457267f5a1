/**
 * The golden templates as LibreOffice 7.4 writes them (opened and saved again with
 * `soffice --headless --convert-to docx|xlsx|pptx`, files in __fixtures__): another authoring
 * tool, other markup (empty run properties, its own table and shape XML), the same results.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { docxRenderer } from './docx';
import { GOLDEN_RECORD } from './golden-fixtures';
import { pptxRenderer } from './pptx';
import { officeContentFromFile } from './schema';
import { env, input, sheetCells, slideText, unzipText, wordText } from './test-helpers';
import { xlsxRenderer } from './xlsx';

const fixture = (name: string) =>
  officeContentFromFile(new Uint8Array(readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url))), name);

describe('templates saved by LibreOffice', () => {
  it('docx', async () => {
    const template = docxRenderer.parse(fixture('lo-invoice.docx'));
    const out = unzipText(await docxRenderer.render(template, input(GOLDEN_RECORD), env));
    const body = wordText(out['word/document.xml']!);
    expect(body).toContain('Bill to: Ada Lovelace & Co <Ltd>, London');
    expect(body).toMatch(/Pen\|2\|\$1\.50\|\|\s*Ink\|3\|\$4\.00\|\|\s*Paper\|10\|\$0\.25\|\|/);
    expect(body).toContain('1. PEN\n2. INK\n3. PAPER');
    expect(body).toContain('Remarks: Paid by card, thank you\n• one\n• two');
    expect(body).not.toMatch(/[{}]/);
    const headers = Object.entries(out).filter(([n]) => /word\/header\d*\.xml/.test(n));
    expect(headers.some(([, xml]) => wordText(xml).includes('Invoice INV-0042'))).toBe(true);
  });

  it('xlsx', async () => {
    const template = xlsxRenderer.parse(fixture('lo-invoice.xlsx'));
    const out = unzipText(await xlsxRenderer.render(template, input(GOLDEN_RECORD), env));
    const names = [...out['xl/workbook.xml']!.matchAll(/<sheet\b[^>]*name="([^"]*)"/g)].map((m) => m[1]);
    expect(names).toEqual(['Invoice', 'Summary', 'Line 1', 'Line 2', 'Line 3']);
    const cells = sheetCells(out['xl/worksheets/sheet1.xml']!, out['xl/sharedStrings.xml']);
    expect([cells.A5, cells.A6, cells.A7]).toEqual(['Pen', 'Ink', 'Paper']);
    expect(cells.D7).toBe('=B7*C7');
    expect(cells.D8).toBe('=SUM(D5:D7)');
    expect(sheetCells(out['xl/worksheets/sheet2.xml']!).B1).toBe('=Invoice!D8');
  });

  it('pptx', async () => {
    const template = pptxRenderer.parse(fixture('lo-invoice.pptx'));
    const out = unzipText(await pptxRenderer.render(template, input(GOLDEN_RECORD), env));
    expect(out['ppt/presentation.xml']!.match(/<p:sldId\b/g)).toHaveLength(5);
    const texts = Object.entries(out)
      .filter(([n]) => /^ppt\/slides\/[^/]+\.xml$/.test(n))
      .map(([, xml]) => slideText(xml));
    expect(texts.some((t) => t.includes('Invoice INV-0042'))).toBe(true);
    expect(texts.filter((t) => /^(Pen|Ink|Paper): /.test(t))).toHaveLength(3);
    expect(texts.join('\n')).not.toMatch(/[{}]/);
  });
});
