/**
 * Templates written by real generators (the `docx` package, exceljs, pptxgenjs), as an office
 * suite would write them, with the record they are filled with. Used by golden.test.ts, and by
 * hand to open the results in LibreOffice.
 */
import {
  Document,
  Footer,
  FootnoteReferenceRun,
  Header,
  Packer,
  PageNumber,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
} from 'docx';
import ExcelJS from 'exceljs';
import PptxGenJS from 'pptxgenjs';

export const GOLDEN_RECORD = {
  number: 'INV-0042',
  customer: { name: 'Ada Lovelace & Co <Ltd>', city: 'London' },
  issued: { type: 'datetime', timestamp: Date.UTC(2024, 2, 5, 4), displayText: '2024/03/05' },
  paid: true,
  note: 'Thank you!\nSecond line',
  lines: [
    { name: 'Pen', qty: 2, price: 1.5 },
    { name: 'Ink', qty: { type: 'number', numberValue: 3, displayText: '3' }, price: 4 },
    { name: 'Paper', qty: 10, price: 0.25 },
  ],
  total: { type: 'number', numberValue: 17.5, displayText: '$17.50' },
  link: 'https://quire.example/r/42',
  remarks: '<p>Paid by <b>card</b>, <i>thank you</i></p><ul><li>one</li><li>two</li></ul>',
};

export async function goldenDocx(): Promise<Uint8Array> {
  const cell = (text: string, columnSpan?: number) =>
    new TableCell({ children: [new Paragraph(text)], ...(columnSpan ? { columnSpan } : {}) });
  const doc = new Document({
    sections: [
      {
        headers: { default: new Header({ children: [new Paragraph('Invoice {number}')] }) },
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                children: [
                  new TextRun('{customer.name} — page '),
                  new TextRun({ children: [PageNumber.CURRENT] }),
                  new TextRun(' of '),
                  new TextRun({ children: [PageNumber.TOTAL_PAGES] }),
                ],
              }),
            ],
          }),
        },
        children: [
          // A tag split across runs with different formatting, as Word's editing leaves it.
          new Paragraph({
            children: [
              new TextRun({ text: 'Bill to: {cust', bold: true }),
              new TextRun({ text: 'omer.na', italics: true }),
              new TextRun('me}, {customer.city}'),
              new FootnoteReferenceRun(1),
            ],
          }),
          new Paragraph('Issued {issued} · paid {paid}'),
          new Table({
            rows: [
              new TableRow({ children: [cell('Item'), cell('Qty'), cell('Price'), cell('Total')] }),
              new TableRow({
                children: [cell('{#lines}{name}'), cell('{qty}'), cell('{price | currency}'), cell('{/lines}')],
              }),
              new TableRow({ children: [cell('Total', 3), cell('{total}')] }),
            ],
          }),
          new Paragraph('{#lines}'),
          new Paragraph('{$number}. {name | case:upper}'),
          new Paragraph('{/lines}'),
          new Paragraph('{note}'),
          new Paragraph('{^missing}Nothing is missing.{/missing}'),
          new Paragraph('Scan: {%link | qr:96}'),
          new Paragraph('Remarks: {remarks | html}'),
          // Loop tags in rows of their own: those rows go away.
          new Table({
            rows: [
              new TableRow({ children: [cell('{#lines}'), cell('')] }),
              new TableRow({ children: [cell('{name}'), cell('{qty}')] }),
              new TableRow({ children: [cell('{/lines}'), cell('')] }),
            ],
          }),
        ],
      },
    ],
    footnotes: { 1: { children: [new Paragraph('Customer since {customer.city}')] } },
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}

export async function goldenXlsx(): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Invoice');
  sheet.getCell('A1').value = 'Invoice {number}';
  sheet.getCell('A1').font = { bold: true, size: 14 };
  sheet.mergeCells('A1:D1');
  sheet.getCell('A2').value = '{customer.name}';
  sheet.getCell('C2').value = '{issued}';
  sheet.getCell('C2').numFmt = 'yyyy-mm-dd';
  sheet.getRow(4).values = ['Item', 'Qty', 'Price', 'Total'];
  sheet.getRow(4).font = { bold: true };
  sheet.getRow(5).values = ['{#lines}{name}', '{qty}', '{price}', { formula: 'B5*C5' }, '{/lines}'];
  sheet.getCell('C5').numFmt = '#,##0.00';
  sheet.getRow(6).values = ['Total', null, null, { formula: 'SUM(D5:D5)' }];
  sheet.getCell('A8').value = 'Paid';
  sheet.getCell('B8').value = '{paid}';
  sheet.addConditionalFormatting({
    ref: 'D5',
    rules: [{ type: 'cellIs', operator: 'greaterThan', formulae: ['5'], priority: 1, style: { font: { bold: true } } }],
  });
  const summary = workbook.addWorksheet('Summary');
  summary.getCell('A1').value = 'Grand total';
  summary.getCell('B1').value = { formula: 'Invoice!D6' };
  const per = workbook.addWorksheet('{#lines}Line {$number}');
  per.getCell('A1').value = '{name}';
  per.getCell('B1').value = '{qty}';
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

export async function goldenPptx(): Promise<Uint8Array> {
  const deck = new PptxGenJS();
  const cover = deck.addSlide();
  cover.addText('Invoice {number}', { x: 0.5, y: 0.5, w: 8, h: 1, fontSize: 32 });
  cover.addText('For {customer.name}', { x: 0.5, y: 1.6, w: 8, h: 0.6 });
  cover.addTable(
    [
      [{ text: 'Item' }, { text: 'Qty' }],
      [{ text: '{#lines}{name}' }, { text: '{qty}{/lines}' }],
    ],
    { x: 0.5, y: 2.5, w: 6 },
  );
  const per = deck.addSlide();
  per.addText('{#lines}', { x: 0.5, y: 0.2, w: 3, h: 0.5 });
  per.addText('{name}: {qty} × {price | currency}', { x: 0.5, y: 1, w: 8, h: 1, fontSize: 24 });
  per.addText('{/lines}', { x: 0.5, y: 4.5, w: 3, h: 0.5 });
  const last = deck.addSlide();
  last.addText('Thanks, {customer.name}', { x: 0.5, y: 0.5, w: 8, h: 1 });
  last.addText('{%link | qr}', { x: 0.5, y: 2, w: 2, h: 2 });
  return new Uint8Array((await deck.write({ outputType: 'uint8array' })) as Uint8Array);
}
