/**
 * The template filters of spec 001 §9.2. Each takes the value so far and its arguments (text as
 * written) and returns the next value; filters chain left to right. A filter that cannot use its
 * input (text into `currency`, say) passes the input through unchanged rather than failing.
 */
import {
  DATE_STYLES,
  type DateStyle,
  formatBoolean,
  formatCase,
  formatCurrency,
  formatDate,
  formatDateStyle,
  formatNumber,
  formatPercent,
  formatWithPattern,
  TEXT_CASES,
  type TextCase,
  toBooleanFormat,
  toChineseFinancial,
  toChineseLower,
  toChineseUpper,
  toEpochMs,
  toNumber,
} from '../format';
import type { FilterCall } from './ast';
import { type ImageValue, isEmptyValue, isImageValue, isPlainObject, type ToPlain, toText } from './values';

export interface FilterContext {
  locale: string;
  timeZone: string;
  toPlain: ToPlain;
  /** Runs a filter call by name; used by `chain`. */
  apply(call: FilterCall, value: unknown): unknown;
  parseFilters(text: string): FilterCall[];
}

export type FilterFn = (value: unknown, args: readonly string[], ctx: FilterContext) => unknown;

function optionalInt(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const n = Number(text);
  return Number.isInteger(n) ? n : undefined;
}

/** Applies `fn` to each item of a list, or to the value itself. */
function mapValue(value: unknown, fn: (item: unknown) => unknown): unknown {
  return Array.isArray(value) ? value.map(fn) : fn(value);
}

function numeric(fn: (n: number, args: readonly string[], ctx: FilterContext) => string): FilterFn {
  return (value, args, ctx) =>
    mapValue(value, (item) => {
      const n = toNumber(ctx.toPlain(item));
      return n === undefined ? item : fn(n, args, ctx);
    });
}

function dated(fn: (epochMs: number, args: readonly string[], ctx: FilterContext) => string): FilterFn {
  return (value, args, ctx) =>
    mapValue(value, (item) => {
      const epoch = toEpochMs(ctx.toPlain(item), ctx.timeZone);
      return epoch === undefined ? item : fn(epoch, args, ctx);
    });
}

const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'bmp', 'gif', 'webp', 'svg']);

function looksLikeImage(fileName: string | undefined, mime: string | undefined): boolean {
  if (mime?.toLowerCase().startsWith('image/')) return true;
  const ext = fileName?.split(/[?#]/)[0]?.split('.').pop()?.toLowerCase();
  return ext !== undefined && IMAGE_EXTENSIONS.has(ext);
}

/** An image value from a URL string, an attachment-like object or an image value. */
function toImage(value: unknown): ImageValue | undefined {
  if (isImageValue(value)) return value;
  if (typeof value === 'string' && value.trim()) return { kind: 'image', url: value.trim() };
  if (!isPlainObject(value)) return undefined;
  const url = typeof value.url === 'string' ? value.url : typeof value.src === 'string' ? value.src : undefined;
  if (!url) return undefined;
  const image: ImageValue = { kind: 'image', url };
  if (typeof value.fileName === 'string') image.fileName = value.fileName;
  else if (typeof value.name === 'string') image.fileName = value.name;
  if (typeof value.mime === 'string') image.mime = value.mime;
  else if (typeof value.type === 'string' && value.type.includes('/')) image.mime = value.type;
  return image;
}

/** Attachments or URLs → image values, dropping files that are not images. */
function toImages(value: unknown, ctx: FilterContext): ImageValue[] {
  const plain = ctx.toPlain(value);
  const list = Array.isArray(plain) ? plain : plain === undefined || plain === null ? [] : [plain];
  const images: ImageValue[] = [];
  for (const item of list) {
    const image = toImage(ctx.toPlain(item));
    if (!image) continue;
    const isUrlOnly = image.fileName === undefined && image.mime === undefined;
    if (isUrlOnly || looksLikeImage(image.fileName, image.mime)) images.push(image);
  }
  return images;
}

function sized(fit: 'exact' | 'max'): FilterFn {
  return (value, args, ctx) => {
    const width = toNumber(args[0]);
    const height = toNumber(args[1] ?? args[0]);
    const annotate = (item: unknown) => {
      const image = toImage(ctx.toPlain(item));
      if (!image) return item;
      const out: ImageValue = { ...image, fit };
      if (width !== undefined && width > 0) out.width = width;
      if (height !== undefined && height > 0) out.height = height;
      return out;
    };
    const plain = ctx.toPlain(value);
    return Array.isArray(plain) ? plain.map(annotate) : annotate(plain);
  };
}

function affix(where: 'prefix' | 'suffix'): FilterFn {
  return (value, args, ctx) => {
    const text = args.join(':');
    if (isEmptyValue(ctx.toPlain(value))) return value;
    const body = toText(value, ctx.toPlain);
    return where === 'prefix' ? text + body : body + text;
  };
}

function currencyDisplay(arg: string | undefined): 'narrow' | 'symbol' | 'code' {
  return arg === 'symbol' || arg === 'code' ? arg : 'narrow';
}

export const FILTERS: Readonly<Record<string, FilterFn>> = {
  /** number[:maxDigits[:minDigits]] — at most 3 fraction digits by default. */
  number: numeric((n, args, ctx) => {
    const max = optionalInt(args[0]);
    const min = optionalInt(args[1]);
    return formatNumber(n, { locale: ctx.locale, maxFractionDigits: max ?? 3, minFractionDigits: min ?? 0 });
  }),
  /** currency[:code[:digits[:narrow|symbol|code]]] — USD, 2 digits, narrow symbol (¥, not CN¥) by default. */
  currency: numeric((n, args, ctx) =>
    formatCurrency(n, {
      locale: ctx.locale,
      currency: args[0] || 'USD',
      digits: optionalInt(args[1]) ?? 2,
      display: currencyDisplay(args[2]),
    }),
  ),
  /** percent[:digits] — 0.256 → 25.6%; 0 to 2 digits. */
  percent: numeric((n, args, ctx) => formatPercent(n, { locale: ctx.locale, digits: optionalInt(args[0]) })),
  /** date[:short|medium|long|full|custom[:pattern]] — locale-aware, medium by default. */
  date: dated((epoch, args, ctx) => {
    const style = (args[0] || 'medium') as DateStyle | 'custom';
    if (style === 'custom') return formatDate(epoch, args[1] || 'yyyy-MM-dd', ctx.timeZone, ctx.locale);
    if (!DATE_STYLES.includes(style as DateStyle)) return formatDate(epoch, style, ctx.timeZone, ctx.locale);
    return formatDateStyle(epoch, style as DateStyle, { locale: ctx.locale, timeZone: ctx.timeZone });
  }),
  /** customDate[:pattern] — tokens yyyy MM dd HH mm ss; yyyy-MM-dd by default. */
  customDate: dated((epoch, args, ctx) => formatDate(epoch, args.join(':') || 'yyyy-MM-dd', ctx.timeZone, ctx.locale)),
  /** format:pattern — a spreadsheet number pattern (`#,##0.00`), or a date pattern for dates. */
  format: (value, args, ctx) =>
    mapValue(value, (item) => {
      const pattern = args.join(':');
      const plain = ctx.toPlain(item);
      const n = toNumber(plain);
      if (n !== undefined) return formatWithPattern(n, pattern);
      const epoch = typeof plain === 'string' ? toEpochMs(plain, ctx.timeZone) : undefined;
      return epoch !== undefined && /[yMdHms]/.test(pattern)
        ? formatDate(epoch, pattern, ctx.timeZone, ctx.locale)
        : item;
    }),
  cnUpper: numeric((n) => toChineseUpper(n)),
  cnLower: numeric((n) => toChineseLower(n)),
  cnFinancial: numeric((n) => toChineseFinancial(n)),
  /** boolean[:trueFalse|yesNo|oneZero|onOff|custom[:trueText:falseText]] or boolean:"Paid":"Unpaid". */
  boolean: (value, args, ctx) => {
    const plain = ctx.toPlain(value);
    const format = toBooleanFormat(args[0]);
    if (format === 'custom') return formatBoolean(plain, { format, trueText: args[1], falseText: args[2] });
    if (format) return formatBoolean(plain, { format });
    if (args.length >= 2) return formatBoolean(plain, { format: 'custom', trueText: args[0], falseText: args[1] });
    return formatBoolean(plain, { format: 'trueFalse' });
  },
  /** yesNo[:yesText:noText] — Yes / No by default. */
  yesNo: (value, args, ctx) =>
    formatBoolean(ctx.toPlain(value), { format: 'custom', trueText: args[0] ?? 'Yes', falseText: args[1] ?? 'No' }),
  /** case:upper|lower|title|sentence. */
  case: (value, args, ctx) => {
    const textCase = (args[0] ?? '').trim().toLowerCase() as TextCase;
    if (!TEXT_CASES.includes(textCase)) return value;
    return mapValue(value, (item) => formatCase(toText(item, ctx.toPlain), textCase));
  },
  prefix: affix('prefix'),
  suffix: affix('suffix'),
  /** default:text — the text when the value is empty. */
  default: (value, args, ctx) => {
    const plain = ctx.toPlain(value);
    return isEmptyValue(plain) || toText(value, ctx.toPlain) === '' ? args.join(':') : value;
  },
  /** toImages — attachments or URLs to images (files that are not images are dropped). */
  toImages: (value, _args, ctx) => toImages(value, ctx),
  /** size:width[:height] — place images at this size (Office templates). */
  size: sized('exact'),
  /** maxSize:width[:height] — scale images down to fit. */
  maxSize: sized('max'),
  /** chain:"filter:arg":"filter2" — runs the given filters left to right. */
  chain: (value, args, ctx) => {
    let current = value;
    for (const spec of args) for (const call of ctx.parseFilters(spec)) current = ctx.apply(call, current);
    return current;
  },
};

export const FILTER_NAMES: readonly string[] = Object.keys(FILTERS);

export function isKnownFilter(name: string): boolean {
  return Object.hasOwn(FILTERS, name);
}
