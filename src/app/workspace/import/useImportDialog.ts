/**
 * The import dialog's state and actions: read a picked file (and another sheet of it), review its
 * columns, choose the table, run the import with progress. `ImportDialog` lays it out.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import type { ImportColumn } from '../../../core/import';
import { type ImportResult, previewImport, type Storage } from '../../../storage';
import { useWorkspaceTranslation } from '../../services/i18n/workspace';
import { trackSave } from '../../services/storageWrites';
import { canImport, type ImportTarget, importRequestOf, type LoadedFile, withColumn } from './importChoices';
import { fileKind, readImportFile, tableNameFromFile } from './readFile';
import { IMPORT_OPTIONS, runImport } from './runImport';

export function useImportDialog(storage: Storage, tableId: string | undefined) {
  const { t } = useWorkspaceTranslation();
  const [loaded, setLoaded] = useState<LoadedFile>();
  // The picked file's name stays on screen, also when the file is refused.
  const [pickedName, setPickedName] = useState<string>();
  const [busy, setBusy] = useState<'reading' | 'importing'>();
  /** Rows written so far by the running import's one transaction (nothing is saved until it commits). */
  const [progress, setProgress] = useState<{ written: number; total: number }>();
  const [error, setError] = useState<unknown>();
  const [choice, setChoice] = useState<ImportTarget>({
    target: tableId ? 'existing' : 'new',
    tableName: '',
    existingId: tableId ?? '',
  });
  const [result, setResult] = useState<ImportResult>();
  const tables = useLiveQuery(() => storage.db.dataTables.toArray(), [storage]) ?? [];

  const read = async (file: File, sheetName?: string) => {
    setError(undefined);
    setResult(undefined);
    setPickedName(file.name);
    if (!fileKind(file.name)) {
      setError(new Error(t('import.unsupported')));
      return;
    }
    setBusy('reading');
    try {
      const { sheet, sheets } = await readImportFile(file, sheetName);
      const preview = previewImport(sheet, IMPORT_OPTIONS);
      setLoaded({
        fileName: file.name,
        file,
        sheet,
        ...(sheets ? { sheets } : {}),
        ...(sheetName ? { sheetName } : {}),
        columns: preview.columns,
      });
      if (!sheetName) setChoice((current) => ({ ...current, tableName: tableNameFromFile(file.name) }));
    } catch (e) {
      setLoaded(undefined);
      setError(e);
    } finally {
      setBusy(undefined);
    }
  };

  const updateColumn = (index: number, patch: Partial<ImportColumn>) =>
    setLoaded((current) => current && { ...current, columns: withColumn(current.columns, index, patch) });

  const choose = (patch: Partial<ImportTarget>) => setChoice((current) => ({ ...current, ...patch }));

  const run = async () => {
    if (!loaded) return;
    setBusy('importing');
    setError(undefined);
    setProgress(undefined);
    const onProgress = (written: number, total: number) => setProgress({ written, total });
    try {
      const request = importRequestOf(loaded, choice, tables);
      setResult(await trackSave(() => runImport(storage, { ...request, onProgress })));
    } catch (e) {
      setError(e);
    } finally {
      setBusy(undefined);
    }
  };

  return {
    loaded,
    pickedName,
    busy,
    progress,
    error,
    choice,
    result,
    tables,
    canImport: canImport(loaded, choice) && !busy,
    read,
    updateColumn,
    choose,
    run,
  };
}
