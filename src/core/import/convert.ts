import type { ErrorIssue } from '../errors';
import { QuireError } from '../errors';
import { DEFAULT_TIME_ZONE } from '../format';
import {
  cellText,
  PHONE_HEADER,
  readAttachments,
  readCheckbox,
  readCurrencyAmount,
  readDate,
  readEmail,
  readNumber,
  readPercent,
  readPhone,
  readUrl,
  splitOptions,
} from './cells';
import { isEmptyCell } from './sheet';
import type {
  ConvertedImport,
  ImportCell,
  ImportColumn,
  ImportFieldKind,
  ImportFieldSpec,
  ImportOptions,
  RawSheet,
} from './types';

/** Enough to fix a file; more would bury the first ones. */
const MAX_ISSUES = 50;

type Reader = (value: unknown) => ImportCell | undefined;

export function readerFor(column: ImportColumn, timeZone: string): { read: Reader; expected: string } {
  const kind: ImportFieldKind = column.kind;
  switch (kind) {
    case 'text':
      return { read: (v) => cellText(v), expected: 'text' };
    case 'number':
      return {
        read: (v) => readNumber(v) ?? (typeof v === 'string' ? readNumber(v.replace(/^0+(?=\d)/, '')) : undefined),
        expected: 'a number',
      };
    case 'currency':
      return { read: readCurrencyAmount, expected: 'an amount' };
    case 'percent':
      return { read: (v) => readPercent(v) ?? readNumber(v), expected: 'a percentage' };
    case 'date':
      return {
        read: (v) => (typeof v === 'number' ? v : readDate(v, timeZone)?.epoch),
        expected: 'a date (e.g. 2024-03-05 or 05/03/2024)',
      };
    case 'checkbox':
      return { read: (v) => readCheckbox(v, true), expected: 'yes/no, true/false or 1/0' };
    case 'singleSelect':
      return { read: (v) => cellText(v), expected: 'an option' };
    case 'multiSelect':
      return { read: (v) => splitOptions(v), expected: 'options' };
    case 'url':
      return { read: readUrl, expected: 'a web address starting with http:// or https://' };
    case 'email':
      return { read: readEmail, expected: 'an email address' };
    case 'phone':
      return {
        read: (v) => readPhone(v, true) ?? (typeof v === 'number' ? String(v) : undefined),
        expected: 'a phone number',
      };
    case 'attachment':
      return { read: (v) => readAttachments(v, true), expected: 'one or more file URLs' };
  }
}

export function fieldSpec(column: ImportColumn, options: string[]): ImportFieldSpec {
  const name = column.name;
  const precision = column.precision;
  const withPrecision = precision === undefined ? {} : { precision };
  switch (column.kind) {
    case 'text':
      return { name, type: 'text' };
    case 'number':
      return { name, type: 'number', property: withPrecision };
    case 'currency':
      return {
        name,
        type: 'currency',
        property: { currencyCode: column.currencyCode ?? 'USD', precision: precision ?? 2 },
      };
    case 'percent':
      return { name, type: 'number', property: { formatter: 'percent', ...withPrecision } };
    case 'date':
      return { name, type: 'dateTime', property: { dateFormat: column.hasTime ? 'yyyy/MM/dd HH:mm' : 'yyyy/MM/dd' } };
    case 'checkbox':
      return { name, type: 'checkbox' };
    case 'singleSelect':
    case 'multiSelect':
      return {
        name,
        type: column.kind,
        property: { options: options.map((option, i) => ({ id: `opt${i + 1}`, name: option })) },
      };
    case 'url':
      return { name, type: 'url' };
    case 'email':
      return { name, type: 'email' };
    case 'phone':
      return { name, type: 'phone' };
    case 'attachment':
      return { name, type: 'attachment' };
  }
}

/** The file's text of a cell when its typed value would not print back as it (see ConvertedImport). */
function sourceTextOf(raw: unknown, value: ImportCell): string | undefined {
  if (typeof raw !== 'string' || typeof value === 'string') return undefined;
  const text = raw.trim();
  if (text === '' || (typeof value === 'number' && String(value) === text)) return undefined;
  return text;
}

function preview(value: unknown): string {
  const text = cellText(value);
  return text.length > 40 ? `${text.slice(0, 37)}…` : text;
}

/**
 * Turn the reviewed sheet into field specs and typed rows. Every cell is checked against its column's
 * kind first; if any does not fit, nothing is returned and the ImportError lists each bad cell as
 * `row 12, column "Amount"` — so a bad file never half-imports.
 */
export function convertSheet(
  sheet: RawSheet,
  columns: readonly ImportColumn[],
  options: ImportOptions = {},
): ConvertedImport {
  const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
  const included = columns.filter((c) => c.include);
  if (included.length === 0) {
    throw new QuireError('ImportError', {
      detail: 'no columns',
      issues: [{ path: '', reason: 'choose at least one column to import' }],
    });
  }
  const readers = included.map((c) => readerFor(c, timeZone));
  const optionLists = included.map(() => [] as string[]);
  const optionSeen = included.map(() => new Set<string>());
  const issues: ErrorIssue[] = [];
  let extraIssues = 0;
  const rows: ImportCell[][] = [];
  const sourceTexts: ((string | undefined)[] | undefined)[] = [];
  let skippedEmptyRows = 0;

  for (let r = 0; r < sheet.rows.length; r++) {
    const source = sheet.rows[r]!;
    const out: ImportCell[] = new Array(included.length);
    let texts: (string | undefined)[] | undefined;
    let any = false;
    for (let c = 0; c < included.length; c++) {
      const column = included[c]!;
      const raw = source[column.index];
      if (isEmptyCell(raw) || (Array.isArray(raw) && raw.length === 0)) continue;
      const value = readers[c]!.read(raw);
      if (value === undefined || (typeof value === 'string' && value === '')) {
        if (issues.length < MAX_ISSUES) {
          issues.push({
            path: `row ${sheet.rowNumbers[r] ?? r + 1}, column "${column.name}"`,
            reason: `"${preview(raw)}" is not ${readers[c]!.expected}`,
          });
        } else extraIssues += 1;
        continue;
      }
      if (column.kind === 'singleSelect' || column.kind === 'multiSelect') {
        for (const option of typeof value === 'string' ? [value] : (value as string[])) {
          if (!optionSeen[c]!.has(option)) {
            optionSeen[c]!.add(option);
            optionLists[c]!.push(option);
          }
        }
      }
      out[c] = value;
      const text = sourceTextOf(raw, value);
      if (text !== undefined) {
        texts ??= new Array(included.length);
        texts[c] = text;
      }
      any = true;
    }
    if (any) {
      rows.push(out);
      sourceTexts.push(texts);
    } else skippedEmptyRows += 1;
  }

  if (issues.length > 0) {
    if (extraIssues > 0)
      issues.push({ path: '', reason: `and ${extraIssues} more cells that do not fit their column` });
    const first = issues[0]!;
    throw new QuireError('ImportError', { detail: `${first.path}: ${first.reason}`, issues });
  }
  return { fields: included.map((c, i) => fieldSpec(c, optionLists[i]!)), rows, sourceTexts, skippedEmptyRows };
}

/** Whether a column name suggests phone numbers (used by the review screen's hints too). */
export function looksLikePhoneHeader(name: string): boolean {
  return PHONE_HEADER.test(name);
}
