import { describe, expect, it } from 'vitest';
import { isQuireError, type QuireError } from '../errors';
import { convertSheet, inferColumns, sheetFromJson, sheetFromJsonText, sheetFromRows } from './index';

const TZ = 'UTC';

function kinds(rows: unknown[][]) {
  return inferColumns(sheetFromRows(rows), { timeZone: TZ }).map((c) => c.kind);
}

describe('sheetFromRows', () => {
  it('names blank and repeated headers, pads short rows and remembers file row numbers', () => {
    const sheet = sheetFromRows([
      ['', '', ''],
      ['Name', '', 'Name'],
      ['a', 'b'],
      ['', '', ''],
      ['c', 'd', 'e', 'f'],
    ]);
    expect(sheet.header).toEqual(['Name', 'Column 2', 'Name (2)', 'Column 4']);
    expect(sheet.rows).toEqual([
      ['a', 'b', undefined, undefined],
      ['c', 'd', 'e', 'f'],
    ]);
    expect(sheet.rowNumbers).toEqual([3, 5]);
  });

  it('refuses an empty file', () => {
    expect(() => sheetFromRows([[''], []])).toThrow(/no rows|empty/);
  });
});

describe('inferColumns', () => {
  it('recognises each field kind from text cells', () => {
    const header = [
      'Name',
      'Qty',
      'Price',
      'Discount',
      'Date',
      'Paid',
      'Status',
      'Tags',
      'Site',
      'Email',
      'Phone',
      'Photos',
      'Zip',
    ];
    const statuses = ['Open', 'Closed', 'Open', 'Pending', 'Open', 'Closed'];
    const rows = statuses.map((status, i) => [
      `Customer ${i}`,
      String(i * 3),
      `$${(i * 10.5).toFixed(2)}`,
      `${i * 5}%`,
      `2024-03-0${i + 1}`,
      i % 2 ? 'yes' : 'no',
      status,
      i % 2 ? 'red, blue' : 'blue, green',
      `https://example.com/p/${i}`,
      `user${i}@example.com`,
      `+1 (555) 010-00${i}${i}`,
      `https://cdn.example.com/img${i}.png, https://cdn.example.com/doc${i}.pdf`,
      `0${i}123`,
    ]);
    const columns = inferColumns(sheetFromRows([header, ...rows]), { timeZone: TZ });
    expect(Object.fromEntries(columns.map((c) => [c.name, c.kind]))).toEqual({
      Name: 'text',
      Qty: 'number',
      Price: 'currency',
      Discount: 'percent',
      Date: 'date',
      Paid: 'checkbox',
      Status: 'singleSelect',
      Tags: 'multiSelect',
      Site: 'url',
      Email: 'email',
      Phone: 'phone',
      Photos: 'attachment',
      Zip: 'text',
    });
    expect(columns.find((c) => c.name === 'Price')).toMatchObject({ currencyCode: 'USD', precision: 2 });
    expect(columns[0]!.samples).toEqual(['Customer 0', 'Customer 1', 'Customer 2']);
  });

  it('uses spreadsheet cell types and the column name for phone numbers', () => {
    const rows: unknown[][] = [['Amount', 'When', 'Done', 'Mobile', 'Code']];
    for (let i = 0; i < 6; i++)
      rows.push([i + 0.25, new Date(Date.UTC(2024, 0, i + 1)), i % 2 === 0, `1381234567${i}`, `EUR ${i}.50`]);
    expect(kinds(rows)).toEqual(['number', 'date', 'checkbox', 'phone', 'currency']);
  });

  it('does not call free text a select, nor a sentence with commas a multi-select', () => {
    const rows: unknown[][] = [['Note']];
    for (let i = 0; i < 8; i++) rows.push([`Delivered on day ${i}, left at the door, signed by ${i}`]);
    expect(kinds(rows)).toEqual(['text']);
    expect(kinds([['Few'], ['A'], ['A'], ['B']])).toEqual(['text']); // too few values to call it a select
  });

  it('a mixed column falls back to text', () => {
    expect(kinds([['Mixed'], ['12'], ['abc'], ['2024-01-01']])).toEqual(['text']);
  });
});

describe('convertSheet', () => {
  const sheet = sheetFromRows([
    ['Item', 'Amount', 'Due', 'Status', 'Share'],
    ['Pen', '$1,200.50', '2024-03-05', 'Open', '25%'],
    ['Ink', '$3', '2024-03-06 14:30', 'Closed', '12.5%'],
    ['', '', '', '', ''],
    ['Pad', '', '', 'Open', ''],
  ]);

  it('converts cells to typed values and builds fields with options', () => {
    const columns = inferColumns(sheet, { timeZone: TZ });
    const result = convertSheet(sheet, columns, { timeZone: TZ });
    expect(result.fields).toEqual([
      { name: 'Item', type: 'text' },
      { name: 'Amount', type: 'currency', property: { currencyCode: 'USD', precision: 2 } },
      { name: 'Due', type: 'dateTime', property: { dateFormat: 'yyyy/MM/dd HH:mm' } },
      { name: 'Status', type: 'text' },
      { name: 'Share', type: 'number', property: { formatter: 'percent', precision: 1 } },
    ]);
    expect(result.rows[0]).toEqual(['Pen', 1200.5, Date.UTC(2024, 2, 5), 'Open', 0.25]);
    expect(result.rows[1]![2]).toBe(Date.UTC(2024, 2, 6, 14, 30));
    expect(result.rows[2]![0]).toBe('Pad');
    expect(1 in result.rows[2]!).toBe(false);
  });

  it('takes the user’s edits: renamed, excluded and re-typed columns', () => {
    const columns = inferColumns(sheet, { timeZone: TZ }).map((c) =>
      c.name === 'Status'
        ? { ...c, kind: 'singleSelect' as const, name: 'State' }
        : c.name === 'Due'
          ? { ...c, include: false }
          : c,
    );
    const result = convertSheet(sheet, columns, { timeZone: TZ });
    expect(result.fields.map((f) => f.name)).toEqual(['Item', 'Amount', 'State', 'Share']);
    expect(result.fields[2]).toEqual({
      name: 'State',
      type: 'singleSelect',
      property: {
        options: [
          { id: 'opt1', name: 'Open' },
          { id: 'opt2', name: 'Closed' },
        ],
      },
    });
  });

  it('names the row and column of every cell that does not fit', () => {
    const bad = sheetFromRows([
      ['Item', 'Amount'],
      ['Pen', '12'],
      ['Ink', 'twelve'],
      ['Pad', '3'],
      ['Cap', 'n/a'],
    ]);
    const columns = inferColumns(bad).map((c) => (c.name === 'Amount' ? { ...c, kind: 'number' as const } : c));
    let error: QuireError | undefined;
    try {
      convertSheet(bad, columns);
    } catch (e) {
      error = e as QuireError;
    }
    expect(isQuireError(error, 'ImportError')).toBe(true);
    expect(error!.issues).toEqual([
      { path: 'row 3, column "Amount"', reason: '"twelve" is not a number' },
      { path: 'row 5, column "Amount"', reason: '"n/a" is not a number' },
    ]);
    expect(error!.message).toContain('row 3, column "Amount"');
  });

  it('caps the list of problems and says how many more there are', () => {
    const rows: unknown[][] = [['N']];
    for (let i = 0; i < 80; i++) rows.push(['x']);
    const bad = sheetFromRows(rows);
    const error = (() => {
      try {
        convertSheet(bad, [{ index: 0, name: 'N', kind: 'number', include: true, samples: [] }]);
      } catch (e) {
        return e as QuireError;
      }
    })();
    expect(error!.issues).toHaveLength(51);
    expect(error!.issues.at(-1)!.reason).toBe('and 30 more cells that do not fit their column');
  });
});

describe('JSON', () => {
  it('reads an array of objects with the union of keys, arrays as multi-select', () => {
    const sheet = sheetFromJson({
      records: [
        { name: 'A', tags: ['x', 'y'], n: 1, ok: true },
        { name: 'B', extra: 'e', tags: ['y'], n: 2.5, ok: false },
      ],
    });
    expect(sheet.header).toEqual(['name', 'tags', 'n', 'ok', 'extra']);
    const columns = inferColumns(sheet);
    expect(columns.map((c) => c.kind)).toEqual(['text', 'text', 'number', 'checkbox', 'text']);
    const result = convertSheet(
      sheet,
      columns.map((c) => (c.name === 'tags' ? { ...c, kind: 'multiSelect' as const } : c)),
    );
    expect(result.rows[0]).toEqual(['A', ['x', 'y'], 1, true, undefined]);
  });

  it('reports invalid JSON and non-object rows', () => {
    expect(() => sheetFromJsonText('{oops')).toThrow(/invalid JSON/);
    try {
      sheetFromJson([{ a: 1 }, 'str', { a: 2 }]);
      expect.unreachable();
    } catch (e) {
      expect((e as QuireError).issues).toEqual([{ path: 'row 2', reason: 'expected an object, got string' }]);
    }
  });
});
