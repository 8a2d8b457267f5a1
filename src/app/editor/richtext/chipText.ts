/**
 * What a variable chip says about its formatting, in words a designer reads rather than tag syntax
 * (`customDate:yyyy年MM月dd日` → “Date · 2025年01月01日”), and which formatting fits a field's type.
 * Pure: the examples come from the same core formatters the printed document uses.
 */
import {
  formatBoolean,
  formatDate,
  formatDateStyle,
  formatNumber,
  formatPercent,
  formatWithPattern,
  toChineseFinancial,
  toChineseLower,
  toChineseUpper,
} from '../../../core/format';
import type { VariableFilterCall } from '../../../core/model';
import { CHIP_FILTER_NAMES, type ChipFilterName, isChipFilter } from './filters';

/** The date every date example shows (1 January 2025, noon UTC, so no zone moves it to another day). */
const EXAMPLE_DATE = Date.UTC(2025, 0, 1, 12);
const EXAMPLE_NUMBER = 1234.5;

/** The editor's `t`, for the filter labels. */
type Translate = (key: `chip.filters.${ChipFilterName}`) => string;

const NUMERIC = ['number', 'currency', 'progress', 'rating', 'autoNumber', 'percent'];
const DATES = ['dateTime', 'createdTime', 'modifiedTime', 'datetime', 'date'];
const BOOLEANS = ['checkbox', 'bool', 'boolean'];
const TEXT = ['text', 'string', 'email', 'phone', 'url', 'singleSelect', 'multiSelect', 'barcode', 'user'];
const ANY: ChipFilterName[] = ['prefix', 'suffix', 'default'];

/**
 * The filters offered for a field of this type: a date is not offered “Yes / no”, a text not
 * “Currency”. An unknown type (a formula, a lookup, a typed name) keeps every filter.
 */
export function filtersForType(type: string | undefined): ChipFilterName[] {
  if (!type) return [...CHIP_FILTER_NAMES];
  if (NUMERIC.includes(type))
    return ['number', 'currency', 'percent', 'format', 'cnUpper', 'cnLower', 'cnFinancial', ...ANY];
  if (DATES.includes(type)) return ['date', 'customDate', 'format', ...ANY];
  if (BOOLEANS.includes(type)) return ['boolean', ...ANY];
  if (TEXT.includes(type)) return ['case', ...ANY];
  return [...CHIP_FILTER_NAMES];
}

/** The currency's code and its symbol as people write it (`CNY ¥`, `EUR €`); the code alone if none. */
export function currencyLabel(code: string, locale: string): string {
  const upper = code.trim().toUpperCase() || 'USD';
  try {
    const symbol = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: upper,
      currencyDisplay: 'narrowSymbol',
    })
      .formatToParts(1)
      .find((part) => part.type === 'currency')?.value;
    return symbol && symbol !== upper ? `${upper} ${symbol}` : upper;
  } catch {
    return upper;
  }
}

function example(filter: VariableFilterCall, locale: string): string {
  const args = filter.args.map((a) => (a === null || a === undefined ? '' : String(a)));
  const first = args[0] ?? '';
  const digits = first.trim() === '' ? undefined : Number(first);
  try {
    switch (filter.name) {
      case 'customDate':
        return formatDate(EXAMPLE_DATE, args.join(':') || 'yyyy-MM-dd', 'UTC', locale);
      case 'date':
        return ['short', 'medium', 'long', 'full'].includes(first || 'medium')
          ? formatDateStyle(EXAMPLE_DATE, (first || 'medium') as 'medium', { locale, timeZone: 'UTC' })
          : formatDate(EXAMPLE_DATE, first, 'UTC', locale);
      case 'currency':
        return currencyLabel(first, locale);
      case 'number':
        return formatNumber(EXAMPLE_NUMBER, {
          locale,
          maxFractionDigits: Number.isInteger(digits) ? (digits as number) : 3,
        });
      case 'percent':
        return formatPercent(0.256, { locale, digits: Number.isInteger(digits) ? digits : undefined });
      case 'format':
        return first ? formatWithPattern(EXAMPLE_NUMBER, args.join(':')) : '';
      case 'cnUpper':
        return toChineseUpper(123);
      case 'cnLower':
        return toChineseLower(123);
      case 'cnFinancial':
        return toChineseFinancial(EXAMPLE_NUMBER);
      case 'boolean': {
        const format = (['trueFalse', 'yesNo', 'oneZero', 'onOff'].includes(first) ? first : 'trueFalse') as 'yesNo';
        return `${formatBoolean(true, { format })} / ${formatBoolean(false, { format })}`;
      }
      case 'prefix':
      case 'suffix':
      case 'default':
        return first === '' ? '' : `“${args.join(':')}”`;
      default:
        return args.filter(Boolean).join(':');
    }
  } catch {
    return args.filter(Boolean).join(':');
  }
}

/** A filter's name in words; a filter the chip does not know keeps its tag name. */
export function filterLabel(name: string, t: Translate): string {
  return isChipFilter(name) ? t(`chip.filters.${name}`) : name;
}

/** One filter as words: its kind, then what it looks like (`Date · 2025年01月01日`, `Currency · CNY ¥`). */
export function describeFilter(filter: VariableFilterCall, locale: string, t: Translate): string {
  const label = filterLabel(filter.name === 'customDate' ? 'date' : filter.name, t);
  const shown = example(filter, locale);
  return shown ? `${label} · ${shown}` : label;
}

/** A chain of filters as words, joined the way the chip shows them. */
export function describeChain(
  filters: readonly VariableFilterCall[] | undefined,
  locale: string,
  t: Translate,
): string {
  return (filters ?? []).map((f) => describeFilter(f, locale, t)).join(' → ');
}
