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
