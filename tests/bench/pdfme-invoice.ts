/**
 * The peer for the benchmark: the invoice fixture's content (header, bill-to, 20-row line-item
 * table, totals, QR code, bar code) drawn with @pdfme/generator, fed the same records.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Font, Template } from '@pdfme/common';
import { generate } from '@pdfme/generator';
import { barcodes, line, table, text } from '@pdfme/schemas';

const require = createRequire(import.meta.url);

type Rec = Record<string, unknown>;

/** The invoice fixture's record fields this peer prints. */
interface InvoiceRecord {
  company: { name: string; address: string };
  customer: { name: string; address: string; email: string };
  shipTo: { name: string; address: string };
  invoiceNumber: string;
  invoiceDate: string;
  dueDate: string;
  lines: Rec[];
  taxAmount: number;
  total: number;
}

const money = (n: number) => `$${n.toFixed(2)}`;
const cellStyle = {
  fontName: 'NotoSans',
  alignment: 'left',
  verticalAlignment: 'middle',
  fontSize: 8,
  lineHeight: 1,
  characterSpacing: 0,
  fontColor: '#000000',
  backgroundColor: '',
  borderColor: '#B8C4D9',
  borderWidth: { top: 0.1, right: 0.1, bottom: 0.1, left: 0.1 },
  padding: { top: 1.5, right: 1.5, bottom: 1.5, left: 1.5 },
};
const txt = (name: string, x: number, y: number, w: number, h: number, extra: Rec = {}) => ({
  name,
  type: 'text',
  position: { x, y },
  width: w,
  height: h,
  fontSize: 9,
  fontName: 'NotoSans',
  ...extra,
});

export const pdfmeTemplate: Template = {
  basePdf: { width: 210, height: 297, padding: [0, 0, 0, 0] },
  schemas: [
    [
      txt('company', 14, 12, 110, 7, { fontSize: 14 }),
      txt('companyAddress', 14, 20, 110, 5),
      txt('title', 140, 12, 56, 9, { fontSize: 18, fontColor: '#1F4EA1', alignment: 'right' }),
      txt('invoiceNumber', 120, 22, 76, 5, { alignment: 'right' }),
      txt('dates', 120, 27, 76, 5, { alignment: 'right' }),
      { name: 'rule', type: 'line', position: { x: 14, y: 36 }, width: 182, height: 0.3, color: '#1F4EA1' },
      txt('billTo', 14, 40, 90, 24, { lineHeight: 1.3 }),
      txt('shipTo', 106, 40, 90, 24, { lineHeight: 1.3 }),
      {
        name: 'lines',
        type: 'table',
        position: { x: 14, y: 68 },
        width: 182,
        height: 120,
        showHead: true,
        head: ['#', 'Description', 'Qty', 'Unit price', 'Amount'],
        headWidthPercentages: [8, 44, 12, 18, 18],
        tableStyles: { borderColor: '#B8C4D9', borderWidth: 0.3 },
        headStyles: { ...cellStyle, fontColor: '#ffffff', backgroundColor: '#1F4EA1' },
        bodyStyles: { ...cellStyle, alternateBackgroundColor: '' },
        columnStyles: { alignment: { 2: 'right', 3: 'right', 4: 'right' } },
      },
      txt('totals', 120, 235, 76, 18, { alignment: 'right', lineHeight: 1.3 }),
      {
        name: 'qr',
        type: 'qrcode',
        position: { x: 170, y: 256 },
        width: 26,
        height: 26,
        backgroundColor: '#ffffff',
        barColor: '#000000',
      },
      {
        name: 'barcode',
        type: 'code128',
        position: { x: 100, y: 262 },
        width: 60,
        height: 14,
        backgroundColor: '#ffffff',
        barColor: '#000000',
        includetext: true,
      },
    ],
  ],
} as unknown as Template;

export function pdfmeFont(): Font {
  const file = require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf');
  return { NotoSans: { data: new Uint8Array(readFileSync(file)), fallback: true } };
}

export function pdfmeInputs(input: Rec): Record<string, string> {
  const record = input as unknown as InvoiceRecord;
  const lines = record.lines.filter((l) => Number(l.quantity) > 0);
  const subtotal = lines.reduce((s, l) => s + Number(l.amount), 0);
  return {
    company: String(record.company.name),
    companyAddress: String(record.company.address),
    title: 'INVOICE',
    invoiceNumber: `Invoice no. ${record.invoiceNumber}`,
    dates: `Issued ${record.invoiceDate} · Due ${record.dueDate}`,
    billTo: ['Bill to', record.customer.name, record.customer.address, record.customer.email].join('\n'),
    shipTo: ['Ship to', record.shipTo.name, record.shipTo.address].join('\n'),
    lines: JSON.stringify(
      lines.map((l, i) => [
        String(i + 1),
        String(l.description),
        String(l.quantity),
        money(Number(l.unitPrice)),
        money(Number(l.amount)),
      ]),
    ),
    totals: `Subtotal ${money(subtotal)}\nTax ${money(Number(record.taxAmount))}\nTotal due ${money(Number(record.total))}`,
    qr: `https://pay.example/${record.invoiceNumber}`,
    barcode: String(record.invoiceNumber),
  };
}

export function createPdfmeRenderer() {
  const font = pdfmeFont();
  const plugins = { text, table, line, qrcode: barcodes.qrcode, code128: barcodes.code128 };
  return async (record: Rec): Promise<Uint8Array> =>
    generate({ template: pdfmeTemplate, inputs: [pdfmeInputs(record)], plugins, options: { font } });
}
