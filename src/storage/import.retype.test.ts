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
