import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { changeFieldType, importIntoNewTable, previewFieldType, previewImport, readCsv } from './import';
import type { Storage } from './storage';
import { openTestStorage } from './testing';

let storage: Storage | undefined;
afterEach(() => storage?.close());

async function importCsv(csv: string) {
  storage = await openTestStorage();
  const base = await storage.bases.create({ name: 'B' });
  const sheet = readCsv(csv);
  const { columns } = previewImport(sheet, { timeZone: 'UTC' });
  return importIntoNewTable(storage, { baseId: base.id, tableName: 'T', sheet, columns, options: { timeZone: 'UTC' } });
}

describe('changing a field type after import (issue 12)', () => {
  it('previews, then converts what fits and keeps what does not in a text field', async () => {
    const { table } = await importCsv('Item,Qty\nPen,12\nInk,about 3\nPad,7\n');
    const qty = table.fields.find((f) => f.name === 'Qty')!;
    expect(qty.type).toBe('text');
    const s = storage!;
    const preview = await previewFieldType(s, { tableId: table.id, fieldId: qty.id, kind: 'number' });
    expect(preview.before).toEqual(['12', 'about 3', '7']);
    expect(preview.result.failed).toEqual([1]);
    // The preview wrote nothing.
    expect((await s.tables.get(table.id))!.fields.find((f) => f.id === qty.id)!.type).toBe('text');

    const outcome = await changeFieldType(s, {
      tableId: table.id,
      fieldId: qty.id,
      kind: 'number',
      keptFieldName: 'Qty (original)',
    });
    expect(outcome).toMatchObject({ converted: 2, kept: 1 });
    const after = (await s.tables.get(table.id))!;
    expect(after.fields.map((f) => [f.name, f.type])).toEqual([
      ['Item', 'text'],
      ['Qty', 'number'],
      ['Qty (original)', 'text'],
    ]);
    const kept = outcome.keptField!;
    const records = await s.records.listAll(table.id);
    expect(records.map((r) => [r.values[qty.id], r.values[kept.id]])).toEqual([
      [12, undefined],
      [undefined, 'about 3'],
      [7, undefined],
    ]);
  });

  it('a date back to text reads as the date, not a number', async () => {
    const { table } = await importCsv('Name,When\nA,2025-01-31\nB,2025-02-01\n');
    const when = table.fields.find((f) => f.name === 'When')!;
    expect(when.type).toBe('dateTime');
    const outcome = await changeFieldType(storage!, {
      tableId: table.id,
      fieldId: when.id,
      kind: 'text',
      keptFieldName: 'x',
    });
    expect(outcome.kept).toBe(0);
    const records = await storage!.records.listAll(table.id);
    expect(records.map((r) => r.values[when.id])).toEqual(['2025-01-31', '2025-02-01']);
  });
});

describe('imports keep what the file said (issue 29)', () => {
  // Written by openpyxl, saved as CSV by LibreOffice Calc (quoted fields, a line break in a cell,
  // doubled quotes, a Chinese name, an empty last cell).
  const calcCsv = readFileSync(new URL('./__fixtures__/orders-calc.csv', import.meta.url), 'utf8');

  it('an order number with letters stays text, never a currency', async () => {
    const { table } = await importCsv(calcCsv);
    const order = table.fields.find((f) => f.name === 'Order')!;
    expect(order.type).toBe('text');
    const records = await storage!.records.listAll(table.id);
    expect(records.map((r) => r.values[order.id])).toEqual(['ORD-2024001', 'ORD-2024002', 'ORD-2024003', 'INV-0042']);
    const note = table.fields.find((f) => f.name === 'Note')!;
    expect(records[0]!.values[note.id]).toBe('Leave at dock 3, gate B\nCall first');
  });

  it('"Change type → Text" gives back each amount and date exactly as the file wrote it', async () => {
    const { table } = await importCsv(calcCsv);
    const amount = table.fields.find((f) => f.name === 'Amount')!;
    const ordered = table.fields.find((f) => f.name === 'Ordered')!;
    expect(amount.type).toBe('currency');
    expect(ordered.type).toBe('dateTime');
    const s = storage!;
    // Through another type first: the file's text survives a conversion that is not to text.
    await changeFieldType(s, { tableId: table.id, fieldId: amount.id, kind: 'number', keptFieldName: 'x' });
    const preview = await previewFieldType(s, { tableId: table.id, fieldId: amount.id, kind: 'text' });
    expect(preview.before).toEqual(['$1,234.50', '$89.00', '$12.00', '$0.50']);
    for (const field of [amount, ordered])
      await changeFieldType(s, { tableId: table.id, fieldId: field.id, kind: 'text', keptFieldName: 'x' });
    const records = await s.records.listAll(table.id);
    expect(records.map((r) => [r.values[amount.id], r.values[ordered.id]])).toEqual([
      ['$1,234.50', '2024-03-05'],
      ['$89.00', '2024-03-06'],
      ['$12.00', '2024-03-07'],
      ['$0.50', '2024-03-08'],
    ]);
    expect(records.every((r) => r.sourceText === undefined)).toBe(true);
  });

  it('an edited cell converts from its new value, not the file text it replaced', async () => {
    const { table } = await importCsv('Item,Price\nPen,$2.50\nInk,$4.00\n');
    const price = table.fields.find((f) => f.name === 'Price')!;
    const s = storage!;
    const [pen] = await s.records.listAll(table.id);
    await s.records.update(pen!.id, { [price.id]: 3 });
    await changeFieldType(s, { tableId: table.id, fieldId: price.id, kind: 'text', keptFieldName: 'x' });
    const records = await s.records.listAll(table.id);
    expect(records.map((r) => r.values[price.id])).toEqual(['3', '$4.00']);
  });
});
