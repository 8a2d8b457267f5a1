/**
 * The formatting a variable chip offers: the filters of spec 001 §9.2 (see core/expr CONTEXT), each
 * with the arguments a designer picks. Pure data + helpers so they are unit tested.
 */
import type { VariableFilterCall } from '../../../core/model';
import type { Resources } from '../../../i18n';

interface FilterArgSpec {
  /** Offered values; free text when absent. */
  options?: readonly string[];
  placeholder?: string;
}

/** A filter the chip offers; each has its label at `chip.filters.<name>` (the record below must list them all). */
export type ChipFilterName = keyof Resources['editor']['chip']['filters'];

export const CHIP_FILTERS: Readonly<Record<ChipFilterName, readonly FilterArgSpec[]>> = {
  number: [{ options: ['0', '1', '2', '3', '4'], placeholder: '3' }],
  currency: [{ options: ['USD', 'EUR', 'CNY', 'JPY', 'GBP', 'KRW', 'BRL', 'RUB', 'THB', 'VND', 'IDR', 'HKD', 'TWD'] }],
  percent: [{ options: ['0', '1', '2'] }],
  date: [{ options: ['short', 'medium', 'long', 'full'] }],
  customDate: [
    { options: ['yyyy-MM-dd', 'yyyy/MM/dd', 'dd.MM.yyyy', 'MM/dd/yyyy', 'yyyy-MM-dd HH:mm', 'yyyy年MM月dd日'] },
  ],
  format: [{ options: ['#,##0.00', '#,##0', '0.0%', '0000'] }],
  cnUpper: [],
  cnLower: [],
  cnFinancial: [],
  boolean: [{ options: ['trueFalse', 'yesNo', 'oneZero', 'onOff'] }],
  case: [{ options: ['upper', 'lower', 'title', 'sentence'] }],
  prefix: [{ placeholder: 'No. ' }],
  suffix: [{ placeholder: ' kg' }],
  default: [{ placeholder: '-' }],
};

export const CHIP_FILTER_NAMES = Object.keys(CHIP_FILTERS) as ChipFilterName[];

/** A filter name read from a template is any string; this one the chip knows. */
export const isChipFilter = (name: string): name is ChipFilterName => Object.hasOwn(CHIP_FILTERS, name);

export function newFilterCall(name: string): VariableFilterCall {
  const specs = isChipFilter(name) ? CHIP_FILTERS[name] : [];
  return { name, args: specs.map((spec) => spec.options?.[0] ?? '') };
}

/** How a chip spells its filters, as the tag language would: `amount | currency:EUR`. */
export function describeFilters(filters: readonly VariableFilterCall[] | undefined): string {
  if (!filters?.length) return '';
  return filters
    .map((f) => [f.name, ...f.args.filter((a) => a !== null && a !== '').map(String)].join(':'))
    .join(' | ');
}
