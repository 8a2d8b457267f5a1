/**
 * Compute variables (spec 001 §3.3): sum / average / count / max / min over a list, printed with
 * a number format of thousandSeparator, fixedDecimalScale, decimalScale, prefix and suffix.
 */
import { fixedDigits, groupThousands, toNumber } from './number';

export const COMPUTE_COMMANDS = ['sum', 'average', 'count', 'max', 'min'] as const;
export type ComputeCommand = (typeof COMPUTE_COMMANDS)[number];

export interface ComputeFormat {
  /** true → ',', a string → that separator, false/absent → none. */
  thousandSeparator?: boolean | string;
  /** Pad to decimalScale digits (1.5 → 1.50). */
  fixedDecimalScale?: boolean;
  /** Maximum fraction digits (rounded). */
  decimalScale?: number;
  prefix?: string;
  suffix?: string;
}

/**
 * Aggregates values: numbers and number text count; empty and non-numeric entries are skipped,
 * except `count` which counts every non-empty entry. Empty input gives 0 for every command.
 */
export function aggregate(command: ComputeCommand, values: readonly unknown[]): number {
  if (command === 'count') return values.filter((v) => v !== null && v !== undefined && v !== '').length;
  const numbers = values.map(toNumber).filter((n): n is number => n !== undefined);
  if (numbers.length === 0) return 0;
  switch (command) {
    case 'sum':
      return sumPrecise(numbers);
    case 'average':
      return sumPrecise(numbers) / numbers.length;
    // A loop, not Math.max(...numbers): a list of 100,000 values overflows the call stack.
    case 'max':
      return numbers.reduce((a, b) => Math.max(a, b));
    case 'min':
      return numbers.reduce((a, b) => Math.min(a, b));
    default:
      return 0;
  }
}

/** Sums with decimal-aware rounding so 0.1 + 0.2 prints 0.3 rather than 0.30000000000000004. */
function sumPrecise(numbers: readonly number[]): number {
  let decimals = 0;
  for (const n of numbers) {
    const places = String(n).includes('e') ? 12 : (String(n).split('.')[1]?.length ?? 0);
    if (places > decimals) decimals = Math.min(12, places);
  }
  const total = numbers.reduce((acc, n) => acc + n, 0);
  return Number(total.toFixed(decimals));
}

export function formatComputeValue(value: number, format: ComputeFormat = {}): string {
  if (!Number.isFinite(value)) return `${format.prefix ?? ''}${value}${format.suffix ?? ''}`;
  const scale = format.decimalScale;
  let digits: { int: string; frac: string };
  if (scale !== undefined && Number.isFinite(scale) && scale >= 0) {
    digits = fixedDigits(value, Math.min(20, Math.trunc(scale)));
    if (!format.fixedDecimalScale) digits.frac = digits.frac.replace(/0+$/, '');
  } else {
    digits = fixedDigits(value, 10);
    digits.frac = digits.frac.replace(/0+$/, '');
  }
  const separator = format.thousandSeparator === true ? ',' : format.thousandSeparator || '';
  const int = separator ? groupThousands(digits.int, separator) : digits.int;
  const body = digits.frac ? `${int}.${digits.frac}` : int;
  const negative = value < 0 && /[1-9]/.test(digits.int + digits.frac);
  return `${negative ? '-' : ''}${format.prefix ?? ''}${body}${format.suffix ?? ''}`;
}
