/**
 * One template per kind, written by a real generator (docx, exceljs, pptxgenjs), filled with one
 * invoice record; the result is read back as text. The same fills are opened by LibreOffice in
 * `src/render/export/libreoffice.test.ts` (one soffice run for every file Quire writes).
 */
import { describe, expect, it } from 'vitest';
import { docxRenderer } from './docx';
import { GOLDEN_RECORD, goldenDocx, goldenPptx, goldenXlsx } from './golden-fixtures';
import { pptxRenderer } from './pptx';
import { officeContentFromFile } from './schema';
import { env, input, sheetCells, slideText, unzipText, wordText } from './test-helpers';
import { officeTemplateVars } from './vars';
import { xlsxRenderer } from './xlsx';

describe('golden Office fills', () => {
  it('docx: body, table loop, paragraph loop, header, footer fields, footnote, QR', async () => {
    const template = docxRenderer.parse(officeContentFromFile(await goldenDocx(), 'invoice.docx'));
    const out = unzipText(await docxRenderer.render(template, input(GOLDEN_RECORD), env));
    const body = wordText(out['word/document.xml']!);
    expect(body).toContain('Bill to: Ada Lovelace & Co <Ltd>, London');
    expect(body).toContain('Issued 2024/03/05 · paid ☒');
    expect(body).toContain('Item|Qty|Price|Total|\nPen|2|$1.50||\nInk|3|$4.00||\nPaper|10|$0.25||\nTotal|$17.50|');
    expect(body).toContain('1. PEN\n2. INK\n3. PAPER\nThank you!\nSecond line\nNothing is missing.');
    expect(out['word/document.xml']).toMatch(/Scan: <\/w:t><\/w:r><w:r><w:drawing>/);
    expect(body).toContain('Remarks: Paid by card, thank you\n• one\n• two');
    expect(body).toContain('Pen|2|\nInk|3|\nPaper|10|');
    expect(out['word/document.xml']).toContain('<w:b/><w:bCs/></w:rPr><w:t xml:space="preserve">card</w:t>');
    expect(body).not.toMatch(/[{}]/);
    expect(wordText(Object.entries(out).find(([n]) => /word\/header\d*\.xml/.test(n))![1])).toBe('Invoice INV-0042');
    const footer = Object.entries(out).find(([n]) => /word\/footer\d*\.xml/.test(n))![1];
    expect(footer).toContain('Ada Lovelace &amp; Co &lt;Ltd&gt; — page ');
    expect(footer).toMatch(/PAGE/);
    expect(footer).toMatch(/NUMPAGES/);
    expect(wordText(out['word/footnotes.xml']!)).toContain('Customer since London');
  });

  it('xlsx: typed cells, repeated rows with formulas, cross-sheet formula, sheet per item', async () => {
    const template = xlsxRenderer.parse(officeContentFromFile(await goldenXlsx(), 'invoice.xlsx'));
    const out = unzipText(await xlsxRenderer.render(template, input(GOLDEN_RECORD), env));
    const workbook = out['xl/workbook.xml']!;
    const names = [...workbook.matchAll(/<sheet\b[^>]*name="([^"]*)"/g)].map((m) => m[1]);
    expect(names).toEqual(['Invoice', 'Summary', 'Line 1', 'Line 2', 'Line 3']);
    const sheetFiles = Object.keys(out).filter((n) => /^xl\/worksheets\/[^/]+\.xml$/.test(n));
    expect(sheetFiles).toHaveLength(5);
    const invoice = sheetCells(out['xl/worksheets/sheet1.xml']!, out['xl/sharedStrings.xml']);
    expect(invoice.A1).toBe('Invoice INV-0042');
    expect(invoice.A2).toBe('Ada Lovelace & Co <Ltd>');
    expect(Number(invoice.C2)).toBeCloseTo(45356.5, 5);
    expect([invoice.A5, invoice.B5, invoice.C5, invoice.D5]).toEqual(['Pen', '2', '1.5', '=B5*C5']);
    expect([invoice.A7, invoice.B7, invoice.D7]).toEqual(['Paper', '10', '=B7*C7']);
    expect([invoice.A8, invoice.D8]).toEqual(['Total', '=SUM(D5:D7)']);
    expect(invoice.B10).toBe('1');
    expect(sheetCells(out['xl/worksheets/sheet2.xml']!).B1).toBe('=Invoice!D8');
    expect(out['xl/worksheets/sheet1.xml']).toContain('sqref="D5:D7"');
    expect(out['xl/worksheets/sheet1.xml']).toContain('<mergeCell ref="A1:D1"/>');
  });

  it('pptx: table rows, a slide per item, QR picture', async () => {
    const template = pptxRenderer.parse(officeContentFromFile(await goldenPptx(), 'invoice.pptx'));
    const out = unzipText(await pptxRenderer.render(template, input(GOLDEN_RECORD), env));
    const order = [...out['ppt/presentation.xml']!.matchAll(/<p:sldId\b[^>]*r:id="([^"]+)"/g)].map((m) => m[1]);
    const rels = out['ppt/_rels/presentation.xml.rels']!;
    const slides = order.map((id) => {
      const target = new RegExp(`Id="${id}"[^>]*Target="([^"]+)"|Target="([^"]+)"[^>]*Id="${id}"`).exec(rels)!;
      return slideText(out[`ppt/${target[1] ?? target[2]}`]!);
    });
    expect(slides).toHaveLength(5);
    expect(slides[0]).toContain('Invoice INV-0042\nFor Ada Lovelace & Co <Ltd>');
    expect(slides[0]).toContain('Item|Qty|\nPen|2|\nInk|3|\nPaper|10|');
    expect(slides.slice(1, 4)).toEqual(['Pen: 2 × $1.50', 'Ink: 3 × $4.00', 'Paper: 10 × $0.25']);
    expect(slides[4]).toBe('Thanks, Ada Lovelace & Co <Ltd>');
    const last = Object.entries(out).find(([, xml]) => xml.includes('Thanks, Ada'))![1];
    expect(last).toContain('<p:pic>');
  });
});

describe('officeTemplateVars', () => {
  it('lists the field paths each kind reads, loop paths under their list', async () => {
    const docx = docxRenderer.parse(officeContentFromFile(await goldenDocx(), 'invoice.docx'));
    expect(officeTemplateVars(docx)).toEqual(
      expect.arrayContaining([
        'customer.city',
        'customer.name',
        'issued',
        'lines',
        'lines.name',
        'lines.qty',
        'link',
        'number',
      ]),
    );
    const xlsx = xlsxRenderer.parse(officeContentFromFile(await goldenXlsx(), 'invoice.xlsx'));
    expect(officeTemplateVars(xlsx)).toEqual(expect.arrayContaining(['lines', 'lines.name', 'lines.price', 'paid']));
    const pptx = pptxRenderer.parse(officeContentFromFile(await goldenPptx(), 'invoice.pptx'));
    expect(officeTemplateVars(pptx)).toEqual(expect.arrayContaining(['lines.price', 'link', 'customer.name']));
  });
});
