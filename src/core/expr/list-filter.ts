/**
 * Filters on lists (spec 001 §3.2): keep the items for which every (or some) condition holds.
 * Text operators compare display text (contains/starts/ends ignore case), number operators
 * parse numbers (§5.1), date operators compare calendar days in the template's time zone.
 */

import { DEFAULT_TIME_ZONE, formatDate, resolveTimeZone, toEpochMs, toNumber } from '../format';
import { FILTER_OPERATORS } from '../model/types';
import { parsePath } from './path';
import { defaultToPlain, getChild, isEmptyValue, type ToPlain, toText } from './values';

// The 18 operators are the template model's (spec 001 §3.2): one list for the editor, schema and evaluator.
export const LIST_FILTER_OPERATORS = FILTER_OPERATORS;
export type ListFilterOperator = (typeof LIST_FILTER_OPERATORS)[number];

export interface ListFilterCondition {
  /** Path inside the item (escaped dots, see path.ts). */
  fieldName: string;
  operator: ListFilterOperator;
  strValue?: string;
  numValue?: number;
  /** Epoch ms or date text. */
  dateTime?: number | string;
}

export interface ListFilter {
  type: 'every' | 'some';
  filters: readonly ListFilterCondition[];
}

export interface ListFilterOptions {
  timeZone?: string;
  toPlain?: ToPlain;
}

function fieldValue(item: unknown, fieldName: string, toPlain: ToPlain): unknown {
  const path = parsePath(fieldName);
  let value: unknown = item;
  for (const segment of path.segments) value = getChild(value, segment, toPlain);
  return value;
}

function numberOf(value: unknown, toPlain: ToPlain): number | undefined {
  const plain = toPlain(value);
  if (Array.isArray(plain)) return plain.length === 1 ? numberOf(plain[0], toPlain) : undefined;
  return toNumber(plain) ?? toNumber(toText(value, toPlain));
}

function dayOf(value: unknown, timeZone: string, toPlain: ToPlain): string | undefined {
  const plain = toPlain(value);
  const epoch = toEpochMs(plain, timeZone) ?? toEpochMs(toText(value, toPlain), timeZone);
  return epoch === undefined ? undefined : formatDate(epoch, 'yyyy-MM-dd', timeZone);
}

function targetNumber(condition: ListFilterCondition): number | undefined {
  return toNumber(condition.numValue) ?? toNumber(condition.strValue);
}

/** Whether one item meets one condition. Unknown operators never match. */
export function matchesCondition(
  item: unknown,
  condition: ListFilterCondition,
  options: ListFilterOptions = {},
): boolean {
  const toPlain = options.toPlain ?? defaultToPlain;
  const timeZone = resolveTimeZone(options.timeZone ?? DEFAULT_TIME_ZONE);
  const value = fieldValue(item, condition.fieldName, toPlain);
  const text = toText(value, toPlain);
  const target = condition.strValue ?? '';
  const lower = text.toLowerCase();
  const targetLower = target.toLowerCase();
  switch (condition.operator) {
    case 'eq':
      return text === target;
    case 'ne':
      return text !== target;
    case 'contains':
      return lower.includes(targetLower);
    case 'not_contains':
      return !lower.includes(targetLower);
    case 'starts_with':
      return lower.startsWith(targetLower);
    case 'ends_with':
      return lower.endsWith(targetLower);
    case 'is_empty':
      return isEmptyValue(toPlain(value)) || text.trim() === '';
    case 'is_not_empty':
      return !(isEmptyValue(toPlain(value)) || text.trim() === '');
    case 'n_eq':
    case 'n_ne':
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte': {
      const n = numberOf(value, toPlain);
      const t = targetNumber(condition);
      // A missing or non-numeric side is "not equal" and never compares.
      if (n === undefined || t === undefined) return condition.operator === 'n_ne';
      if (condition.operator === 'n_eq') return n === t;
      if (condition.operator === 'n_ne') return n !== t;
      if (condition.operator === 'gt') return n > t;
      if (condition.operator === 'gte') return n >= t;
      if (condition.operator === 'lt') return n < t;
      return n <= t;
    }
    case 'before':
    case 'after':
    case 'date_eq':
    case 'date_ne': {
      const day = dayOf(value, timeZone, toPlain);
      const targetDay = dayOf(condition.dateTime ?? condition.strValue, timeZone, toPlain);
      if (day === undefined || targetDay === undefined) return condition.operator === 'date_ne';
      if (condition.operator === 'before') return day < targetDay;
      if (condition.operator === 'after') return day > targetDay;
      if (condition.operator === 'date_eq') return day === targetDay;
      return day !== targetDay;
    }
    default:
      return false;
  }
}

export function matchesListFilter(item: unknown, filter: ListFilter, options: ListFilterOptions = {}): boolean {
  if (filter.filters.length === 0) return true;
  return filter.type === 'some'
    ? filter.filters.some((c) => matchesCondition(item, c, options))
    : filter.filters.every((c) => matchesCondition(item, c, options));
}

/** The items that pass the filter, in their order; no filter keeps them all. */
export function applyListFilter<T>(
  items: readonly T[],
  filter: ListFilter | undefined,
  options: ListFilterOptions = {},
): T[] {
  if (!filter) return [...items];
  return items.filter((item) => matchesListFilter(item, filter, options));
}
