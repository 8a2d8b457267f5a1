import { useState } from 'react';
import { FIELD_LIST_CAP, type TableField } from '../../../storage';
import { Dialog } from '../../services/dialogs/Dialog';
import { useWorkspaceTranslation } from '../../services/i18n/workspace';

/**
 * Chooses which fields the grid shows. The spec caps the field list at 100 columns; every other field
 * stays reachable here, swapped in for one that is shown.
 */
export function FieldPicker({
  fields,
  shown,
  onApply,
  onClose,
}: {
  fields: TableField[];
  shown: string[];
  onApply: (ids: string[]) => void;
  onClose: () => void;
}) {
  const { t } = useWorkspaceTranslation();
  const [picked, setPicked] = useState(() => new Set(shown));
  const [query, setQuery] = useState('');
  const q = query.trim().toLowerCase();
  const list = q ? fields.filter((f) => f.name.toLowerCase().includes(q)) : fields;
  const full = picked.size >= FIELD_LIST_CAP;

  return (
    <Dialog
      title={t('grid.chooseFields')}
      onClose={onClose}
      footer={
        <>
          <span className="muted">{t('grid.showing', { shown: picked.size, total: fields.length })}</span>
          <button type="button" className="button ghost small" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="button primary small"
            onClick={() => {
              onApply(fields.filter((f) => picked.has(f.id)).map((f) => f.id));
              onClose();
            }}
          >
            {t('grid.apply')}
          </button>
        </>
      }
    >
      <p className="muted">{t('grid.chooseFieldsHint', { max: FIELD_LIST_CAP })}</p>
      <input
        className="ws-input"
        type="search"
        placeholder={t('grid.fieldSearch')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <ul className="ws-field-list">
        {list.map((field) => {
          const on = picked.has(field.id);
          return (
            <li key={field.id}>
              <label className="ws-field-option">
                <input
                  type="checkbox"
                  checked={on}
                  disabled={(!on && full) || field.isPrimary}
                  onChange={() =>
                    setPicked((current) => {
                      const next = new Set(current);
                      if (on) next.delete(field.id);
                      else next.add(field.id);
                      return next;
                    })
                  }
                />
                {field.name} <span className="muted">· {t(`field.types.${field.type}`)}</span>
              </label>
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}
