/** The benchmarks' invoice records: the invoice fixture's data with 20 line items and its own number. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export type InvoiceRec = Record<string, unknown> & { lines: Record<string, unknown>[] };

const ROOT = new URL('../../', import.meta.url).pathname;
const base = JSON.parse(readFileSync(join(ROOT, 'tests/fixtures/invoice/data.json'), 'utf8')) as InvoiceRec;

/** Record i: `rows` line items (quantity > 0), its own number and amounts. */
export function invoiceRecord(i: number, rows = 20): InvoiceRec {
  const source = base.lines.filter((l) => Number(l.quantity) > 0);
  const lines = Array.from({ length: rows }, (_, k) => {
    const l = source[k % source.length]!;
    const quantity = 1 + ((i + k) % 7);
    const unitPrice = Number(l.unitPrice);
    return {
      ...l,
      description: `${l.description} (${i}-${k})`,
      quantity,
      amount: Math.round(quantity * unitPrice * 100) / 100,
    };
  });
  const subtotal = lines.reduce((s, l) => s + Number(l.amount), 0);
  const tax = Math.round(subtotal * 19) / 100;
  return {
    ...base,
    invoiceNumber: `INV-2026-${String(i).padStart(5, '0')}`,
    lines,
    taxAmount: tax,
    total: subtotal + tax,
  };
}
