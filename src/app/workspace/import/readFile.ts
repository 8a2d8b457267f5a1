import { QuireError } from '../../../core/errors';
import { type RawSheet, sheetFromJsonText } from '../../../core/import';
import { listXlsxSheets, readCsvBytes, readXlsx } from '../../../storage';

type ImportFileKind = 'csv' | 'xlsx' | 'json';

export function fileKind(name: string): ImportFileKind | undefined {
  const ext = name.toLowerCase().split('.').pop() ?? '';
  if (ext === 'csv' || ext === 'tsv' || ext === 'txt') return 'csv';
  if (ext === 'xlsx') return 'xlsx';
  if (ext === 'json') return 'json';
  return undefined;
}

/** A table name from a file name: `orders-2026.csv` → `orders-2026`. */
export function tableNameFromFile(name: string): string {
  return name.replace(/\.[^.]+$/, '').trim() || 'Imported';
}

interface ReadResult {
  sheet: RawSheet;
  sheets?: string[];
}

/** Read a picked file into a sheet; bad files throw ImportError naming the row/column. */
export async function readImportFile(file: Blob & { name: string }, sheetName?: string): Promise<ReadResult> {
  const kind = fileKind(file.name);
  if (kind === 'csv') return { sheet: readCsvBytes(await file.arrayBuffer(), file.name) };
  if (kind === 'json') return { sheet: sheetFromJsonText(await file.text()) };
  if (kind === 'xlsx') {
    const bytes = await file.arrayBuffer();
    const sheets = await listXlsxSheets(bytes);
    return { sheet: await readXlsx(bytes, sheetName), sheets };
  }
  throw new QuireError('ImportError', {
    detail: file.name,
    issues: [{ path: file.name, reason: 'unsupported file type' }],
  });
}
