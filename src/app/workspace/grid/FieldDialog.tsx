import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { TABLE_FIELD_TYPES, type TableFieldType } from '../../../core/data/table/types';
import { isQuireError } from '../../../core/errors';
import type { FieldProperty, Storage, TableRow } from '../../../storage';
import { Dialog } from '../../services/dialogs/Dialog';
import { useWorkspaceTranslation } from '../../services/i18n/workspace';
import { trackSave } from '../../services/storageWrites';
import { Select } from '../../shell/Select';
import { ErrorBox } from '../ErrorBox';

/** New field: name and one of the 28 types; links pick their table, selects their options. */
export function FieldDialog({ storage, table, onClose }: { storage: Storage; table: TableRow; onClose: () => void }) {
  const { t } = useWorkspaceTranslation();
  const [name, setName] = useState('');
  const [type, setType] = useState<TableFieldType>('text');
  const [linked, setLinked] = useState(table.id);
  const [options, setOptions] = useState('');
  const [many, setMany] = useState(true);
  const [error, setError] = useState<unknown>();
  const tables = useLiveQuery(() => storage.tables.listByBase(table.baseId), [storage, table.baseId]) ?? [];

  const create = async () => {
    if (!name.trim()) {
      setError(new Error(t('field.nameRequired')));
      return;
    }
    let property: FieldProperty | undefined;
    if (type === 'singleLink' || type === 'duplexLink') property = { tableId: linked, multiple: many };
    if (type === 'user') property = { multiple: many };
    if (type === 'singleSelect' || type === 'multiSelect') {
      const names = [
        ...new Set(
          options
            .split(',')
            .map((o) => o.trim())
            .filter(Boolean),
        ),
      ];
      property = { options: names.map((n, i) => ({ id: `opt${i + 1}`, name: n, color: i % 6 })) };
    }
    if (type === 'currency') property = { currencyCode: 'USD', precision: 2 };
    try {
      await trackSave(() =>
        storage.tables.addField(table.id, { name: name.trim(), type, ...(property ? { property } : {}) }),
      );
      onClose();
    } catch (e) {
      // A full disk: the field is kept (shown in the grid, marked, in the banner's download) and
      // added once there is room, so the dialog's work is done.
      if (isQuireError(e, 'StorageQuotaExceeded') || isQuireError(e, 'StorageUnavailable')) onClose();
      else setError(e);
    }
  };

  return (
    <Dialog
      title={t('field.title')}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button ghost small" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="button" className="button primary small" onClick={create}>
            {t('field.create')}
          </button>
        </>
      }
    >
      <form
        className="ws-form"
        onSubmit={(event) => {
          event.preventDefault();
          void create();
        }}
      >
        <label>
          {t('field.name')}
          <input className="ws-input" value={name} onChange={(event) => setName(event.target.value)} />
        </label>
        <label>
          {t('field.type')}
          <Select value={type} onChange={(event) => setType(event.target.value as TableFieldType)}>
            {TABLE_FIELD_TYPES.map((ft) => (
              <option key={ft} value={ft}>
                {t(`field.types.${ft}`)}
              </option>
            ))}
          </Select>
        </label>
        {(type === 'singleLink' || type === 'duplexLink') && (
          <label>
            {t('field.linkedTable')}
            <Select value={linked} onChange={(event) => setLinked(event.target.value)}>
              {tables.map((other) => (
                <option key={other.id} value={other.id}>
                  {other.name}
                </option>
              ))}
            </Select>
          </label>
        )}
        {(type === 'singleLink' || type === 'duplexLink' || type === 'user') && (
          <div className="ws-choice">
            <label>
              <input type="checkbox" checked={many} onChange={(event) => setMany(event.target.checked)} />
              {t('field.allowMany')}
            </label>
          </div>
        )}
        {(type === 'singleSelect' || type === 'multiSelect') && (
          <label>
            {t('field.options')}
            <input className="ws-input" value={options} onChange={(event) => setOptions(event.target.value)} />
          </label>
        )}
      </form>
      {error !== undefined && <ErrorBox error={error} />}
    </Dialog>
  );
}
