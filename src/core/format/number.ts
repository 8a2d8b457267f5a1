/**
 * Number parsing (spec 001 §5.1) and number/currency/percent formatting (§9.2).
 * Formatting goes through Intl so separators follow the template's language.
 */

/** Currency symbols accepted in front of a number ("$1,234.50", "¥12", "-€3"). */
const CURRENCY_SYMBOLS = '$¥￥€£₩₹₽฿₫₱₺₴₦';

const NUMBER_PATTERN = new RegExp(
  `^(-)?\\s*[${CURRENCY_SYMBOLS}]?\\s*(-)?((?:\\d{1,3}(?:,\\d{3})+|\\d+)(?:\\.\\d+)?|\\.\\d+)\\s*(%)?$`,
  'u',
);

/**
 * Parses number text: optional minus, optional leading currency symbol, thousands commas
 * (in groups of three), decimals, and a trailing % (divided by 100).
 * Returns undefined when the text is not a number: callers decide between 0 (approval
 * mapping) and keeping the text (record mapping).
 */
export function parseNumber(text: string | number | null | undefined): number | undefined {
  if (typeof text === 'number') return Number.isFinite(text) ? text : undefined;
  if (typeof text !== 'string') return undefined;
  const match = NUMBER_PATTERN.exec(text.trim());
  if (!match) return undefined;
  const [, minusBefore, minusAfter, digits, percent] = match;
  if (minusBefore && minusAfter) return undefined;
  let value = Number(digits!.replaceAll(',', ''));
  if (!Number.isFinite(value)) return undefined;
  if (percent) value = value / 100;
  if (minusBefore || minusAfter) value = -value;
  return value === 0 ? 0 : value;
}

/** Coerces a value to a number when it is one or parses as one; undefined otherwise. */
export function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string') return parseNumber(value);
  if (typeof value === 'bigint') return Number(value);
  return undefined;
}

export interface NumberFormatOptions {
  locale?: string;
  minFractionDigits?: number;
  /** Default 3 (spec §9.2). */
  maxFractionDigits?: number;
  useGrouping?: boolean;
}

function clampDigits(n: number | undefined, fallback: number): number {
  if (n === undefined || !Number.isFinite(n)) return fallback;
  return Math.min(20, Math.max(0, Math.trunc(n)));
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** Intl formatters are costly to build (~0.1 ms); batches format thousands of values. */
function cachedNumberFormat(
  locale: string | undefined,
  options: Intl.NumberFormatOptions,
  // Callers formatting per value pass a key of their own: JSON.stringify of the options for
  // every table cell cost more than the formatting.
  key = `${locale ?? ''}|${JSON.stringify(options)}`,
): Intl.NumberFormat {
  let format = numberFormats.get(key);
  if (!format) {
    if (numberFormats.size > 200) numberFormats.clear();
    format = new Intl.NumberFormat(safeLocale(locale), options);
    numberFormats.set(key, format);
  }
  return format;
}

function safeLocale(locale: string | undefined): string {
  if (!locale) return 'en-US';
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? 'en-US';
  } catch {
    return 'en-US';
  }
}

export function formatNumber(value: number, options: NumberFormatOptions = {}): string {
  const max = clampDigits(options.maxFractionDigits, 3);
  const min = Math.min(clampDigits(options.minFractionDigits, 0), max);
  const grouping = options.useGrouping ?? true;
  return cachedNumberFormat(
    options.locale,
    { minimumFractionDigits: min, maximumFractionDigits: max, useGrouping: grouping },
    `n|${options.locale ?? ''}|${min}|${max}|${grouping}`,
  ).format(value);
}

export interface CurrencyFormatOptions {
  locale?: string;
  /** ISO 4217 code, default USD. */
  currency?: string;
  /** Fraction digits, default 2. */
  digits?: number;
  /** `narrow` (default: ¥, $), `symbol` (CN¥, US$ where the locale tells them apart) or `code` (CNY). */
  display?: 'narrow' | 'symbol' | 'code';
}

const CURRENCY_DISPLAY = { narrow: 'narrowSymbol', symbol: 'symbol', code: 'code' } as const;

export function formatCurrency(value: number, options: CurrencyFormatOptions = {}): string {
  const digits = clampDigits(options.digits, 2);
  const code = (options.currency ?? 'USD').toUpperCase();
  const currency = /^[A-Z]{3}$/.test(code) ? code : 'USD';
  // The narrow symbol is what people write on documents: ¥ for CNY in an English template, not
  // `CN¥`; $ for USD in a Chinese one, not `US$`. Canvas chips and print share this formatter.
  const display = CURRENCY_DISPLAY[options.display ?? 'narrow'] ?? 'narrowSymbol';
  return cachedNumberFormat(
    options.locale,
    {
      style: 'currency',
      currency,
      currencyDisplay: display,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    },
    `c|${options.locale ?? ''}|${currency}|${display}|${digits}`,
  ).format(value);
}

export interface PercentFormatOptions {
  locale?: string;
  /** Fixed fraction digits; when absent, 0 to 2 digits as needed. */
  digits?: number;
}

/** `0.256` → `25.6%`. */
export function formatPercent(value: number, options: PercentFormatOptions = {}): string {
  const fixed = options.digits === undefined ? undefined : Math.min(2, clampDigits(options.digits, 0));
  return cachedNumberFormat(options.locale, {
    style: 'percent',
    minimumFractionDigits: fixed ?? 0,
    maximumFractionDigits: fixed ?? 2,
  }).format(value);
}

/** Rounds half away from zero at `digits` decimals without binary drift (1.005 → 1.01). */
export function roundTo(value: number, digits: number): number {
  const abs = Math.abs(value);
  if (!Number.isFinite(value) || abs >= 1e21) return value;
  const sign = value < 0 ? -1 : 1;
  // Shift by exponent arithmetic on the decimal text, not by multiplying (which drifts).
  const [mantissa = '0', exponent = '0'] = String(abs).split('e');
  const shifted = Math.round(Number(`${mantissa}e${Number(exponent) + digits}`));
  const text = String(shifted);
  const result = sign * (text.includes('e') ? shifted / 10 ** digits : Number(`${text}e-${digits}`));
  return result === 0 ? 0 : result;
}

/**
 * Plain decimal digits of |value| at a fixed number of decimals, never exponent notation.
 * Decimals beyond a double's ~15 significant digits are printed as zeros, not as binary noise.
 */
export function fixedDigits(value: number, digits: number): { int: string; frac: string } {
  const intLength = Math.trunc(Math.abs(value)).toString().length;
  const precise = Math.max(0, Math.min(digits, 15 - intLength));
  const rounded = Math.abs(roundTo(value, precise));
  // toFixed is exact enough once rounded; above 1e21 it switches to exponent form, BigInt does not.
  const text = rounded >= 1e21 ? BigInt(rounded).toString() : rounded.toFixed(precise);
  const [int = '0', frac = ''] = text.split('.');
  return { int, frac: frac.padEnd(digits, '0') };
}

export function groupThousands(intDigits: string, separator = ','): string {
  return intDigits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}
