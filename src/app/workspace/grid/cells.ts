import { displayText } from '../../../core/data/openValue';
import { convertCell } from '../../../core/data/table';
import { DEFAULT_LANG } from '../../../core/model/defaults';
import type {
  CellValue,
  StoredAttachment,
  StoredLocation,
  StoredUrl,
  StoredUser,
  TableField,
  TableFieldType,
} from '../../../storage';

/**
 * How the grid shows and edits stored cells (shapes in storage/types.ts). Pure functions, so the
 * grid's display and the parse of what a user typed are tested without a browser.
 */

/** Types a user cannot type into: computed by the host, system-managed, or edited elsewhere. */
const READ_ONLY: ReadonlySet<TableFieldType> = new Set([
  'lookup',
  'formula',
  'createdTime',
  'modifiedTime',
  'createdUser',
  'modifiedUser',
  'denied',
  'group',
  'user',
  'attachment',
  'attachmentImage',
  'singleLink',
  'duplexLink',
]);

export function isEditable(field: TableField): boolean {
  return !READ_ONLY.has(field.type) && field.type !== 'checkbox';
}

/**
 * Cells edited in a picker rather than typed into: links choose records, user cells choose people,
 * multiple selects choose options.
 */
export function pickerKind(field: TableField): 'link' | 'user' | 'options' | undefined {
  if (isLink(field) && typeof field.property?.tableId === 'string') return 'link';
  if (field.type === 'user') return 'user';
  if (field.type === 'multiSelect') return 'options';
  return undefined;
}

export function isLink(field: TableField): boolean {
  return field.type === 'singleLink' || field.type === 'duplexLink';
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Dates print in UTC: the demo and imports store wall-clock dates as UTC midnight. */
export function formatDate(ms: number, withTime = false): string {
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return '';
  const date = `${d.getUTCFullYear()}/${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}`;
  return withTime ? `${date} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}` : date;
}

function hasTime(field: TableField): boolean {
  return (
    /H/.test(String(field.property?.dateFormat ?? '')) || field.type === 'createdTime' || field.type === 'modifiedTime'
  );
}

/**
 * The language a document prints in unless its template picks another (core/model/defaults.ts).
 * The grid shows numbers, amounts and dates in it, through the print's own converter, so a de-DE
 * reader sees `$1,234.50` in the grid and on paper, not `1.234,50 $` in one and `$1,234.50` in
 * the other (issue 29 item 8). Wall-clock dates stay in UTC, as they are stored.
 */
const PRINT_OPTIONS = { locale: DEFAULT_LANG, timeZone: 'UTC' } as const;

/** The print's display text of a number or date cell; undefined when the converter has none. */
function printedText(field: TableField, value: number): string | undefined {
  const converted = convertCell(field, value, PRINT_OPTIONS);
  return converted ? displayText(converted) : undefined;
}

/** The text a cell shows (links show chips instead; see linkIds). */
export function cellText(field: TableField, value: CellValue | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  switch (field.type) {
    case 'number':
    case 'currency':
    case 'progress':
    case 'rating':
      return typeof value === 'number' ? (printedText(field, value) ?? String(value)) : String(value);
    case 'dateTime':
    case 'createdTime':
    case 'modifiedTime':
      return typeof value === 'number'
        ? (printedText(field, value) ?? formatDate(value, hasTime(field)))
        : String(value);
    case 'checkbox':
      return value === true ? '✓' : '';
    case 'multiSelect':
      return Array.isArray(value) ? value.join(', ') : String(value);
    case 'url': {
      const url = value as StoredUrl;
      return typeof value === 'object' && !Array.isArray(value) ? url.text || url.link : String(value);
    }
    case 'attachment':
    case 'attachmentImage':
      return Array.isArray(value) ? (value as StoredAttachment[]).map((a) => a.name).join(', ') : '';
    case 'user':
    case 'createdUser':
    case 'modifiedUser':
      return Array.isArray(value) ? (value as StoredUser[]).map((u) => u.name).join(', ') : String(value);
    case 'location':
      return typeof value === 'object' && !Array.isArray(value)
        ? ((value as StoredLocation).address ?? '')
        : String(value);
    default:
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
      if (Array.isArray(value))
        return value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', ');
      return JSON.stringify(value);
  }
}

/** The record ids a link cell holds. */
export function linkIds(value: CellValue | undefined): string[] {
  return Array.isArray(value) ? (value as unknown[]).filter((v): v is string => typeof v === 'string') : [];
}

/** The text an editor starts with: like cellText but without grouping or currency symbols. */
export function editText(field: TableField, value: CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (field.type === 'dateTime') return formatDate(value, hasTime(field)).replace(/\//g, '-');
    return String(value);
  }
  if (field.type === 'url' && typeof value === 'object' && !Array.isArray(value)) return (value as StoredUrl).link;
  if (field.type === 'location' && typeof value === 'object' && !Array.isArray(value))
    return (value as StoredLocation).address;
  if (Array.isArray(value)) return value.filter((v) => typeof v === 'string').join(', ');
  return String(value);
}

export type ParseResult = { ok: true; value: CellValue | undefined } | { ok: false };

function parseDate(text: string): number | undefined {
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T](\d{1,2}):(\d{2}))?$/.exec(text.trim());
  if (!m) return undefined;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0));
  if (Number.isNaN(ms)) return undefined;
  // 2025-02-31 is a typing slip, not 3 March.
  const d = new Date(ms);
  if (d.getUTCMonth() !== Number(m[2]) - 1 || d.getUTCDate() !== Number(m[3])) return undefined;
  if (Number(m[4] ?? 0) > 23 || Number(m[5] ?? 0) > 59) return undefined;
  return ms;
}

function parseNumber(text: string, percent: boolean): number | undefined {
  const clean = text.replace(/[\s,]/g, '').replace(/^[^\d.+-]+/, '');
  const isPercent = clean.endsWith('%');
  const n = Number(isPercent ? clean.slice(0, -1) : clean);
  if (!Number.isFinite(n) || clean === '') return undefined;
  return isPercent || (percent && Math.abs(n) > 1) ? n / 100 : n;
}

/** What a user typed → the stored cell; `undefined` clears the cell; `{ok:false}` = not valid. */
export function parseInput(field: TableField, text: string): ParseResult {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: undefined };
  switch (field.type) {
    case 'number':
    case 'currency':
    case 'progress':
    case 'rating': {
      const n = parseNumber(trimmed, field.type === 'progress' || field.property?.formatter === 'percent');
      return n === undefined ? { ok: false } : { ok: true, value: n };
    }
    case 'dateTime': {
      const ms = parseDate(trimmed);
      return ms === undefined ? { ok: false } : { ok: true, value: ms };
    }
    case 'multiSelect':
      return { ok: true, value: [...new Set(trimmed.split(/\s*[,;]\s*/).filter(Boolean))] };
    case 'url':
      return {
        ok: true,
        value: { text: trimmed, link: /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}` },
      };
    case 'email':
      return /^[^\s@]+@[^\s@]+$/.test(trimmed) ? { ok: true, value: trimmed } : { ok: false };
    case 'location':
      return { ok: true, value: { address: trimmed } };
    default:
      return { ok: true, value: text };
  }
}

/** Select options of a field (names), for the editor's list. */
export function optionNames(field: TableField): string[] {
  return (field.property?.options ?? []).map((o) => o.name);
}

/** The colour slot (0–5) of a select option's chip: its own colour, else its place in the list. */
export function optionColor(field: TableField, name: string): number {
  const option = field.property?.options?.find((o) => o.name === name);
  const index = option?.color ?? field.property?.options?.indexOf(option!) ?? 0;
  return Math.abs(Number(index) || 0) % 6;
}
