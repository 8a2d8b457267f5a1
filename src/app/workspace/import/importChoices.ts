/**
 * The dialog's choices as data: which columns are imported as what, into which table. Pure, so
 * what the Import button does with a set of choices is tested without a browser.
 */
import type { ImportColumn, RawSheet } from '../../../core/import';
import { tableNameFromFile } from './readFile';
import type { ImportRequest } from './runImport';

/** A file read and previewed: its rows, its sheets (workbooks), and the columns as reviewed. */
export interface LoadedFile {
  fileName: string;
  file: File;
  sheet: RawSheet;
  sheets?: string[];
  sheetName?: string;
  columns: ImportColumn[];
}

export interface ImportTarget {
  target: 'new' | 'existing';
  /** The new table's name as typed ('' → named after the file). */
  tableName: string;
  /** The existing table chosen ('' → none yet). */
  existingId: string;
}

/** The columns with one of them changed (kept, renamed, or given another kind). */
export function withColumn(columns: ImportColumn[], index: number, patch: Partial<ImportColumn>): ImportColumn[] {
  return columns.map((column) => (column.index === index ? { ...column, ...patch } : column));
}

/** Whether the choices can be imported: at least one column kept, and a table to put it in. */
export function canImport(loaded: LoadedFile | undefined, choice: ImportTarget): boolean {
  if (!loaded?.columns.some((column) => column.include)) return false;
  return choice.target === 'new' || choice.existingId !== '';
}

/** The run the choices ask for (without its progress callback). */
export function importRequestOf(
  loaded: LoadedFile,
  choice: ImportTarget,
  tables: readonly { id: string; name: string }[],
): Omit<ImportRequest, 'onProgress'> {
  const existing = tables.find((table) => table.id === choice.existingId);
  return {
    fileName: loaded.fileName,
    sheet: loaded.sheet,
    columns: loaded.columns,
    target: choice.target,
    tableName: choice.tableName.trim() || tableNameFromFile(loaded.fileName),
    ...(choice.target === 'existing' ? { existing: { id: choice.existingId, name: existing?.name ?? '' } } : {}),
  };
}
