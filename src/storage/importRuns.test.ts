import { afterEach, describe, expect, it } from 'vitest';
import { isQuireError } from '../core/errors';
import { importIntoNewTable, previewImport, readCsv } from './import';
import { beginImport, endImport, takeInterruptedImports } from './importRuns';
import type { Storage } from './storage';
import { openTestStorage } from './testing';

const opened: Storage[] = [];
afterEach(() => {
  for (const s of opened.splice(0)) s.close();
});

async function fresh() {
  const s = await openTestStorage();
  opened.push(s);
  const { sheet, columns } = previewImport(readCsv('Name,Qty\nA,1\nB,2\n'));
  return { s, sheet, columns };
}

describe('an interrupted import', () => {
  it('is reported once on the next start when its transaction never committed, and leaves no base', async () => {
    const { s, sheet, columns } = await fresh();
    const run = await beginImport(s, { fileName: 'big.csv', tableName: 'Big', target: 'new', rows: 2 });
    // The tab dies here: the import's transaction never commits.
    const reported = await takeInterruptedImports(s);
    expect(reported).toMatchObject([{ id: run.id, fileName: 'big.csv', tableName: 'Big', rows: 2 }]);
    expect(await takeInterruptedImports(s)).toEqual([]);
    expect(await s.bases.list()).toEqual([]);
    expect(sheet.rows.length + columns.length).toBeGreaterThan(0);
  });

  it('clears its marker in the same transaction that creates the base, table and records', async () => {
    const { s, sheet, columns } = await fresh();
    const run = await beginImport(s, { fileName: 'a.csv', tableName: 'A', target: 'new', rows: 2 });
    const result = await importIntoNewTable(s, {
      newBase: { name: 'My workspace' },
      tableName: 'A',
      sheet,
      columns,
      runId: run.id,
    });
    expect(result.imported).toBe(2);
    expect((await s.bases.list()).map((b) => b.name)).toEqual(['My workspace']);
    expect(await takeInterruptedImports(s)).toEqual([]);
  });

  it('a refused import creates no base, and a failure the user saw ends its marker', async () => {
    const { s, sheet, columns } = await fresh();
    const run = await beginImport(s, { fileName: 'a.csv', tableName: 'A', target: 'new', rows: 2 });
    const transaction = s.db.transaction.bind(s.db);
    (s.db as unknown as { transaction: unknown }).transaction = () =>
      Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
    const error = await importIntoNewTable(s, {
      newBase: { name: 'My workspace' },
      tableName: 'A',
      sheet,
      columns,
      runId: run.id,
    }).catch((e) => e);
    expect(isQuireError(error, 'StorageQuotaExceeded')).toBe(true);
    (s.db as unknown as { transaction: unknown }).transaction = transaction;
    expect(await s.bases.list()).toEqual([]);
    await endImport(s, run.id);
    expect(await takeInterruptedImports(s)).toEqual([]);
  });

  it('leaves alone the marker of an import still running in another tab', async () => {
    const { s } = await fresh();
    const running = await beginImport(s, { fileName: 'a.csv', tableName: 'A', target: 'new', rows: 2 });
    const dead = await beginImport(s, { fileName: 'b.csv', tableName: 'B', target: 'existing', rows: 9 });
    const reported = await takeInterruptedImports(s, (id) => id === running.id);
    expect(reported.map((r) => r.fileName)).toEqual(['b.csv']);
    expect((await takeInterruptedImports(s)).map((r) => r.id)).toEqual([running.id]);
    expect(dead.id).not.toBe(running.id);
  });
});
