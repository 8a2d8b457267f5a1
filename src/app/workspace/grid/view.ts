import type { CellValue, RecordRow, TableField } from '../../../storage';
import { cellText, isLink } from './cells';

/** How the grid shows a table: a search over every shown field, one filter, one sort. */
export interface GridView {
  query: string;
  filter?: { fieldId: string; op: FilterOp; value: string };
  sort?: { fieldId: string; dir: 'asc' | 'desc' };
}

export const FILTER_OPS = ['contains', 'notContains', 'is', 'empty', 'notEmpty'] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

export const EMPTY_VIEW: GridView = { query: '' };

export function isPlainView(view: GridView): boolean {
  return view.query.trim() === '' && !view.filter && !view.sort;
}

/** Values that sort as numbers: numbers, amounts, dates, times. */
function sortKey(field: TableField, value: CellValue | undefined, locale: string): number | string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  const text = cellText(field, value);
  return text === '' ? undefined : text.toLocaleLowerCase(locale);
}

/**
 * The record ids the grid shows, in order. Pure: the screen reads the records, this decides.
 * Empty values sort last in both directions, so they never push the data off screen.
 */
export function applyView(
  records: readonly RecordRow[],
  fields: readonly TableField[],
  view: GridView,
  locale: string,
): string[] {
  const needle = view.query.trim().toLocaleLowerCase(locale);
  const searched = fields.filter((f) => !isLink(f));
  const text = (record: RecordRow, field: TableField) =>
    cellText(field, record.values[field.id]).toLocaleLowerCase(locale);
  const filterField = view.filter ? fields.find((f) => f.id === view.filter!.fieldId) : undefined;
  const filterValue = view.filter?.value.trim().toLocaleLowerCase(locale) ?? '';

  let out = records.filter((record) => {
    if (needle && !searched.some((field) => text(record, field).includes(needle))) return false;
    if (filterField && view.filter) {
      const value = text(record, filterField);
      switch (view.filter.op) {
        case 'contains':
          return value.includes(filterValue);
        case 'notContains':
          return !value.includes(filterValue);
        case 'is':
          return value === filterValue;
        case 'empty':
          return value === '';
        case 'notEmpty':
          return value !== '';
      }
    }
    return true;
  });

  const sortField = view.sort ? fields.find((f) => f.id === view.sort!.fieldId) : undefined;
  if (sortField && view.sort) {
    const sign = view.sort.dir === 'asc' ? 1 : -1;
    const collator = new Intl.Collator(locale, { numeric: true });
    const keyed = out.map((record) => ({ record, key: sortKey(sortField, record.values[sortField.id], locale) }));
    keyed.sort((a, b) => {
      if (a.key === undefined || b.key === undefined) return a.key === b.key ? 0 : a.key === undefined ? 1 : -1;
      if (typeof a.key === 'number' && typeof b.key === 'number') return sign * (a.key - b.key);
      return sign * collator.compare(String(a.key), String(b.key));
    });
    out = keyed.map((k) => k.record);
  }
  return out.map((record) => record.id);
}
