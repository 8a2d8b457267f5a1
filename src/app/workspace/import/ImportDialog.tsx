import { useNavigate } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { IMPORT_FIELD_KINDS, type ImportColumn, type ImportFieldKind, type RawSheet } from '../../../core/import';
import { type ImportResult, previewImport, type Storage } from '../../../storage';
import { Dialog } from '../../services/dialogs/Dialog';
import { useWorkspaceTranslation } from '../../services/i18n/workspace';
import { trackSave } from '../../services/storageWrites';
import { Select } from '../../shell/Select';
import { ErrorBox } from '../ErrorBox';
import { fileKind, readImportFile, tableNameFromFile } from './readFile';
import { IMPORT_OPTIONS, runImport } from './runImport';

const PREVIEW_ROWS = 5;

interface Loaded {
  fileName: string;
  file: File;
  sheet: RawSheet;
  sheets?: string[];
  sheetName?: string;
  columns: ImportColumn[];
}

/** Pick a file → review the columns and their inferred types → import into a new or existing table. */
export function ImportDialog({
  storage,
  onClose,
  tableId,
}: {
  storage: Storage;
  onClose: () => void;
  tableId?: string;
}) {
  const { t, i18n } = useWorkspaceTranslation();
  const navigate = useNavigate();
  const [loaded, setLoaded] = useState<Loaded>();
  // The picked file's name stays on screen, also when the file is refused.
  const [pickedName, setPickedName] = useState<string>();
  const [busy, setBusy] = useState<'reading' | 'importing'>();
  /** Rows written so far by the running import's one transaction (nothing is saved until it commits). */
  const [progress, setProgress] = useState<{ written: number; total: number }>();
  const [error, setError] = useState<unknown>();
  const [target, setTarget] = useState<'new' | 'existing'>(tableId ? 'existing' : 'new');
  const [tableName, setTableName] = useState('');
  const [existingId, setExistingId] = useState(tableId ?? '');
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
      if (!sheetName) setTableName(tableNameFromFile(file.name));
    } catch (e) {
      setLoaded(undefined);
      setError(e);
    } finally {
      setBusy(undefined);
    }
  };

  const updateColumn = (index: number, patch: Partial<ImportColumn>) =>
    setLoaded(
      (current) =>
        current && { ...current, columns: current.columns.map((c) => (c.index === index ? { ...c, ...patch } : c)) },
    );

  const run = async () => {
    if (!loaded) return;
    setBusy('importing');
    setError(undefined);
    setProgress(undefined);
    const onProgress = (written: number, total: number) => setProgress({ written, total });
    const name = tableName.trim() || tableNameFromFile(loaded.fileName);
    const existing = tables.find((table) => table.id === existingId);
    try {
      const outcome = await trackSave(() =>
        runImport(storage, {
          fileName: loaded.fileName,
          sheet: loaded.sheet,
          columns: loaded.columns,
          target,
          tableName: name,
          ...(target === 'existing' ? { existing: { id: existingId, name: existing?.name ?? '' } } : {}),
          onProgress,
        }),
      );
      setResult(outcome);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(undefined);
    }
  };

  const canImport = loaded?.columns.some((c) => c.include) && (target === 'new' || existingId) && !busy;
  const footer = result ? (
    <>
      <button type="button" className="button ghost small" onClick={onClose}>
        {t('common.close')}
      </button>
      <button
        type="button"
        className="button primary small"
        onClick={() => {
          onClose();
          void navigate({ to: `/baseplugin/t/${result.table.id}` });
        }}
      >
        {t('import.openTable')}
      </button>
    </>
  ) : (
    <>
      <button type="button" className="button ghost small" onClick={onClose} disabled={busy === 'importing'}>
        {t('common.cancel')}
      </button>
      <button type="button" className="button primary small" disabled={!canImport} onClick={run}>
        {busy === 'importing' ? t('import.running') : t('import.run')}
      </button>
    </>
  );

  return (
    <Dialog title={t('import.title')} onClose={onClose} wide footer={footer} closable={busy !== 'importing'}>
      <label
        className="ws-drop"
        onDragOver={(event) => event.preventDefault()}
        onDrop={(event) => {
          event.preventDefault();
          const file = event.dataTransfer.files[0];
          if (file) void read(file);
        }}
      >
        <input
          type="file"
          accept=".csv,.tsv,.txt,.xlsx,.json,text/csv,application/json,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          data-testid="import-file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void read(file);
          }}
        />
        <span className="button secondary small" aria-hidden="true">
          {t('import.choose')}
        </span>
        <span className="ws-file-name" data-testid="import-file-name">
          {pickedName ?? t('import.pick')}
        </span>
        <span className="muted">{t('import.drop')}</span>
      </label>
      {busy === 'reading' && <p role="status">{t('import.reading')}</p>}
      {/* Always in the page: its first text marks an import whose transaction is under way. */}
      <div role="status" className="muted" data-testid="import-progress">
        {busy === 'importing' && progress
          ? t('import.progress', {
              written: progress.written.toLocaleString(i18n.language),
              total: progress.total.toLocaleString(i18n.language),
            })
          : null}
      </div>
      {error !== undefined && <ErrorBox error={error} extra={t('import.nothingImported')} />}
      {result && (
        <p className="ws-ok" role="status" data-testid="import-done">
          {t('import.done', {
            count: result.imported,
            n: result.imported.toLocaleString(i18n.language),
            table: result.table.name,
          })}
        </p>
      )}
      {loaded && !result && (
        <>
          <div className="ws-row ws-import-meta">
            <strong>
              {t('import.rows', {
                count: loaded.sheet.rows.length,
                n: loaded.sheet.rows.length.toLocaleString(i18n.language),
              })}
            </strong>
            {loaded.sheets && loaded.sheets.length > 1 && (
              <label>
                {t('import.sheet')}{' '}
                <Select
                  value={loaded.sheetName ?? loaded.sheets[0]}
                  onChange={(event) => void read(loaded.file, event.target.value)}
                >
                  {loaded.sheets.map((name) => (
                    <option key={name}>{name}</option>
                  ))}
                </Select>
              </label>
            )}
          </div>
          <div className="ws-import-table-wrap">
            <table className="ws-import-table">
              <thead>
                <tr>
                  <th>{t('import.include')}</th>
                  <th>{t('import.column')}</th>
                  <th>{t('import.kind')}</th>
                  <th>{t('import.samples')}</th>
                </tr>
              </thead>
              <tbody>
                {loaded.columns.map((column) => (
                  <tr key={column.index} className={column.include ? '' : 'excluded'}>
                    <td>
                      <input
                        type="checkbox"
                        checked={column.include}
                        aria-label={`${t('import.include')} ${column.name}`}
                        onChange={(event) => updateColumn(column.index, { include: event.target.checked })}
                      />
                    </td>
                    <td>
                      <input
                        className="ws-input"
                        value={column.name}
                        aria-label={t('import.column')}
                        onChange={(event) => updateColumn(column.index, { name: event.target.value })}
                      />
                    </td>
                    <td>
                      <Select
                        value={column.kind}
                        aria-label={`${t('import.kind')} ${column.name}`}
                        data-column={column.name}
                        onChange={(event) =>
                          updateColumn(column.index, { kind: event.target.value as ImportFieldKind })
                        }
                      >
                        {IMPORT_FIELD_KINDS.map((kind) => (
                          <option key={kind} value={kind}>
                            {t(`import.kinds.${kind}`)}
                          </option>
                        ))}
                      </Select>
                    </td>
                    <td className="ws-samples">{column.samples.slice(0, PREVIEW_ROWS).join(' · ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <fieldset className="ws-target">
            <legend>{t('import.target')}</legend>
            <label>
              <input type="radio" name="target" checked={target === 'new'} onChange={() => setTarget('new')} />{' '}
              {t('import.newTable')}
            </label>
            {target === 'new' && (
              <input
                className="ws-input"
                value={tableName}
                aria-label={t('import.tableName')}
                onChange={(event) => setTableName(event.target.value)}
              />
            )}
            <label>
              <input
                type="radio"
                name="target"
                checked={target === 'existing'}
                onChange={() => setTarget('existing')}
                disabled={tables.length === 0}
              />{' '}
              {t('import.existingTable')}
            </label>
            {target === 'existing' && (
              <Select
                value={existingId}
                aria-label={t('import.existingTable')}
                onChange={(event) => setExistingId(event.target.value)}
              >
                <option value="" disabled>
                  —
                </option>
                {tables.map((table) => (
                  <option key={table.id} value={table.id}>
                    {table.name}
                  </option>
                ))}
              </Select>
            )}
          </fieldset>
        </>
      )}
    </Dialog>
  );
}
