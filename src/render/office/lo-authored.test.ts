/**
 * Templates authored in LibreOffice (tests/fixtures/office-lo), filled and read back as XML: a tag
 * split across runs by formatting changes, a loop over table rows with vertically and horizontally
 * merged cells, header and footer tags, image tags, a 3-sheet workbook with formulas below a loop,
 * a deck with a slide repeated per item. The same files are opened by LibreOffice in
 * `src/render/export/libreoffice.test.ts`.
 */
import { describe, expect, it } from 'vitest';
import { fillLoAuthored } from './lo-authored-fixtures';
import { sheetCells, slideText, unzipText, wordText } from './test-helpers';

const filled = fillLoAuthored().then((files) => ({
  docx: unzipText(files['letter.docx']),
  xlsx: unzipText(files['orders.xlsx']),
  pptx: unzipText(files['deck.pptx']),
}));

describe('a Word template authored in LibreOffice', () => {
  it('finds tags split across differently formatted runs, keeping the first run’s formatting', async () => {
    const doc = (await filled).docx['word/document.xml']!;
    const body = wordText(doc);
    expect(body).toContain('Dear Ada & Co,');
    expect(body).toContain('Your order INV-7 of March 5, 2024 is ready.');
    expect(body).not.toMatch(/[{}]/);
    // "{cust" was 14 pt, "omer.na" bold, "me}" red: the value takes the run where the tag starts.
    expect(doc).toMatch(/<w:r><w:rPr><w:sz w:val="28"\/><\/w:rPr><w:t xml:space="preserve">Dear Ada &amp; Co<\/w:t>/);
  });

  it('repeats a two-row table loop with its merged cells, and keeps the merged total row', async () => {
    const doc = (await filled).docx['word/document.xml']!;
    const table = /<w:tbl>[\s\S]*?<\/w:tbl>/.exec(doc)![0];
    const rows = table.match(/<w:tr\b[\s\S]*?<\/w:tr>/g)!;
    // Header, two rows per line, total.
    expect(rows).toHaveLength(1 + 2 * 3 + 1);
    expect(rows.map(wordText)).toEqual([
      'Item|Qty|Price|Colour|',
      'Pen|2|$1.50|blue|',
      '|Note: gift|',
      'Ink|3|$4.00|black|',
      '|Note: refill|',
      'Paper|10|$0.25|white|',
      '|Note: A4|',
      'Total|$17.50|',
    ]);
    // Each item's name cell spans its two rows; each note spans three columns.
    for (const i of [1, 3, 5]) expect(rows[i]).toMatch(/<w:vMerge w:val="restart"\/>/);
    for (const i of [2, 4, 6]) {
      expect(rows[i]).toMatch(/<w:vMerge w:val="continue"\/>/);
      expect(rows[i]).toMatch(/<w:gridSpan w:val="3"\/>/);
    }
    expect(rows[7]).toMatch(/<w:gridSpan w:val="3"\/>/);
  });

  it('fills the header and footer, keeping the page fields', async () => {
    const { docx } = await filled;
    const part = (kind: string) =>
      Object.entries(docx).find(([n]) => new RegExp(`^word/${kind}\\d*\\.xml$`).test(n))![1];
    expect(wordText(part('header'))).toBe('Invoice INV-7 for London');
    expect(part('footer')).toContain('Ada &amp; Co — page ');
    expect(part('footer')).toMatch(/PAGE/);
    expect(part('footer')).toMatch(/NUMPAGES/);
  });

  it('places the record photo and a QR code, and loops paragraphs without empty ones', async () => {
    const { docx } = await filled;
    const doc = docx['word/document.xml']!;
    expect(doc.match(/<w:drawing>/g)).toHaveLength(2);
    expect(doc).toContain('descr="photo.png"');
    const media = Object.keys(docx).filter((n) => n.startsWith('word/media/'));
    expect(media.length).toBeGreaterThanOrEqual(2);
    const body = wordText(doc);
    expect(body).toContain('Tag 1: urgent\nTag 2: fragile\nKind regards.');
  });
});

describe('a workbook authored in LibreOffice', () => {
  it('repeats the loop rows and moves the formulas below it, on every sheet', async () => {
    const { xlsx } = await filled;
    const lines = sheetCells(xlsx['xl/worksheets/sheet1.xml']!, xlsx['xl/sharedStrings.xml']);
    expect(lines.A1).toBe('Order INV-7 — Ada & Co');
    expect([lines.A3, lines.B3, lines.C3, lines.D3]).toEqual(['Pen', '2', '1.5', '=B3*C3']);
    expect([lines.A5, lines.B5, lines.C5, lines.D5]).toEqual(['Paper', '10', '0.25', '=B5*C5']);
    expect([lines.A6, lines.B6, lines.D6]).toEqual(['Total', '=SUM(B3:B5)', '=SUM(D3:D5)']);
    expect(lines.D7).toBe('=MAX(D3:D5)');
    // Numbers stay numbers.
    expect(xlsx['xl/worksheets/sheet1.xml']).toMatch(/<c r="B3" s="\d+"><v>2<\/v><\/c>/);
    const summary = sheetCells(xlsx['xl/worksheets/sheet2.xml']!, xlsx['xl/sharedStrings.xml']);
    expect(summary.B1).toBe('Ada & Co');
    expect(summary.B2).toBe('=Lines!D6');
    expect(summary.B3).toBe('=COUNTA(Lines!A3:A5)');
    const notes = sheetCells(xlsx['xl/worksheets/sheet3.xml']!, xlsx['xl/sharedStrings.xml']);
    expect(notes.B1).toBe('=Summary!B2*2');
    expect(notes.B2).toBe('Handle with care');
    expect(xlsx['xl/worksheets/sheet1.xml']).toContain('<mergeCell ref="A1:D1"/>');
    expect(xlsx['xl/workbook.xml']).toMatch(/fullCalcOnLoad="(1|true)"/);
  });
});

describe('a deck authored in LibreOffice', () => {
  it('repeats the line slide per item, between the cover and the closing slide', async () => {
    const { pptx } = await filled;
    const order = [...pptx['ppt/presentation.xml']!.matchAll(/<p:sldId\b[^>]*r:id="([^"]+)"/g)].map((m) => m[1]);
    const rels = pptx['ppt/_rels/presentation.xml.rels']!;
    const slides = order.map((id) => {
      const target = new RegExp(`Id="${id}"[^>]*Target="([^"]+)"|Target="([^"]+)"[^>]*Id="${id}"`).exec(rels)!;
      return slideText(pptx[`ppt/${target[1] ?? target[2]}`]!);
    });
    expect(slides).toEqual([
      'Order INV-7\nFor Ada & Co in London\n• urgent\n• fragile',
      'Line 1: Pen\n2 × $1.50, blue',
      'Line 2: Ink\n3 × $4.00, black',
      'Line 3: Paper\n10 × $0.25, white',
      'Thank you, Ada & Co',
    ]);
  });
});
