import { describe, expect, it } from 'vitest';
import { isQuireError } from '../../../core/errors';
import { fileKind, readImportFile, tableNameFromFile } from './readFile';

const file = (text: string, name: string) => Object.assign(new Blob([text]), { name });

describe('import file reading', () => {
  it('recognises kinds by extension', () => {
    expect(fileKind('a.CSV')).toBe('csv');
    expect(fileKind('a.tsv')).toBe('csv');
    expect(fileKind('a.xlsx')).toBe('xlsx');
    expect(fileKind('a.json')).toBe('json');
    expect(fileKind('a.pdf')).toBeUndefined();
    expect(tableNameFromFile('orders 2026.csv')).toBe('orders 2026');
  });

  it('reads CSV and JSON into sheets', async () => {
    const csv = await readImportFile(file('Name;Qty\nA;1\nB;2\n', 'x.csv'));
    expect(csv.sheet.header).toEqual(['Name', 'Qty']);
    expect(csv.sheet.rows).toHaveLength(2);
    const json = await readImportFile(file('[{"Name":"A","Qty":1}]', 'x.json'));
    expect(json.sheet.header).toEqual(['Name', 'Qty']);
  });

  it('refuses other files with a catalogued import error', async () => {
    const error = await readImportFile(file('%PDF', 'x.pdf')).catch((e: unknown) => e);
    expect(isQuireError(error, 'ImportError')).toBe(true);
  });
});

describe('files that are not what their name says (issue 12)', () => {
  const binary = (name: string) =>
    Object.assign(new Blob([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x00, 0x01, 0x02])]), { name });

  it('a binary file renamed .csv is refused as not text, naming the file', async () => {
    const error = await readImportFile(binary('orders.csv')).catch((e: unknown) => e);
    expect(isQuireError(error, 'ImportNotText')).toBe(true);
    expect((error as Error).message).toContain('orders.csv');
  });

  it('a non-zip .xlsx is refused with our own catalogued error, not the zip library text', async () => {
    const error = await readImportFile(file('Name,Qty\nA,1\n', 'sheet.xlsx')).catch((e: unknown) => e);
    expect(isQuireError(error, 'ImportNotXlsx')).toBe(true);
    expect((error as Error).message).not.toMatch(/zip|http/i);
  });

  it('keeps quoted commas and line breaks inside one text cell', async () => {
    const csv =
      'Order,Note\nSO-1,"Deliver to dock 3, gate B\nCall before arrival"\nSO-2,"He said ""urgent"", please expedite"\n';
    const { sheet } = await readImportFile(file(csv, 'notes.csv'));
    expect(sheet.rows.map((row) => row[1])).toEqual([
      'Deliver to dock 3, gate B\nCall before arrival',
      'He said "urgent", please expedite',
    ]);
  });
});
