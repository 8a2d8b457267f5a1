/**
 * Table cell → open value, one converter per field type of spec 001 §3.6. The mapping is
 * documented as a table in ../CONTEXT.md; keep the two in step.
 *
 * A converter returns null for an empty cell, so templates can tell "no value" apart from
 * an empty string and `{^field}` sections work.
 */
import {
  DEFAULT_TIME_ZONE,
  formatCurrency,
  formatDate,
  formatNumber,
  formatPercent,
  parseNumber,
  toEpochMs,
} from '../../format';
import { mimeByExtension } from '../attachments';
import { bool, datetime, files, num, numList, type OpenAttachment, type OpenValue, str, text } from '../openValue';
import type { RawAttachment, TableField, TableFieldType } from './types';

export interface ConvertOptions {
  /** Time zone for date display text; default Asia/Shanghai. */
  timeZone?: string;
  /** Locale for number display text; default en-US. */
  locale?: string;
}

type Converter = (raw: unknown, field: TableField, options: ConvertOptions) => OpenValue | null;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : value == null ? [] : [value]);

const stringOf = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;

/** Text of a rich-text segment list, a plain string, or a {text} object. */
export function segmentsText(raw: unknown): string {
  if (raw == null) return '';
  if (typeof raw === 'string') return raw;
  if (typeof raw === 'number' || typeof raw === 'boolean') return String(raw);
  return asArray(raw)
    .map((segment) => {
      if (typeof segment === 'string') return segment;
      if (!isRecord(segment)) return '';
      return stringOf(segment.text) ?? stringOf(segment.name) ?? stringOf(segment.link) ?? '';
    })
    .join('');
}

const textOrNull = (value: string, kind: 'string' | 'text' = 'string'): OpenValue | null =>
  value === '' ? null : kind === 'text' ? text(value) : str(value);

function digits(field: TableField, fallback: number): number {
  const precision = field.property?.precision;
  return typeof precision === 'number' && precision >= 0 && precision <= 10 ? Math.trunc(precision) : fallback;
}

/** A number, or the original text when it is not one (§5.1: record mapping keeps the text). */
function numberOrText(raw: unknown, display: (n: number) => string): OpenValue | null {
  if (raw == null || raw === '') return null;
  if (Array.isArray(raw)) {
    // Some hosts wrap formula/lookup numbers in a one-element array.
    return raw.length === 1 ? numberOrText(raw[0], display) : null;
  }
  const value = typeof raw === 'number' ? (Number.isFinite(raw) ? raw : undefined) : parseNumber(segmentsText(raw));
  if (value === undefined) return textOrNull(segmentsText(raw));
  return num(value, display(value));
}

const numberDisplay = (field: TableField, options: ConvertOptions) => (n: number) => {
  const precision = field.property?.precision;
  const fixed = typeof precision === 'number' ? digits(field, 0) : undefined;
  if (field.property?.formatter === 'percent') return formatPercent(n, { locale: options.locale, digits: fixed ?? 0 });
  return formatNumber(n, {
    locale: options.locale,
    minFractionDigits: fixed ?? 0,
    maxFractionDigits: fixed ?? 3,
    useGrouping: field.property?.formatter !== 'plain',
  });
};

function optionName(raw: unknown, field: TableField): string {
  if (typeof raw === 'string') {
    // Some hosts send an option id; show its name when the field lists its options.
    return field.property?.options?.find((option) => option.id === raw)?.name ?? raw;
  }
  if (isRecord(raw)) return stringOf(raw.text) ?? stringOf(raw.name) ?? '';
  return '';
}

function userNames(raw: unknown): string[] {
  return asArray(raw)
    .map((user) =>
      typeof user === 'string' ? user : isRecord(user) ? (stringOf(user.name) ?? stringOf(user.enName) ?? '') : '',
    )
    .filter((name) => name !== '');
}

const joinedOrNull = (names: string[]): OpenValue | null => (names.length === 0 ? null : str(names.join(', ')));

function dateDisplayPattern(field: TableField, fallback: string): string {
  const pattern = field.property?.dateFormat;
  return typeof pattern === 'string' && pattern.trim() !== '' ? pattern : fallback;
}

function toDatetime(raw: unknown, field: TableField, options: ConvertOptions, fallback: string): OpenValue | null {
  const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
  const first = Array.isArray(raw) ? raw[0] : raw;
  if (first == null || first === '') return null;
  const epoch = toEpochMs(typeof first === 'string' ? first : first, timeZone);
  if (epoch === undefined) return textOrNull(segmentsText(first));
  return datetime(epoch, formatDate(epoch, dateDisplayPattern(field, fallback), timeZone));
}

function attachmentOf(raw: unknown): OpenAttachment | undefined {
  if (!isRecord(raw)) return undefined;
  const file = raw as Partial<RawAttachment> & Record<string, unknown>;
  const fileName = stringOf(file.name) ?? stringOf(raw.fileName) ?? '';
  const url = stringOf(file.url) ?? stringOf(raw.tmp_url) ?? '';
  if (!fileName && !url) return undefined;
  const attachment: OpenAttachment = {
    fileName,
    url,
    mime: stringOf(file.type) ?? stringOf(raw.mime) ?? mimeByExtension(fileName),
  };
  const size = typeof file.size === 'number' ? file.size : typeof raw.fileSize === 'number' ? raw.fileSize : undefined;
  if (size !== undefined && size >= 0) attachment.fileSize = size;
  if (typeof file.timeStamp === 'number') attachment.timestamp = file.timeStamp;
  const token = stringOf(file.token);
  if (token !== undefined || isRecord(file.permission)) {
    attachment.metaInfo = {};
    if (token !== undefined) attachment.metaInfo.token = token;
    if (isRecord(file.permission)) {
      const permission: Record<string, string> = {};
      for (const [key, value] of Object.entries(file.permission))
        if (typeof value === 'string') permission[key] = value;
      attachment.metaInfo.permission = permission;
    }
  }
  return attachment;
}

function toAttachments(raw: unknown, onlyImages: boolean): OpenValue | null {
  const list = asArray(raw)
    .map(attachmentOf)
    .filter((file): file is OpenAttachment => file !== undefined)
    .filter((file) => !onlyImages || (file.mime ?? '').startsWith('image/'));
  return list.length === 0 ? null : files(list);
}

/** Link text when linked records are not loaded: the host's display text of each record. */
function linkText(raw: unknown): OpenValue | null {
  if (!isRecord(raw)) return textOrNull(segmentsText(raw));
  if (Array.isArray(raw.textArr)) return joinedOrNull(raw.textArr.map(segmentsText).filter((t) => t !== ''));
  return textOrNull(segmentsText(raw.text ?? ''));
}

const NUMERIC_TYPES = new Set<TableFieldType>(['number', 'currency', 'progress', 'rating', 'autoNumber']);

/** Lookups: numbers become a numberList, files merge, anything else joins as text. */
function lookup(raw: unknown, field: TableField, options: ConvertOptions): OpenValue | null {
  const values = asArray(raw).flatMap((value) => (Array.isArray(value) && !isSegmentList(value) ? value : [value]));
  if (values.length === 0) return null;
  const ref = field.property?.refFieldType;
  if (ref === 'attachment' || ref === 'attachmentImage') return toAttachments(values, ref === 'attachmentImage');
  const numbers = values.map((value) => (typeof value === 'number' ? value : parseNumber(segmentsText(value))));
  if ((ref === undefined || NUMERIC_TYPES.has(ref)) && numbers.every((n): n is number => n !== undefined)) {
    const display = numberDisplay(field, options);
    return numList(numbers, numbers.map(display).join(', '));
  }
  if (ref === 'dateTime' || ref === 'createdTime' || ref === 'modifiedTime') {
    const texts = values
      .map((value) => toDatetime(value, field, options, 'yyyy/MM/dd'))
      .map((value) =>
        value?.type === 'datetime' ? (value.displayText ?? '') : value?.type === 'string' ? value.value : '',
      );
    return joinedOrNull(texts.filter((t) => t !== ''));
  }
  if (ref === 'user' || ref === 'createdUser' || ref === 'modifiedUser' || ref === 'group')
    return joinedOrNull(userNames(values));
  if (ref === 'singleSelect' || ref === 'multiSelect')
    return joinedOrNull(values.map((v) => optionName(v, field)).filter(Boolean));
  if (ref === 'checkbox') return joinedOrNull(values.map((v) => String(v === true)));
  return joinedOrNull(values.map(lookupItemText).filter((t) => t !== ''));
}

function lookupItemText(value: unknown): string {
  if (!isRecord(value)) return segmentsText(value);
  if (Array.isArray(value.textArr)) return value.textArr.map(segmentsText).join(', ');
  return segmentsText(value.text ?? value.name ?? value.fullAddress ?? '');
}

function isSegmentList(value: unknown[]): boolean {
  return value.length > 0 && value.every((item) => isRecord(item) && typeof item.text === 'string' && !('id' in item));
}

/** Formulas yield whatever their expression does: follow refFieldType, else the raw JS type. */
function formula(raw: unknown, field: TableField, options: ConvertOptions): OpenValue | null {
  const ref = field.property?.refFieldType;
  if (ref && ref !== 'formula' && ref !== 'lookup') {
    const converter = CONVERTERS[ref];
    return converter(raw, { ...field, type: ref }, options);
  }
  if (raw == null || raw === '') return null;
  if (typeof raw === 'boolean') return bool(raw, String(raw));
  if (typeof raw === 'number') return numberOrText(raw, numberDisplay(field, options));
  if (Array.isArray(raw) && raw.length > 0 && raw.every((n) => typeof n === 'number')) {
    return raw.length === 1 ? numberOrText(raw[0], numberDisplay(field, options)) : numList(raw as number[]);
  }
  return textOrNull(segmentsText(raw));
}

function location(raw: unknown): OpenValue | null {
  if (typeof raw === 'string') return textOrNull(raw);
  if (!isRecord(raw)) return null;
  const full =
    stringOf(raw.fullAddress) ??
    [raw.pname, raw.cityname, raw.adname, raw.address ?? raw.name]
      .map((part) => stringOf(part) ?? '')
      .filter((part, index, parts) => part !== '' && parts.indexOf(part) === index)
      .join('');
  return textOrNull(full || (stringOf(raw.name) ?? stringOf(raw.location) ?? ''));
}

function checkbox(raw: unknown): OpenValue | null {
  const first = Array.isArray(raw) ? raw[0] : raw;
  if (first == null) return bool(false, 'false');
  const value = first === true || first === 1 || first === 'true' || first === '1';
  return bool(value, String(value));
}

function rating(raw: unknown, field: TableField, options: ConvertOptions): OpenValue | null {
  const max = typeof field.property?.max === 'number' ? field.property.max : 5;
  return numberOrText(raw, (n) => `${formatNumber(n, { locale: options.locale })}/${max}`);
}

/**
 * A currency field names its currency in `property.currencyCode` (ISO 4217). Without one there is
 * no right symbol to print (¥ for an en-US reader was a silent guess): the amount prints with the
 * field's digits and no symbol.
 */
function currency(raw: unknown, field: TableField, options: ConvertOptions): OpenValue | null {
  const code = field.property?.currencyCode;
  const fixed = digits(field, 2);
  if (typeof code !== 'string' || !/^[A-Za-z]{3}$/.test(code))
    return numberOrText(raw, (n) =>
      formatNumber(n, { locale: options.locale, minFractionDigits: fixed, maxFractionDigits: fixed }),
    );
  return numberOrText(raw, (n) => formatCurrency(n, { locale: options.locale, currency: code, digits: fixed }));
}

function progress(raw: unknown, field: TableField, options: ConvertOptions): OpenValue | null {
  return numberOrText(raw, (n) => formatPercent(n, { locale: options.locale, digits: Math.min(2, digits(field, 0)) }));
}

export const CONVERTERS: Record<TableFieldType, Converter> = {
  text: (raw) => textOrNull(segmentsText(raw), 'text'),
  number: (raw, field, options) => numberOrText(raw, numberDisplay(field, options)),
  singleSelect: (raw, field) => textOrNull(optionName(Array.isArray(raw) ? raw[0] : raw, field)),
  multiSelect: (raw, field) =>
    joinedOrNull(
      asArray(raw)
        .map((option) => optionName(option, field))
        .filter(Boolean),
    ),
  dateTime: (raw, field, options) => toDatetime(raw, field, options, 'yyyy/MM/dd'),
  checkbox,
  user: (raw) => joinedOrNull(userNames(raw)),
  phone: (raw) => textOrNull(segmentsText(raw).trim()),
  url: (raw) => {
    const first = asArray(raw)[0];
    if (isRecord(first) && typeof first.link === 'string') return textOrNull(first.link);
    return textOrNull(segmentsText(raw));
  },
  attachment: (raw) => toAttachments(raw, false),
  // Without the linked table, a link prints as its records' display text; scope.ts expands it.
  singleLink: (raw) => linkText(raw),
  duplexLink: (raw) => linkText(raw),
  lookup,
  formula,
  location,
  group: (raw) => joinedOrNull(userNames(raw)),
  createdTime: (raw, field, options) => toDatetime(raw, field, options, 'yyyy/MM/dd HH:mm'),
  modifiedTime: (raw, field, options) => toDatetime(raw, field, options, 'yyyy/MM/dd HH:mm'),
  createdUser: (raw) => joinedOrNull(userNames(raw)),
  modifiedUser: (raw) => joinedOrNull(userNames(raw)),
  // Auto numbers are identifiers ("INV-0012"): they stay text, never re-formatted.
  autoNumber: (raw) => textOrNull(segmentsText(raw)),
  barcode: (raw) => textOrNull(segmentsText(raw)),
  progress,
  currency,
  rating,
  attachmentImage: (raw) => toAttachments(raw, true),
  email: (raw) => textOrNull(segmentsText(raw).trim()),
  // No permission to read: nothing to print, never the raw payload.
  denied: () => null,
};

export function convertCell(field: TableField, raw: unknown, options: ConvertOptions = {}): OpenValue | null {
  const converter = CONVERTERS[field.type];
  return converter ? converter(raw, field, options) : null;
}

export function isLinkField(field: TableField): boolean {
  return field.type === 'singleLink' || field.type === 'duplexLink';
}

/** Record ids of a link cell ({recordIds}, [{recordIds}], or [{id}] variants). */
export function linkedRecordIds(raw: unknown): string[] {
  const ids: string[] = [];
  for (const entry of asArray(raw)) {
    if (typeof entry === 'string') ids.push(entry);
    else if (isRecord(entry)) {
      if (Array.isArray(entry.recordIds))
        ids.push(...entry.recordIds.filter((id): id is string => typeof id === 'string'));
      else if (typeof entry.record_id === 'string') ids.push(entry.record_id);
      else if (typeof entry.id === 'string') ids.push(entry.id);
    }
  }
  return [...new Set(ids)];
}
