/**
 * One import run, apart from the dialog that asks for it: the marker committed first (so a tab closed
 * half-way is reported at the next start), the run's Web Lock, the import's one transaction into a
 * new table (in the first base that is not the demo's, or a new base made by the same transaction)
 * or into an existing one; a failure the user is shown clears the marker and is thrown on.
 */
import type { ImportColumn, RawSheet } from '../../../core/import';
import {
  beginImport,
  endImport,
  type ImportResult,
  importIntoExistingTable,
  importIntoNewTable,
  type Storage,
} from '../../../storage';
import { withImportLock } from '../../services/importLock';
import { DEFAULT_BASE_NAME } from '../baseName';

/** Dates are stored as UTC wall-clock instants, as the demo stores them and the grid shows them. */
export const IMPORT_OPTIONS = { timeZone: 'UTC' } as const;

export interface ImportRequest {
  fileName: string;
  sheet: RawSheet;
  columns: ImportColumn[];
  target: 'new' | 'existing';
  /** The new table's name. */
  tableName: string;
  /** The existing table imported into (`target: 'existing'`), and its name for the marker. */
  existing?: { id: string; name: string };
  /** Rows written so far by the run's one transaction (nothing is saved until it commits). */
  onProgress?: (written: number, total: number) => void;
}

export async function runImport(storage: Storage, request: ImportRequest): Promise<ImportResult> {
  const { sheet, columns, target, onProgress } = request;
  // Committed first, cleared by the import's own transaction: a tab closed half-way is reported
  // at the next start (what was not imported) instead of passing in silence.
  const marker = await beginImport(storage, {
    fileName: request.fileName,
    tableName: target === 'existing' ? (request.existing?.name ?? '') : request.tableName,
    target,
    rows: sheet.rows.length,
  });
  const progress = onProgress ? { onProgress } : {};
  try {
    return await withImportLock(marker.id, async () => {
      if (target === 'existing')
        return importIntoExistingTable(storage, {
          tableId: request.existing?.id ?? '',
          sheet,
          columns,
          options: IMPORT_OPTIONS,
          runId: marker.id,
          ...progress,
        });
      const base = (await storage.bases.list()).find((b) => !b.isDemo);
      // A new base is created by the import's own transaction: an interrupted import leaves none.
      return importIntoNewTable(storage, {
        ...(base ? { baseId: base.id } : { newBase: { name: DEFAULT_BASE_NAME } }),
        tableName: request.tableName,
        sheet,
        columns,
        options: IMPORT_OPTIONS,
        runId: marker.id,
        ...progress,
      });
    });
  } catch (error) {
    // The user sees this failure; the next start need not report the import again.
    await endImport(storage, marker.id);
    throw error;
  }
}
