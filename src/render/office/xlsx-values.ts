/**
 * Typed cell values for Excel: a cell holding exactly one tag keeps the value's type — numbers as
 * numbers, booleans as booleans, dates (open datetime values, ISO date text) as date serials in a
 * date style — so sums, sorting and formats keep working. Everything else is an inline string.
 */
import { defaultToPlain, isPlainObject, type ToPlain } from '../../core/expr/values';
import { attr, escapeXml, setAttr, tagName, tokenize, tokenKind } from './xml';

export type CellValue =
  | { t: 'n'; v: number }
  | { t: 'b'; v: boolean }
  | { t: 'd'; serial: number; time: boolean }
  | { t: 's'; v: string }
  | { t: 'empty' };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const EXCEL_EPOCH_DAYS = 25569;

function zonedParts(ms: number, timeZone: string): number[] {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return [get('year'), get('month'), get('day'), get('hour'), get('minute'), get('second')];
}

/** Excel serial of an instant, as wall-clock time in `timeZone`. */
function excelSerial(ms: number, timeZone: string): { serial: number; time: boolean } {
  const [y, mo, d, h, mi, s] = zonedParts(ms, timeZone);
  const utc = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
  return { serial: utc / 86400000 + EXCEL_EPOCH_DAYS, time: h! + mi! + s! > 0 };
}

function isoSerial(text: string, timeZone: string): { serial: number; time: boolean } | undefined {
  const m = ISO_DATE.exec(text.trim());
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, zone] = m;
  // An impossible date (2024-02-30, 25:00) stays text: Date.UTC would roll it into the next month.
  const days = new Date(Date.UTC(Number(y), Number(mo), 0)).getUTCDate();
  if (Number(mo) < 1 || Number(mo) > 12 || Number(d) < 1 || Number(d) > days) return undefined;
  if (Number(h ?? 0) > 23 || Number(mi ?? 0) > 59 || Number(s ?? 0) > 59) return undefined;
  if (zone) {
    const ms = Date.parse(text.trim());
    return Number.isNaN(ms) ? undefined : excelSerial(ms, timeZone);
  }
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0));
  return { serial: utc / 86400000 + EXCEL_EPOCH_DAYS, time: h !== undefined };
}

function isDatetimeOpenValue(value: unknown): value is { timestamp: number } {
  return (
    isPlainObject(value) &&
    typeof value.timestamp === 'number' &&
    (value.type === 'datetime' || value.kind === 'datetime' || (value.type === undefined && value.kind === undefined))
  );
}

/** The typed value of a single-tag cell. `filtered`: filters ran, so text stays text. */
export function cellValue(
  value: unknown,
  text: string,
  filtered: boolean,
  timeZone: string,
  toPlain: ToPlain = defaultToPlain,
): CellValue {
  if (!filtered && isDatetimeOpenValue(value)) return { t: 'd', ...excelSerial(value.timestamp, timeZone) };
  const plain = toPlain(value);
  if (typeof plain === 'number' && Number.isFinite(plain)) return { t: 'n', v: plain };
  if (typeof plain === 'boolean' && !filtered) return { t: 'b', v: plain };
  if (!filtered && typeof plain === 'string') {
    const date = isoSerial(plain, timeZone);
    if (date) return { t: 'd', ...date };
  }
  return text === '' ? { t: 'empty' } : { t: 's', v: text };
}

/** `<c …>` markup for a value; `open` is the template cell's start tag (style kept). */
export function cellXml(open: string, ref: string, value: CellValue, styles: DateStyles): string {
  let start = setAttr(open.replace(/\s+t="[^"]*"/, '').replace(/\/>$/, '>'), 'r', ref);
  switch (value.t) {
    case 'empty':
      return start.replace(/>$/, '/>');
    case 'n':
      return `${start}<v>${value.v}</v></c>`;
    case 'b':
      return `${setAttr(start, 't', 'b')}<v>${value.v ? 1 : 0}</v></c>`;
    case 'd': {
      const style = styles.dateStyle(Number(attr(open, 's') ?? 0), value.time);
      start = setAttr(start, 's', String(style));
      return `${start}<v>${Math.round(value.serial * 86400000) / 86400000}</v></c>`;
    }
    case 's':
      return `${setAttr(start, 't', 'inlineStr')}<is><t xml:space="preserve">${escapeXml(value.v)}</t></is></c>`;
  }
}

const BUILTIN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

/** Cell styles of the workbook, extended with date variants of styles that are not dates. */
export class DateStyles {
  private readonly xfs: string[] = [];
  private readonly custom = new Map<number, string>();
  private readonly added: string[] = [];
  private readonly cache = new Map<string, number>();

  constructor(private readonly xml: string | undefined) {
    if (!xml) return;
    for (const tag of xml.match(/<numFmt\b[^>]*>/g) ?? []) {
      this.custom.set(Number(attr(tag, 'numFmtId')), attr(tag, 'formatCode') ?? '');
    }
    const cellXfs = /<cellXfs\b[^>]*>([\s\S]*?)<\/cellXfs>/.exec(xml)?.[1] ?? '';
    let depth = 0;
    for (const token of tokenize(cellXfs)) {
      const kind = tokenKind(token);
      if (tagName(token) !== 'xf') continue;
      if (depth === 0 && (kind === 'open' || kind === 'empty')) this.xfs.push(token);
      if (kind === 'open') depth++;
      else if (kind === 'close') depth--;
    }
  }

  private isDate(numFmtId: number): boolean {
    if (BUILTIN_DATE_FORMATS.has(numFmtId)) return true;
    const code = this.custom.get(numFmtId);
    if (!code) return false;
    const bare = code.replace(/"[^"]*"|\[[^\]]*\]|\\./g, '');
    return /[ydmhs]/i.test(bare);
  }

  dateStyle(style: number, time: boolean): number {
    const xf = this.xfs[style];
    if (!this.xml || !/<cellXfs\b/.test(this.xml)) return style;
    if (xf && this.isDate(Number(attr(xf, 'numFmtId') ?? 0))) return style;
    const key = `${style}|${time}`;
    const hit = this.cache.get(key);
    if (hit !== undefined) return hit;
    const base = xf ?? '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>';
    const dated = setAttr(setAttr(base, 'numFmtId', time ? '22' : '14'), 'applyNumberFormat', '1');
    const index = this.xfs.length + this.added.length;
    this.added.push(dated.endsWith('/>') ? dated : dated.replace(/>$/, '/>'));
    this.cache.set(key, index);
    return index;
  }

  /** The styles part with the added styles, or undefined when nothing was added. */
  write(): string | undefined {
    if (!this.xml || this.added.length === 0) return undefined;
    return this.xml.replace(/<cellXfs\b([^>]*)>([\s\S]*?)<\/cellXfs>/, (_whole, attrs: string, body: string) => {
      const count = this.xfs.length + this.added.length;
      const open = setAttr(`<cellXfs${attrs}>`, 'count', String(count));
      return `${open}${body}${this.added.join('')}</cellXfs>`;
    });
  }
}
