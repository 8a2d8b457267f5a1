import { useNavigate } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { IMPORT_FIELD_KINDS, type ImportColumn, type ImportFieldKind } from '../../../core/import';
import type { Storage, TableRow } from '../../../storage';
import { Dialog } from '../../services/dialogs/Dialog';
import { useWorkspaceTranslation } from '../../services/i18n/workspace';
import { Select } from '../../shell/Select';
import { ErrorBox } from '../ErrorBox';
import type { ImportTarget, LoadedFile } from './importChoices';
import { useImportDialog } from './useImportDialog';

const PREVIEW_ROWS = 5;

type T = TFunction<'workspace'>;

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
  const state = useImportDialog(storage, tableId);
  const { loaded, busy, progress, result } = state;
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
      <button type="button" className="button primary small" disabled={!state.canImport} onClick={state.run}>
        {busy === 'importing' ? t('import.running') : t('import.run')}
      </button>
    </>
  );

  return (
    <Dialog title={t('import.title')} onClose={onClose} wide footer={footer} closable={busy !== 'importing'}>
      <FileDrop pickedName={state.pickedName} onFile={(file) => void state.read(file)} t={t} />
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
      {state.error !== undefined && <ErrorBox error={state.error} extra={t('import.nothingImported')} />}
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
            <SheetChoice loaded={loaded} onSheet={(name) => void state.read(loaded.file, name)} t={t} />
          </div>
          <ColumnsReview columns={loaded.columns} onChange={state.updateColumn} t={t} />
          <TargetChoice choice={state.choice} tables={state.tables} onChange={state.choose} t={t} />
        </>
      )}
    </Dialog>
  );
}

/** The file picker, which also takes a file dropped on it; the picked file's name stays shown. */
function FileDrop(props: { pickedName: string | undefined; onFile: (file: File) => void; t: T }) {
  const { t } = props;
  return (
    <label
      className="ws-drop"
      onDragOver={(event) => event.preventDefault()}
      onDrop={(event) => {
        event.preventDefault();
        const file = event.dataTransfer.files[0];
        if (file) props.onFile(file);
      }}
    >
      <input
        type="file"
        accept=".csv,.tsv,.txt,.xlsx,.json,text/csv,application/json,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        data-testid="import-file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) props.onFile(file);
        }}
      />
      <span className="button secondary small" aria-hidden="true">
        {t('import.choose')}
      </span>
      <span className="ws-file-name" data-testid="import-file-name">
        {props.pickedName ?? t('import.pick')}
      </span>
      <span className="muted">{t('import.drop')}</span>
    </label>
  );
}

/** A workbook with several sheets: which one to import. */
function SheetChoice(props: { loaded: LoadedFile; onSheet: (name: string) => void; t: T }) {
  const { sheets, sheetName } = props.loaded;
  if (!sheets || sheets.length <= 1) return null;
  return (
    <label>
      {props.t('import.sheet')}{' '}
      <Select value={sheetName ?? sheets[0]} onChange={(event) => props.onSheet(event.target.value)}>
        {sheets.map((name) => (
          <option key={name}>{name}</option>
        ))}
      </Select>
    </label>
  );
}

/** Each column: kept or not, its name, the kind inferred (changeable), and sample values. */
function ColumnsReview(props: {
  columns: ImportColumn[];
  onChange: (index: number, patch: Partial<ImportColumn>) => void;
  t: T;
}) {
  const { t, onChange } = props;
  return (
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
          {props.columns.map((column) => (
            <tr key={column.index} className={column.include ? '' : 'excluded'}>
              <td>
                <input
                  type="checkbox"
                  checked={column.include}
                  aria-label={`${t('import.include')} ${column.name}`}
                  onChange={(event) => onChange(column.index, { include: event.target.checked })}
                />
              </td>
              <td>
                <input
                  className="ws-input"
                  value={column.name}
                  aria-label={t('import.column')}
                  onChange={(event) => onChange(column.index, { name: event.target.value })}
                />
              </td>
              <td>
                <Select
                  value={column.kind}
                  aria-label={`${t('import.kind')} ${column.name}`}
                  data-column={column.name}
                  onChange={(event) => onChange(column.index, { kind: event.target.value as ImportFieldKind })}
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
  );
}

/** Into a new table (named) or an existing one (chosen). */
function TargetChoice(props: {
  choice: ImportTarget;
  tables: readonly TableRow[];
  onChange: (patch: Partial<ImportTarget>) => void;
  t: T;
}) {
  const { choice, tables, onChange, t } = props;
  return (
    <fieldset className="ws-target">
      <legend>{t('import.target')}</legend>
      <label>
        <input
          type="radio"
          name="target"
          checked={choice.target === 'new'}
          onChange={() => onChange({ target: 'new' })}
        />{' '}
        {t('import.newTable')}
      </label>
      {choice.target === 'new' && (
        <input
          className="ws-input"
          value={choice.tableName}
          aria-label={t('import.tableName')}
          onChange={(event) => onChange({ tableName: event.target.value })}
        />
      )}
      <label>
        <input
          type="radio"
          name="target"
          checked={choice.target === 'existing'}
          onChange={() => onChange({ target: 'existing' })}
          disabled={tables.length === 0}
        />{' '}
        {t('import.existingTable')}
      </label>
      {choice.target === 'existing' && (
        <Select
          value={choice.existingId}
          aria-label={t('import.existingTable')}
          onChange={(event) => onChange({ existingId: event.target.value })}
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
  );
}
