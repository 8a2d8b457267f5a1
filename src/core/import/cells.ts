import { mimeByExtension } from '../data/attachments';
import { DEFAULT_TIME_ZONE, guessDate, parseNumber, zonedTimeToEpoch } from '../format';

/**
 * Readers for one cell as one kind. Each returns the typed value, or undefined when the cell is not
 * of that kind. Inference asks "does every cell read?"; conversion reads and reports the ones that
 * do not.
 */

export function cellText(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const CURRENCY_BY_SYMBOL: Record<string, string> = {
  $: 'USD',
  '€': 'EUR',
  '£': 'GBP',
  '¥': 'CNY',
  '￥': 'CNY',
  '₩': 'KRW',
  '₹': 'INR',
  '₽': 'RUB',
  '฿': 'THB',
  '₫': 'VND',
  '₱': 'PHP',
  '₺': 'TRY',
  '₴': 'UAH',
  '₦': 'NGN',
};
const SYMBOLS = Object.keys(CURRENCY_BY_SYMBOL).join('');
const HAS_SYMBOL = new RegExp(`[${SYMBOLS.replace('$', '\\$')}]`, 'u');
const ISO_CODE = /^(?:([A-Z]{3})(\s*)(.+)|(.+?)(\s*)([A-Z]{3}))$/;
/** An amount beside an ISO code: digits and separators, an optional sign; no letters. */
const AMOUNT_SHAPE = /^[-+−]?\d[\d.,'   ]*$/;

/**
 * ISO 4217 codes the runtime knows; three capitals alone are not a currency ("ORD-2024001" is an
 * order number, not −2,024,001 of currency "ORD"). Read once: the list has ~300 entries.
 */
let knownCodes: ReadonlySet<string> | undefined;
function isCurrencyCode(code: string): boolean {
  if (!knownCodes) {
    const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
    knownCodes = new Set(intl.supportedValuesOf?.('currency') ?? Object.values(CURRENCY_BY_SYMBOL));
  }
  return knownCodes.has(code);
}

/** "EUR 12", "12.50 EUR", "USD12" read; "CNY-5" and "SKU 100" do not (an identifier's shape). */
function readIsoAmount(match: RegExpExecArray): { amount: number; code: string } | undefined {
  const before = match[1] !== undefined;
  const code = (before ? match[1] : match[6])!;
  const gap = (before ? match[2] : match[5]) ?? '';
  const text = (before ? match[3] : match[4])!.trim();
  if (!isCurrencyCode(code) || !AMOUNT_SHAPE.test(text)) return undefined;
  // A hyphen glued to a code reads as a part number (ABC-123), never as a negative amount.
  if (before && gap === '' && /^[-−]/.test(text)) return undefined;
  const amount = readNumber(text);
  return amount === undefined ? undefined : { amount, code };
}

/** Numbers that are really identifiers (zip codes, account numbers) keep their text. */
function looksLikeIdentifier(text: string): boolean {
  return /^0\d/.test(text) || /^\d{16,}$/.test(text);
}

export function decimalsOf(text: string): number {
  const match = /\.(\d+)/.exec(text);
  return match ? match[1]!.length : 0;
}

const PLAIN_NUMBER = /^-?\d{1,15}(?:\.\d+)?$/;

export function readNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  // Fast path for the common plain case; imports read hundreds of thousands of cells.
  if (PLAIN_NUMBER.test(text)) return looksLikeIdentifier(text) ? undefined : Number(text);
  if (text.endsWith('%') || HAS_SYMBOL.test(text) || looksLikeIdentifier(text)) return undefined;
  return parseNumber(text);
}

/** "25%" → 0.25. A bare number is not a percent (a column of 0.25s is a number column). */
export function readPercent(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (!text.endsWith('%') || HAS_SYMBOL.test(text)) return undefined;
  return parseNumber(text);
}

/** "$1,234.50", "¥12", "12.00 EUR" → amount and ISO code. */
export function readCurrency(value: unknown): { amount: number; code: string } | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  const iso = ISO_CODE.exec(text);
  if (iso) return readIsoAmount(iso);
  const symbol = [...text].find((ch) => ch in CURRENCY_BY_SYMBOL);
  if (!symbol || text.endsWith('%')) return undefined;
  const amount = parseNumber(text);
  return amount === undefined ? undefined : { amount, code: CURRENCY_BY_SYMBOL[symbol]! };
}

/** A currency cell where the column's kind is already currency: a bare number is fine too. */
export function readCurrencyAmount(value: unknown): number | undefined {
  return readCurrency(value)?.amount ?? (typeof value === 'string' ? parseNumber(value) : readNumber(value));
}

const TRUE_WORDS = new Set(['true', 'yes', 'y', 'checked', '✓', '✔', '☑', '是', '✅']);
const FALSE_WORDS = new Set(['false', 'no', 'n', 'unchecked', '✗', '✘', '☐', '否', '']);

/** Inference wants words; conversion also accepts 1/0, on/off and x. */
export function readCheckbox(value: unknown, lenient = false): boolean | undefined {
  if (typeof value === 'boolean') return value;
  const text = cellText(value).toLowerCase();
  if (TRUE_WORDS.has(text)) return true;
  if (FALSE_WORDS.has(text) && text !== '') return false;
  if (!lenient) return undefined;
  if (['1', 'on', 'x'].includes(text)) return true;
  if (['0', 'off', ''].includes(text)) return false;
  return undefined;
}

/**
 * Date parsing goes through Intl for the time zone (tens of µs a call); import columns repeat the
 * same dates a lot, so results are remembered per zone and text (bounded, cleared when full).
 */
const DATE_SHAPE = /^\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}(?:$|[T\s])/;
type DateResult = { epoch: number; hasTime: boolean };
const dateMemo = new Map<string, Map<string, DateResult | null>>();
const DATE_MEMO_LIMIT = 50_000;

/** Epoch ms; `hasTime` tells whether a time of day was given. Spreadsheet Dates are wall-clock in UTC. */
export function readDate(
  value: unknown,
  timeZone = DEFAULT_TIME_ZONE,
): { epoch: number; hasTime: boolean } | undefined {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return undefined;
    const fields = {
      year: value.getUTCFullYear(),
      month: value.getUTCMonth() + 1,
      day: value.getUTCDate(),
      hour: value.getUTCHours(),
      minute: value.getUTCMinutes(),
      second: value.getUTCSeconds(),
    };
    return { epoch: zonedTimeToEpoch(fields, timeZone), hasTime: fields.hour + fields.minute + fields.second > 0 };
  }
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  // Dates need a separator; a bare 8-digit number is more likely an id than 20240105.
  if (!DATE_SHAPE.test(text)) return undefined;
  let memo = dateMemo.get(timeZone);
  if (!memo) dateMemo.set(timeZone, (memo = new Map()));
  const known = memo.get(text);
  if (known !== undefined) return known ?? undefined;
  const epoch = guessDate(text, timeZone);
  const result = epoch === undefined ? null : { epoch, hasTime: /\d:\d/.test(text) };
  if (memo.size >= DATE_MEMO_LIMIT) memo.clear();
  memo.set(text, result);
  return result ?? undefined;
}

const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;
export function readEmail(value: unknown): string | undefined {
  const text = cellText(value).replace(/^mailto:/i, '');
  return EMAIL.test(text) ? text : undefined;
}

const URL_PATTERN = /^https?:\/\/[^\s]+$/i;
export function readUrl(value: unknown): { text: string; link: string } | undefined {
  if (typeof value === 'object' && value !== null && 'link' in value) {
    const { text, link } = value as { text?: unknown; link?: unknown };
    if (typeof link === 'string' && URL_PATTERN.test(link))
      return { text: typeof text === 'string' && text ? text : link, link };
  }
  const text = cellText(value);
  return URL_PATTERN.test(text) ? { text, link: text } : undefined;
}

const FILE_EXTENSION = /\.(png|jpe?g|gif|webp|svg|bmp|tiff?|heic|pdf|docx?|xlsx?|pptx?|csv|txt|zip|mp4|mov|mp3)$/i;

function fileNameOf(url: string): string {
  const path = url.split(/[?#]/)[0] ?? url;
  const last = path.split('/').filter(Boolean).pop() ?? path;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/**
 * One or more file URLs (separated by commas, semicolons, spaces or new lines). Inference demands a
 * file extension on each; conversion of a column the user set to attachment takes any http(s) URL.
 */
export function readAttachments(
  value: unknown,
  lenient = false,
): { name: string; url: string; type: string }[] | undefined {
  const parts = cellText(value)
    .split(/[\s,;]+/)
    .filter(Boolean);
  if (parts.length === 0) return undefined;
  const out = [];
  for (const url of parts) {
    if (!URL_PATTERN.test(url)) return undefined;
    const name = fileNameOf(url);
    if (!lenient && !FILE_EXTENSION.test(name)) return undefined;
    out.push({ name, url, type: mimeByExtension(name) });
  }
  return out;
}

export function readPhone(value: unknown, headerHint = false): string | undefined {
  const text = cellText(value);
  if (!/^\+?[\d\s\-().]{6,24}$/.test(text)) return undefined;
  const digits = text.replace(/\D/g, '').length;
  if (digits < 7 || digits > 15) return undefined;
  // A plain digit run is a number unless the column is called phone/tel/mobile.
  if (!headerHint && !/[+\s\-()]/.test(text)) return undefined;
  return text;
}

export const PHONE_HEADER = /phone|tel\b|telephone|mobile|cell|fax|电话|手机|電話|携帯/i;

/** Split a multi-select cell: arrays as they are, text on commas, semicolons, 、 or new lines. */
export function splitOptions(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(cellText).filter(Boolean);
  return cellText(value)
    .split(/\s*[,;，；、\n]\s*/)
    .map((part) => part.trim())
    .filter(Boolean);
}
