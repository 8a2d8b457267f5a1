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
import { env, input, unzipText, wordText } from './test-helpers';
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

let sheetLoop: Uint8Array = new Uint8Array();
let dir = '';
let flat = '';

beforeAll(async () => {
  const template = xlsxRenderer.parse(fixture('openpyxl-sheet-loop.xlsx'));
  sheetLoop = await xlsxRenderer.render(template, input({ orders: ORDERS }), env);
  dir = mkdtempSync(join(tmpdir(), 'quire-third-party-'));
  writeFileSync(join(dir, 'orders.xlsx'), sheetLoop);
  execFileSync(
    'soffice',
    [`-env:UserInstallation=file://${dir}/profile`, '--headless', '--convert-to', 'fods', 'orders.xlsx'],
    { cwd: dir, stdio: 'ignore', timeout: 240_000 },
  );
  flat = readFileSync(join(dir, 'orders.fods'), 'utf8');
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
