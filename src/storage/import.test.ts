import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isQuireError, type QuireError } from '../core/errors';
import { importApprovalJson } from './approvalImport';
import {
  guessDelimiter,
  importIntoExistingTable,
  importIntoNewTable,
  listXlsxSheets,
  previewImport,
  readCsv,
  readXlsx,
} from './import';
import type { Storage } from './storage';
import { openTestStorage } from './testing';
import type { RecordBlockRow } from './types';

const opened: Storage[] = [];
async function storageWithBase() {
  const s = await openTestStorage();
  opened.push(s);
  const base = await s.bases.create({ name: 'Imports' });
  return { s, base };
}
afterEach(() => {
  for (const s of opened.splice(0)) s.close();
});

const CSV = `\uFEFFOrder,Amount,Date,Status,Paid,Email
SO-1,"$1,200.00",2024-03-01,Open,yes,a@x.com
SO-2,$35.50,2024-03-02,Closed,no,b@x.com

SO-3,$9.99,2024-03-03,Open,yes,c@x.com
SO-4,$0.00,2024-03-04,Open,no,d@x.com
SO-5,$12.00,2024-03-05,Closed,yes,e@x.com
`;

describe('CSV import', () => {
  it('parses, infers and writes a new table', async () => {
    const { s, base } = await storageWithBase();
    const { sheet, columns, rowCount } = previewImport(readCsv(CSV), { timeZone: 'UTC' });
    expect(rowCount).toBe(5);
    expect(columns.map((c) => c.kind)).toEqual(['text', 'currency', 'date', 'singleSelect', 'checkbox', 'email']);
    const result = await importIntoNewTable(s, {
      baseId: base.id,
      tableName: 'Orders',
      sheet,
      columns,
      options: { timeZone: 'UTC' },
    });
    expect(result.imported).toBe(5);
    const table = (await s.tables.get(result.table.id))!;
    expect(table.fields.map((f) => [f.name, f.type])).toEqual([
      ['Order', 'text'],
      ['Amount', 'currency'],
      ['Date', 'dateTime'],
      ['Status', 'singleSelect'],
      ['Paid', 'checkbox'],
      ['Email', 'email'],
    ]);
    const [first] = await s.records.page(table.id, 0, 1);
    const byName = Object.fromEntries(table.fields.map((f) => [f.name, first!.values[f.id]]));
    expect(byName).toEqual({
      Order: 'SO-1',
      Amount: 1200,
      Date: Date.UTC(2024, 2, 1),
      Status: 'Open',
      Paid: true,
      Email: 'a@x.com',
    });
  });

  it('detects semicolons and tabs as delimiters', () => {
    expect(readCsv('a;b\n1;2\n').header).toEqual(['a', 'b']);
    expect(readCsv('a\tb\n1\t2\n').rows).toEqual([['1', '2']]);
  });

  it('guesses the delimiter from the first non-blank line only', () => {
    expect(guessDelimiter('\r\n  \r\na;b;c\r\n1,2,3,4,5\r\n')).toBe(';');
    expect(guessDelimiter('"x;y",b,c\n')).toBe(',');
    expect(guessDelimiter('single')).toBe(',');
    expect(guessDelimiter('')).toBe(',');
  });

  it('reports a broken quote with its row', () => {
    const error = (() => {
      try {
        readCsv('a,b\n1,"unclosed\n2,3\n');
      } catch (e) {
        return e as QuireError;
      }
    })();
    expect(isQuireError(error, 'ImportError')).toBe(true);
    expect(error!.issues[0]!.path).toMatch(/^row \d+$/);
  });

  it('a bad cell names row and column, and leaves no table behind', async () => {
    const { s, base } = await storageWithBase();
    const sheet = readCsv('Item,Qty\nPen,1\nInk,2\nPad,lots\n');
    const columns = previewImport(sheet).columns.map((c) => (c.name === 'Qty' ? { ...c, kind: 'number' as const } : c));
    const error = await importIntoNewTable(s, { baseId: base.id, tableName: 'Bad', sheet, columns }).catch((e) => e);
    expect(isQuireError(error, 'ImportError')).toBe(true);
    expect(error.issues).toEqual([{ path: 'row 4, column "Qty"', reason: '"lots" is not a number' }]);
    expect(await s.tables.listByBase(base.id)).toEqual([]);
    expect(await s.db.recordBlocks.count()).toBe(0);
  });

  it('a storage failure half-way through the records rolls the whole import back', async () => {
    const { s, base } = await storageWithBase();
    const rows = Array.from({ length: 7_000 }, (_, i) => `R${i},${i}`).join('\n');
    const { sheet, columns } = previewImport(readCsv(`Name,N\n${rows}\n`));
    const bulkPut = s.db.recordBlocks.bulkPut.bind(s.db.recordBlocks) as (
      items: readonly RecordBlockRow[],
    ) => Promise<unknown>;
    // The first blocks are written, then the disk is full half-way through the next ones.
    let calls = 0;
    const failHalfWay = async (items: readonly RecordBlockRow[]) => {
      calls += 1;
      if (calls === 1) return bulkPut(items);
      await bulkPut(items.slice(0, 2));
      throw new DOMException('disk full', 'QuotaExceededError');
    };
    vi.spyOn(s.db.recordBlocks, 'bulkPut').mockImplementation(failHalfWay as never);
    const error = await importIntoNewTable(s, { baseId: base.id, tableName: 'Big', sheet, columns }).catch((e) => e);
    expect(isQuireError(error, 'StorageQuotaExceeded')).toBe(true);
    expect(calls).toBe(2);
    expect(await s.db.dataTables.count()).toBe(0);
    expect(await s.db.recordBlocks.count()).toBe(0);
    expect(await s.db.recordIndex.count()).toBe(0);
  });

  it('imports 10,000 rows in one go (speed sanity with fake-indexeddb)', async () => {
    const { s, base } = await storageWithBase();
    const lines = ['Id,Customer,Amount,Date,Status'];
    for (let i = 0; i < 10_000; i++)
      lines.push(
        `${i + 1},Customer ${i % 300},${(i * 1.25).toFixed(2)},2024-01-${String((i % 28) + 1).padStart(2, '0')},${['Open', 'Closed', 'Pending'][i % 3]}`,
      );
    const started = performance.now();
    const { sheet, columns } = previewImport(readCsv(lines.join('\n')));
    const parsedAt = performance.now();
    const progress: number[] = [];
    const result = await importIntoNewTable(s, {
      baseId: base.id,
      tableName: 'Ten thousand',
      sheet,
      columns,
      onProgress: (written) => progress.push(written),
    });
    expect(progress).toEqual([5_000, 10_000]);
    const elapsed = performance.now() - started;
    expect(result.imported).toBe(10_000);
    expect(await s.records.count(result.table.id)).toBe(10_000);
    expect(columns.map((c) => c.kind)).toEqual(['number', 'text', 'number', 'date', 'singleSelect']);
    // A grid window deep in the table: ordered ids once, then the visible rows by id.
    const ids = await s.records.orderedIds(result.table.id);
    const window = await s.records.getMany(ids.slice(9_990, 10_000));
    expect(window.map((r) => r.seq)).toEqual(Array.from({ length: 10 }, (_, i) => 9_991 + i));
    console.info(
      `10k CSV rows: parse+infer ${(parsedAt - started).toFixed(0)} ms, total ${elapsed.toFixed(0)} ms (${Math.round(10_000 / (elapsed / 1000))} rows/s)`,
    );
  });
});

describe('an import is one transaction however long', () => {
  it('a failure after many batches were written leaves no rows, no table and no base behind', async () => {
    const s = await openTestStorage();
    opened.push(s);
    const lines = ['Name,Amount'];
    for (let i = 0; i < 60_000; i++) lines.push(`Person ${i},${i}`);
    const { sheet, columns } = previewImport(readCsv(lines.join('\n')));
    const failure = importIntoNewTable(s, {
      newBase: { name: 'Fresh' },
      tableName: 'People',
      sheet,
      columns,
      // The last batch's report fails: every batch before it has been handed over and answered.
      onProgress: (written, total) => {
        if (written === total) throw new Error('disk gone');
      },
    });
    await expect(failure).rejects.toThrow('disk gone');
    expect(await s.bases.list()).toEqual([]);
    expect(await s.db.dataTables.count()).toBe(0);
    expect(await s.db.recordBlocks.count()).toBe(0);
    expect(await s.db.recordIndex.count()).toBe(0);
  });
});

describe('import into an existing table', () => {
  it('fills matching fields by name, adds new fields and new select options', async () => {
    const { s, base } = await storageWithBase();
    const table = await s.tables.create({
      baseId: base.id,
      name: 'Orders',
      fields: [
        { name: 'Order', type: 'text' },
        { name: 'Amount', type: 'currency', property: { currencyCode: 'EUR' } },
        { name: 'Status', type: 'singleSelect', property: { options: [{ id: 'o1', name: 'Open' }] } },
      ],
    });
    await s.records.add(table.id, { [table.fields[0]!.id]: 'existing' });
    const sheet = readCsv('order,Amount,Status,Note\nSO-9,12.5,Shipped,fragile\nSO-10,3,Open,\n');
    const { columns } = previewImport(sheet);
    const result = await importIntoExistingTable(s, { tableId: table.id, sheet, columns });
    expect(result.imported).toBe(2);
    expect(result.addedFields.map((f) => f.name)).toEqual(['Note']);
    const updated = (await s.tables.get(table.id))!;
    expect(updated.fields.find((f) => f.name === 'Status')!.property!.options!.map((o) => o.name)).toEqual([
      'Open',
      'Shipped',
    ]);
    const all = await s.records.listAll(table.id);
    expect(all.map((r) => r.seq)).toEqual([1, 2, 3]);
    expect(all[1]!.values[table.fields[1]!.id]).toBe(12.5);
  });

  it('refuses columns that map onto fields no file can fill', async () => {
    const { s, base } = await storageWithBase();
    const table = await s.tables.create({
      baseId: base.id,
      name: 'T',
      fields: [
        { name: 'Name', type: 'text' },
        { name: 'Owner', type: 'user' },
      ],
    });
    const sheet = readCsv('Name,Owner\nA,Bob\n');
    const error = await importIntoExistingTable(s, {
      tableId: table.id,
      sheet,
      columns: previewImport(sheet).columns,
    }).catch((e) => e);
    expect(error.issues[0]).toEqual({
      path: 'column "Owner"',
      reason: 'the field "Owner" (user) cannot be filled from a file',
    });
    expect(await s.records.count(table.id)).toBe(0);
  });
});

describe('XLSX import', () => {
  async function workbookBytes() {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Orders');
    ws.addRow(['Order', 'Amount', 'Date', 'Paid', 'Link', 'Note']);
    ws.addRow([
      'SO-1',
      12.5,
      new Date(Date.UTC(2024, 2, 5)),
      true,
      { text: 'site', hyperlink: 'https://example.com/a' },
      { richText: [{ text: 'bold ' }, { text: 'text' }] },
    ]);
    ws.addRow([
      'SO-2',
      { formula: 'B2*2', result: 25 },
      new Date(Date.UTC(2024, 2, 6)),
      false,
      { text: 'https://example.com/b', hyperlink: 'https://example.com/b' },
      'plain',
    ]);
    wb.addWorksheet('Other').addRow(['x']);
    return new Uint8Array(await wb.xlsx.writeBuffer());
  }

  it('lists sheets and reads typed cells from the first sheet', async () => {
    const bytes = await workbookBytes();
    expect(await listXlsxSheets(bytes)).toEqual(['Orders', 'Other']);
    const sheet = await readXlsx(bytes);
    expect(sheet.header).toEqual(['Order', 'Amount', 'Date', 'Paid', 'Link', 'Note']);
    expect(sheet.rows[0]).toEqual([
      'SO-1',
      12.5,
      new Date(Date.UTC(2024, 2, 5)),
      true,
      { text: 'site', link: 'https://example.com/a' },
      'bold text',
    ]);
    expect(sheet.rows[1]![1]).toBe(25);
    expect(sheet.rows[1]![4]).toBe('https://example.com/b');

    const { s, base } = await storageWithBase();
    const { columns } = previewImport(sheet, { timeZone: 'UTC' });
    expect(columns.map((c) => c.kind)).toEqual(['text', 'number', 'date', 'checkbox', 'url', 'text']);
    const result = await importIntoNewTable(s, {
      baseId: base.id,
      tableName: 'X',
      sheet,
      columns,
      options: { timeZone: 'UTC' },
    });
    const [r1] = await s.records.listAll(result.table.id);
    expect(Object.values(r1!.values)).toEqual([
      'SO-1',
      12.5,
      Date.UTC(2024, 2, 5),
      true,
      { text: 'site', link: 'https://example.com/a' },
      'bold text',
    ]);
  });

  it('reads a chosen sheet and rejects a file that is not xlsx', async () => {
    const bytes = await workbookBytes();
    expect((await readXlsx(bytes, 'Other')).header).toEqual(['x']);
    await expect(readXlsx(bytes, 'Missing')).rejects.toMatchObject({ errorName: 'ImportError' });
    await expect(readXlsx(new TextEncoder().encode('not a zip'))).rejects.toMatchObject({ errorName: 'ImportNotXlsx' });
  });
});

describe('approval JSON import', () => {
  const definition = {
    approval_name: 'Expense',
    approval_code: 'EXP',
    locale: 'en-US',
    form: JSON.stringify([{ id: 'w1', name: 'Amount', type: 'amount' }]),
  };

  it('imports a definition with its instances in one go', async () => {
    const { s } = await storageWithBase();
    const file = JSON.stringify({
      definition,
      instances: [
        { serial_id: '202401', content_data: '[]', apply_user_name: 'Ann' },
        { serial_id: '202402', content_data: '[]', apply_user_name: 'Bo' },
      ],
    });
    expect(await importApprovalJson(s, file)).toEqual({ definitions: ['EXP'], instances: 2 });
    expect((await s.approvals.getDefinition('EXP'))!.design).toEqual(definition);
    expect((await s.approvals.listInstances('EXP')).map((i) => i.code).sort()).toEqual(['202401', '202402']);
    expect(await s.approvals.countInstances('EXP')).toBe(2);
    expect(await s.approvals.countInstances('NONE')).toBe(0);
  });

  it('rejects instances of unknown approvals and bad fields, writing nothing', async () => {
    const { s } = await storageWithBase();
    const file = JSON.stringify({
      definitions: [definition],
      instances: [
        { approval_code: 'EXP', serial_id: '1', comment_list: 'oops' },
        { approval_code: 'NOPE', serial_id: '2' },
      ],
    });
    const error = await importApprovalJson(s, file).catch((e) => e);
    expect(isQuireError(error, 'ImportError')).toBe(true);
    expect(error.issues.map((i: { path: string }) => i.path)).toEqual(['instances[0].comment_list', 'instances[1]']);
    expect(await s.db.approvalDefinitions.count()).toBe(0);
  });
});
