/**
 * Office files written by other programs (openpyxl, python-docx; hostile variants re-zipped by
 * Python's zipfile — `__fixtures__/third-party/make_fixtures.py`), filled by Quire and read back by
 * exceljs and LibreOffice headless (one soffice run for the file).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isQuireError } from '../../core/errors';
import { docxRenderer } from './docx';
import { officeContentFromFile } from './schema';
import { env, input, sheetCells, unzipText, wordText } from './test-helpers';
import { xlsxRenderer } from './xlsx';

const fixture = (name: string) =>
  officeContentFromFile(
    new Uint8Array(readFileSync(new URL(`./__fixtures__/third-party/${name}`, import.meta.url))),
    name,
  );

const ORDERS = [
  {
    id: 1,
    customer: 'Ada',
    lines: [
      { name: 'Pen', qty: 2 },
      { name: 'Ink', qty: 3 },
    ],
  },
  { id: 2, customer: 'Li Wei', lines: [{ name: 'Paper', qty: 10 }] },
];

const LINES = [
  { name: 'Pen', qty: 2 },
  { name: 'Ink', qty: 7 },
  { name: 'Paper', qty: 10 },
];

let sheetLoop: Uint8Array = new Uint8Array();
let chartLoop: Record<string, string> = {};
let emptyLoop: Record<string, string> = {};
let dir = '';
let flat = '';
let chartFlat = '';
let emptyFlat = '';

beforeAll(async () => {
  const template = xlsxRenderer.parse(fixture('openpyxl-sheet-loop.xlsx'));
  sheetLoop = await xlsxRenderer.render(template, input({ orders: ORDERS }), env);
  const charted = xlsxRenderer.parse(fixture('openpyxl-chart-loop.xlsx'));
  const sales = await xlsxRenderer.render(charted, input({ region: 'North', lines: LINES }), env);
  const empty = await xlsxRenderer.render(charted, input({ region: 'South', lines: [] }), env);
  chartLoop = unzipText(sales);
  emptyLoop = unzipText(empty);
  dir = mkdtempSync(join(tmpdir(), 'quire-third-party-'));
  writeFileSync(join(dir, 'orders.xlsx'), sheetLoop);
  writeFileSync(join(dir, 'sales.xlsx'), sales);
  writeFileSync(join(dir, 'empty.xlsx'), empty);
  // One LibreOffice start converts every file.
  execFileSync(
    'soffice',
    [
      `-env:UserInstallation=file://${dir}/profile`,
      '--headless',
      '--convert-to',
      'fods',
      'orders.xlsx',
      'sales.xlsx',
      'empty.xlsx',
    ],
    { cwd: dir, stdio: 'ignore', timeout: 240_000 },
  );
  flat = readFileSync(join(dir, 'orders.fods'), 'utf8');
  chartFlat = readFileSync(join(dir, 'sales.fods'), 'utf8');
  emptyFlat = readFileSync(join(dir, 'empty.fods'), 'utf8');
}, 300_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('an openpyxl workbook with a sheet per order', () => {
  it('keeps the namespaces openpyxl declares on each <sheet>', () => {
    const workbook = unzipText(sheetLoop)['xl/workbook.xml']!;
    const sheets = workbook.match(/<sheet\b[^>]*>/g)!;
    expect(sheets.map((s) => /name="([^"]*)"/.exec(s)![1])).toEqual(['Order 1', 'Order 2', 'Summary']);
    const rootDeclares = /<workbook\b[^>]*xmlns:r=/.test(workbook);
    for (const sheet of sheets) expect(rootDeclares || sheet.includes('xmlns:r=')).toBe(true);
  });

  it('reads in exceljs', async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(sheetLoop) as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['Order 1', 'Order 2', 'Summary']);
    const second = book.getWorksheet('Order 2')!;
    expect(second.getCell('A1').value).toBe('Order 2 for Li Wei');
    expect(second.getCell('A4').value).toBe('Paper');
    expect(book.getWorksheet('Order 1')!.getCell('A5').value).toBe('Ink');
    expect(book.getWorksheet('Summary')!.getCell('A1').value).toBe('2 orders');
  });

  it('opens in LibreOffice with every sheet and the totals recalculated', () => {
    const tables = [...flat.matchAll(/<table:table table:name="([^"]*)"/g)].map((m) => m[1]);
    expect(tables).toEqual(['Order 1', 'Order 2', 'Summary']);
    // Order 1: 2 + 3 in B6; order 2: 10 in B5.
    expect(flat).toMatch(/table:formula="of:=SUM\(\[\.B4:\.B5\]\)"[^>]*office:value="5"/);
    expect(flat).toMatch(/table:formula="of:=SUM\(\[\.B4:\.B4\]\)"[^>]*office:value="10"/);
  });
});

describe('an openpyxl workbook with a chart over a row loop', () => {
  it('grows the one-cell series openpyxl writes (unprefixed <f>) over every row', () => {
    const chart = chartLoop['xl/charts/chart1.xml']!;
    const formulas = [...chart.matchAll(/<f>([^<]*)<\/f>/g)].map((m) => m[1]);
    // The series title sits above the loop and stays; the values and categories cover 3 rows.
    expect(formulas).toEqual(["'Sales'!B3", "'Sales'!$A$4:$A$6", "'Sales'!$B$4:$B$6"]);
    const cells = sheetCells(chartLoop['xl/worksheets/sheet1.xml']!);
    expect([cells.A4, cells.A5, cells.A6, cells.B7]).toEqual(['Pen', 'Ink', 'Paper', '=SUM(B4:B6)']);
  });

  it('opens in LibreOffice with the chart over the three rows and the totals computed', () => {
    expect(chartFlat).toMatch(/<draw:object\b/);
    expect(chartFlat).toContain('chart:values-cell-range-address="Sales.B4:Sales.B6"');
    // The chart's own data table (what LibreOffice drew) holds the three items and quantities.
    const drawn = chartFlat.slice(chartFlat.indexOf('<office:chart>'), chartFlat.indexOf('</office:chart>'));
    expect([...drawn.matchAll(/<text:p>([^<]*)<\/text:p>/g)].map((m) => m[1])).toEqual(
      expect.arrayContaining(['Pen', '2', 'Ink', '7', 'Paper', '10']),
    );
    expect(chartFlat).toMatch(/table:formula="of:=SUM\(\[\.B4:\.B6\]\)"[^>]*office:value="19"/);
    expect(chartFlat).toMatch(/table:formula="of:=COUNT\(\[\.B4:\.B6\]\)"[^>]*office:value="3"/);
  });
});

describe('the same workbook with an empty list', () => {
  it('keeps the totals formulas over no rows, never over the header or themselves', () => {
    const sheet = emptyLoop['xl/worksheets/sheet1.xml']!;
    const cells = sheetCells(sheet);
    expect(cells.A4).toBe('Total');
    expect(cells.B4).toBe('=SUM({""})');
    expect(cells.C4).toBe('=COUNT({""})');
  });

  it('drops the conditional format and validation of the vanished rows instead of moving them onto the header', () => {
    const sheet = emptyLoop['xl/worksheets/sheet1.xml']!;
    expect(sheet).not.toContain('<conditionalFormatting');
    expect(sheet).not.toContain('<dataValidation');
  });

  it('evaluates to 0 in LibreOffice (no circular reference, no error)', () => {
    expect(emptyFlat).toMatch(/table:formula="of:=SUM\(\{&quot;&quot;\}\)"[^>]*office:value="0"/);
    expect(emptyFlat).toMatch(/table:formula="of:=COUNT\(\{&quot;&quot;\}\)"[^>]*office:value="0"/);
    expect(emptyFlat).not.toMatch(/Err:|#REF|#VALUE/);
  });
});

describe('paragraph loops in a python-docx file, as docxtemplater fills them', () => {
  const fill = async (scope: Record<string, unknown>) => {
    const template = docxRenderer.parse(fixture('python-docx-paragraph-loops.docx'));
    return wordText(unzipText(await docxRenderer.render(template, input(scope), env))['word/document.xml']!);
  };

  it('prints the text before {#items} and after {/items} once, each item in its own paragraph', async () => {
    const text = await fill({ items: [{ name: 'Pen' }, { name: 'Ink' }], colours: ['red', 'blue'] });
    // A loop opening mid-paragraph repeats what lies between its tags: 'Colours: red', then 'blue'.
    expect(text).toBe('Items: \n- Pen\n- Ink\nThank you.\nColours: red\nblue');
  });

  it('keeps the surrounding text when the lists are empty', async () => {
    expect(await fill({ items: [], colours: [] })).toBe('Items: \nThank you.\nColours:');
  });
});

function problem(name: string, parse: (c: ReturnType<typeof fixture>) => unknown): string {
  try {
    parse(fixture(name));
  } catch (error) {
    if (isQuireError(error)) return `${error.errorName}:${String(error.params.problem)}`;
    return `escaped: ${String(error)}`;
  }
  return 'accepted';
}

describe('hostile or broken files written by Python', () => {
  it('fills the python-docx file they are made from', async () => {
    const template = docxRenderer.parse(fixture('python-docx-hello.docx'));
    const out = unzipText(await docxRenderer.render(template, input({ name: 'Ada' }), env));
    expect(wordText(out['word/document.xml']!)).toBe('Hello Ada');
  });

  it('refuses a part that inflates past its declared size', () => {
    expect(problem('lying-size.docx', (c) => docxRenderer.parse(c))).toBe('TemplateParseError:zip-bomb');
  });

  it('refuses a DTD in a part Quire does not fill, in UTF-8 and UTF-16', () => {
    expect(problem('dtd-in-styles.docx', (c) => docxRenderer.parse(c))).toBe('TemplateParseError:dtd');
    expect(problem('dtd-utf16-styles.docx', (c) => docxRenderer.parse(c))).toBe('TemplateParseError:dtd');
  });

  it('refuses a Word or Excel file without its main part', () => {
    expect(problem('no-main-part.docx', (c) => docxRenderer.parse(c))).toBe('TemplateParseError:missing-part');
    expect(problem('no-main-part.xlsx', (c) => xlsxRenderer.parse(c))).toBe('TemplateParseError:missing-part');
  });
});
