import { useEffect, useState } from 'react';
import { failedSamples, IMPORT_FIELD_KINDS, type ImportFieldKind } from '../../../core/import';
import {
  changeFieldType,
  importKindForField,
  previewFieldType,
  type RetypePreview,
  type Storage,
  type TableField,
  type TableRow,
} from '../../../storage';
import { Dialog } from '../../services/dialogs/Dialog';
import { useWorkspaceTranslation } from '../../services/i18n/workspace';
import { trackSave } from '../../services/storageWrites';
import { Select } from '../../shell/Select';
import { ErrorBox } from '../ErrorBox';

const PREVIEW_ROWS = 6;
/** As the import reads them: wall-clock dates in UTC, the way the grid shows them. */
const OPTIONS = { timeZone: 'UTC' } as const;

function shown(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(shown).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The converted value as the user will read it (dates as dates, not milliseconds). */
function shownAfter(kind: ImportFieldKind, value: unknown, lang: string): string {
  if (kind === 'date' && typeof value === 'number')
    return new Date(value).toLocaleDateString(lang, { timeZone: 'UTC', dateStyle: 'medium' });
  if (kind === 'checkbox') return value === true ? '✓' : value === false ? '—' : '';
  if (value && typeof value === 'object' && !Array.isArray(value) && 'link' in value)
    return String((value as { link: string }).link);
  return shown(value);
}

/**
 * Change a field's type after import: pick the new type, see what each value becomes, and what
 * cannot convert — those values are kept in a new text field, never dropped.
 */
export function FieldTypeDialog({
  storage,
  table,
  field,
  onClose,
}: {
  storage: Storage;
  table: TableRow;
  field: TableField;
  onClose: () => void;
}) {
  const { t, i18n } = useWorkspaceTranslation();
  const current = importKindForField(field) ?? 'text';
  const [kind, setKind] = useState<ImportFieldKind>(current === 'text' ? 'number' : 'text');
  const [preview, setPreview] = useState<RetypePreview>();
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const keptFieldName = t('retype.keptName', { name: field.name });

  useEffect(() => {
    let alive = true;
    setPreview(undefined);
    previewFieldType(storage, { tableId: table.id, fieldId: field.id, kind, options: OPTIONS }).then(
      (next) => alive && setPreview(next),
      (e: unknown) => alive && setError(e),
    );
    return () => {
      alive = false;
    };
  }, [storage, table.id, field.id, kind]);

  const apply = async () => {
    setBusy(true);
    try {
      await trackSave(() =>
        changeFieldType(storage, { tableId: table.id, fieldId: field.id, kind, keptFieldName, options: OPTIONS }),
      );
      onClose();
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  };

  const failed = new Set(preview?.result.failed ?? []);
  const rows = preview
    ? preview.before
        .map((before, i) => ({ before, after: preview.result.cells[i], failed: failed.has(i) }))
        .filter((row) => shown(row.before) !== '')
        // Show failures first: they are what the user must decide about.
        .sort((a, b) => Number(b.failed) - Number(a.failed))
        .slice(0, PREVIEW_ROWS)
    : [];
  const converted = preview ? preview.result.cells.filter((c) => c !== undefined).length : 0;
  return (
    <Dialog
      title={t('retype.title', { name: field.name })}
      onClose={onClose}
      wide
      footer={
        <>
          <button type="button" className="button ghost small" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="button" className="button primary small" disabled={!preview || busy} onClick={apply}>
            {t('retype.apply')}
          </button>
        </>
      }
    >
      <label className="ws-field-row">
        <span>{t('retype.newType')}</span>
        <Select
          value={kind}
          onChange={(event) => setKind(event.target.value as ImportFieldKind)}
          data-testid="retype-kind"
        >
          {IMPORT_FIELD_KINDS.filter((k) => k !== 'attachment').map((k) => (
            <option key={k} value={k}>
              {t(`import.kinds.${k}`)}
            </option>
          ))}
        </Select>
      </label>
      {error !== undefined && <ErrorBox error={error} />}
      {preview && (
        <>
          <p data-testid="retype-summary">
            {t('retype.summary', { converted, total: preview.before.filter((v) => shown(v) !== '').length })}
            {failed.size > 0 && (
              <>
                {' '}
                <strong className="ws-warn">
                  {t('retype.kept', {
                    count: failed.size,
                    field: keptFieldName,
                    examples: failedSamples(preview.before, preview.result.failed).join(', '),
                  })}
                </strong>
              </>
            )}
          </p>
          <div className="ws-import-table-wrap">
            <table className="ws-import-table" data-testid="retype-preview">
              <thead>
                <tr>
                  <th>{t('retype.before')}</th>
                  <th>{t('retype.after')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: preview rows have no identity of their own
                  <tr key={i} className={row.failed ? 'ws-retype-failed' : ''}>
                    <td>{shown(row.before)}</td>
                    <td>{row.failed ? t('retype.keptShort') : shownAfter(kind, row.after, i18n.language)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </Dialog>
  );
}
