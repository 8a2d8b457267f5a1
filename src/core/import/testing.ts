import { sheetFromRows } from './sheet';
import type { RawSheet } from './types';

/** A sheet from literal rows (header first), for tests. */
export function readCsvRowsForTest(rows: unknown[][]): RawSheet {
  return sheetFromRows(rows);
}
