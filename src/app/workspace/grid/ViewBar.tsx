import { useEffect, useState } from 'react';
import type { Storage, TableField, TableRow } from '../../../storage';
import { useWorkspaceTranslation } from '../../services/i18n/workspace';
import { Select } from '../../shell/Select';
import { isLink } from './cells';
import { applyView, EMPTY_VIEW, FILTER_OPS, type FilterOp, type GridView, isPlainView } from './view';

const SEARCH_DELAY_MS = 150;

/**
 * The ids the grid shows for a view. A plain view is the table's own order (no records read); any
 * search, filter or sort reads the table's records once per change and decides in `applyView`.
 */
export function useViewIds(storage: Storage, table: TableRow, ids: string[], view: GridView, locale: string) {
  const [shown, setShown] = useState<string[]>();
  const [query, setQuery] = useState(view.query);
  useEffect(() => {
    const timer = setTimeout(() => setQuery(view.query), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [view.query]);
  const plain = isPlainView({ ...view, query });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `ids` changes whenever records change, so the view follows edits
  useEffect(() => {
    if (plain) {
      setShown(undefined);
      return;
    }
    let alive = true;
    void storage.records.listAll(table.id).then((records) => {
      if (alive) setShown(applyView(records, table.fields, { ...view, query }, locale));
    });
    return () => {
      alive = false;
    };
  }, [plain, storage, table, ids, view, query, locale]);
  return plain ? ids : (shown ?? ids);
}

const needsValue = (op: FilterOp) => op !== 'empty' && op !== 'notEmpty';

/** Search, one filter and one sort above the grid. */
export function ViewBar({
  fields,
  view,
  onChange,
  shown,
  total,
}: {
  fields: TableField[];
  view: GridView;
  onChange: (view: GridView) => void;
  shown: number;
  total: number;
}) {
  const { t, i18n } = useWorkspaceTranslation();
  const usable = fields.filter((f) => !isLink(f));
  return (
    <div className="ws-viewbar" data-testid="view-bar">
      <input
        type="search"
        className="ws-input ws-search"
        placeholder={t('view.search')}
        aria-label={t('view.search')}
        value={view.query}
        onChange={(event) => onChange({ ...view, query: event.target.value })}
      />
      <label className="ws-view-part">
        <span>{t('view.filter')}</span>
        <Select
          aria-label={t('view.filterField')}
          value={view.filter?.fieldId ?? ''}
          onChange={(event) => {
            const fieldId = event.target.value;
            const { filter: _dropped, ...rest } = view;
            onChange(
              fieldId
                ? { ...rest, filter: { fieldId, op: view.filter?.op ?? 'contains', value: view.filter?.value ?? '' } }
                : rest,
            );
          }}
        >
          <option value="">{t('view.none')}</option>
          {usable.map((field) => (
            <option key={field.id} value={field.id}>
              {field.name}
            </option>
          ))}
        </Select>
        {view.filter && (
          <>
            <Select
              aria-label={t('view.filterOp')}
              value={view.filter.op}
              onChange={(event) =>
                onChange({ ...view, filter: { ...view.filter!, op: event.target.value as FilterOp } })
              }
            >
              {FILTER_OPS.map((op) => (
                <option key={op} value={op}>
                  {t(`view.ops.${op}`)}
                </option>
              ))}
            </Select>
            {needsValue(view.filter.op) && (
              <input
                className="ws-input ws-filter-value"
                aria-label={t('view.filterValue')}
                value={view.filter.value}
                onChange={(event) => onChange({ ...view, filter: { ...view.filter!, value: event.target.value } })}
              />
            )}
          </>
        )}
      </label>
      <label className="ws-view-part">
        <span>{t('view.sort')}</span>
        <Select
          aria-label={t('view.sortField')}
          value={view.sort?.fieldId ?? ''}
          onChange={(event) => {
            const fieldId = event.target.value;
            const { sort: _dropped, ...rest } = view;
            onChange(fieldId ? { ...rest, sort: { fieldId, dir: view.sort?.dir ?? 'asc' } } : rest);
          }}
        >
          <option value="">{t('view.none')}</option>
          {usable.map((field) => (
            <option key={field.id} value={field.id}>
              {field.name}
            </option>
          ))}
        </Select>
        {view.sort && (
          <Select
            aria-label={t('view.sortDir')}
            value={view.sort.dir}
            onChange={(event) =>
              onChange({ ...view, sort: { ...view.sort!, dir: event.target.value as 'asc' | 'desc' } })
            }
          >
            <option value="asc">{t('view.asc')}</option>
            <option value="desc">{t('view.desc')}</option>
          </Select>
        )}
      </label>
      {!isPlainView(view) && (
        <>
          <span className="muted" data-testid="view-count">
            {t('view.shown', {
              shown: shown.toLocaleString(i18n.language),
              total: total.toLocaleString(i18n.language),
            })}
          </span>
          <button type="button" className="button ghost small" onClick={() => onChange(EMPTY_VIEW)}>
            {t('view.clear')}
          </button>
        </>
      )}
    </div>
  );
}
