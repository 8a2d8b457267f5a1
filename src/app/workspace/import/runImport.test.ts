import { describe, expect, it } from 'vitest';
import type { RawSheet } from '../../../core/import';
import { previewImport, takeInterruptedImports } from '../../../storage';
import { openTestStorage } from '../../../storage/testing';
import { IMPORT_OPTIONS, runImport } from './runImport';

const sheet: RawSheet = {
  header: ['Name', 'Amount'],
  rows: [
    ['Ada', '12.50'],
    ['Grace', '7'],
  ],
  rowNumbers: [2, 3],
};

describe('one import run', () => {
  it('imports into a new table in a new base, reporting progress, and leaves no marker behind', async () => {
    const storage = await openTestStorage();
    const progress: number[] = [];
    const result = await runImport(storage, {
      fileName: 'people.csv',
      sheet,
      columns: previewImport(sheet, IMPORT_OPTIONS).columns,
      target: 'new',
      tableName: 'People',
      onProgress: (written) => progress.push(written),
    });
    expect(result.table.name).toBe('People');
    expect(result.imported).toBe(2);
    expect(await storage.records.orderedIds(result.table.id)).toHaveLength(2);
    expect(progress.at(-1)).toBe(2);
    expect(await takeInterruptedImports(storage)).toEqual([]);
  });

  it('throws a failed import on and clears its marker, so the next start does not report it again', async () => {
    const storage = await openTestStorage();
    const failed = await runImport(storage, {
      fileName: 'people.csv',
      sheet,
      columns: previewImport(sheet, IMPORT_OPTIONS).columns,
      target: 'existing',
      tableName: '',
      existing: { id: 'no-such-table', name: 'Gone' },
    }).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Error);
    expect(await takeInterruptedImports(storage)).toEqual([]);
  });
});
