/** Conditions for repeated rows: every/some of field-operator-value rows (the 18 operators of §3.2). */
import { FILTER_OPERATORS, type Filter, type FilterEntry, type FilterOperator } from '../../../core/model';
import type { FieldOption } from '../../services/fieldTree';
import { useEditorTranslation } from '../../services/i18n/editor';
import { Select } from '../../shell/Select';

const NUMERIC = new Set<FilterOperator>(['n_eq', 'n_ne', 'gt', 'gte', 'lt', 'lte']);
const DATE = new Set<FilterOperator>(['before', 'after', 'date_eq', 'date_ne']);
const NO_VALUE = new Set<FilterOperator>(['is_empty', 'is_not_empty']);

/** Sets the value of an entry in the property its operator reads. */
export function withValue(entry: FilterEntry, text: string): FilterEntry {
  const { strValue: _s, numValue: _n, dateTime: _d, ...rest } = entry;
  if (NO_VALUE.has(entry.operator)) return rest;
  if (NUMERIC.has(entry.operator))
    return Number.isFinite(Number(text)) && text !== ''
      ? { ...rest, numValue: Number(text) }
      : { ...rest, strValue: text };
  if (DATE.has(entry.operator)) return { ...rest, dateTime: text };
  return { ...rest, strValue: text };
}

export function entryValue(entry: FilterEntry): string {
  return String(entry.numValue ?? entry.dateTime ?? entry.strValue ?? '');
}

export function FilterBuilder({
  filter,
  fields,
  onChange,
}: {
  filter: Filter | undefined;
  fields: FieldOption[];
  onChange: (f: Filter | undefined) => void;
}) {
  const { t } = useEditorTranslation();
  const current: Filter = filter ?? { type: 'every', filters: [] };
  const set = (filters: FilterEntry[]) => onChange(filters.length ? { ...current, filters } : undefined);
  return (
    <div className="qe-filter-builder">
      {current.filters.length > 1 && (
        <Select
          size="small"
          className="qe-select"
          aria-label={t('filter.title')}
          value={current.type}
          onChange={(e) => onChange({ ...current, type: e.target.value as Filter['type'] })}
        >
          <option value="every">{t('filter.every')}</option>
          <option value="some">{t('filter.some')}</option>
        </Select>
      )}
      {current.filters.map((entry, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no id; their position is their identity
        <div className="qe-cond" key={`${entry.fieldName}-${index}`}>
          <Select
            size="small"
            className="qe-select"
            aria-label={t('props.field')}
            value={entry.fieldName}
            onChange={(e) =>
              set(current.filters.map((f, i) => (i === index ? { ...f, fieldName: e.target.value } : f)))
            }
          >
            {fields.map((f) => (
              <option key={f.path} value={f.path}>
                {f.label}
              </option>
            ))}
          </Select>
          <Select
            size="small"
            className="qe-select"
            aria-label={t('filter.title')}
            value={entry.operator}
            onChange={(e) =>
              set(
                current.filters.map((f, i) =>
                  i === index ? withValue({ ...f, operator: e.target.value as FilterOperator }, entryValue(f)) : f,
                ),
              )
            }
          >
            {FILTER_OPERATORS.map((op) => (
              <option key={op} value={op}>
                {t(`filter.ops.${op}`)}
              </option>
            ))}
          </Select>
          {!NO_VALUE.has(entry.operator) && (
            <input
              className="qe-input"
              aria-label={t('filter.value')}
              type={DATE.has(entry.operator) ? 'date' : NUMERIC.has(entry.operator) ? 'number' : 'text'}
              value={entryValue(entry)}
              onChange={(e) => set(current.filters.map((f, i) => (i === index ? withValue(f, e.target.value) : f)))}
            />
          )}
          <button
            type="button"
            className="qe-icon-btn"
            aria-label={t('filter.remove')}
            onClick={() => set(current.filters.filter((_, i) => i !== index))}
          >
            ×
          </button>
        </div>
      ))}
      <button
        type="button"
        className="qe-btn qe-btn-small"
        disabled={fields.length === 0}
        onClick={() => set([...current.filters, { fieldName: fields[0]?.path ?? '', operator: 'eq', strValue: '' }])}
      >
        + {t('filter.add')}
      </button>
    </div>
  );
}
