import { QuireError } from '../errors';
import type { RawSheet } from './types';

export function isEmptyCell(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** Header names that are unique and non-blank: blank → "Column 3", repeats → "Name (2)". */
export function normaliseHeader(names: readonly unknown[], width: number): string[] {
  const seen = new Map<string, number>();
  const out: string[] = [];
  for (let i = 0; i < width; i++) {
    const raw = names[i];
    let name = (typeof raw === 'string' ? raw : raw == null ? '' : String(raw)).replace(/\s+/g, ' ').trim();
    if (name === '') name = `Column ${i + 1}`;
    const key = name.toLowerCase();
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    out.push(count === 1 ? name : `${name} (${count})`);
  }
  return out;
}

/**
 * A sheet from rows of cells whose first row is the header (CSV, spreadsheet). Fully empty rows are
 * dropped but every kept row remembers its number in the file, so errors point at the right line.
 */
export function sheetFromRows(rows: readonly (readonly unknown[])[], firstRowNumber = 1): RawSheet {
  const headerAt = rows.findIndex((row) => row.some((cell) => !isEmptyCell(cell)));
  if (headerAt < 0)
    throw new QuireError('ImportError', {
      detail: 'empty file',
      issues: [{ path: '', reason: 'the file has no rows' }],
    });
  const width = rows.reduce((max, row) => Math.max(max, row.length), 0);
  const header = normaliseHeader(rows[headerAt] ?? [], width);
  const body: unknown[][] = [];
  const rowNumbers: number[] = [];
  for (let i = headerAt + 1; i < rows.length; i++) {
    const row = rows[i]!;
    if (!row.some((cell) => !isEmptyCell(cell))) continue;
    // Full-width rows are used as they are: copying 100,000 rows only feeds the garbage collector.
    body.push(row.length === width ? (row as unknown[]) : Array.from({ length: width }, (_, c) => row[c]));
    rowNumbers.push(firstRowNumber + i);
  }
  return { header, rows: body, rowNumbers };
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

/**
 * A sheet from a JSON array of objects (or `{ records: [...] }` / `{ data: [...] }`). Columns are the
 * union of keys in first-seen order; row N is the N-th item.
 */
export function sheetFromJson(value: unknown): RawSheet {
  let items = value;
  if (isPlainObject(value)) {
    const inner = ['records', 'data', 'items', 'rows'].map((k) => value[k]).find(Array.isArray);
    if (inner) items = inner;
  }
  if (!Array.isArray(items)) {
    throw new QuireError('ImportError', {
      detail: 'not an array',
      issues: [{ path: '', reason: 'expected a JSON array of objects' }],
    });
  }
  const keys: string[] = [];
  const keyIndex = new Map<string, number>();
  const issues = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (!isPlainObject(item)) {
      issues.push({
        path: `row ${i + 1}`,
        reason: `expected an object, got ${Array.isArray(item) ? 'an array' : typeof item}`,
      });
      if (issues.length >= 20) break;
      continue;
    }
    for (const key of Object.keys(item)) {
      if (!keyIndex.has(key)) {
        keyIndex.set(key, keys.length);
        keys.push(key);
      }
    }
  }
  if (issues.length > 0) throw new QuireError('ImportError', { detail: issues[0]!.reason, issues });
  if (items.length === 0 || keys.length === 0) {
    throw new QuireError('ImportError', {
      detail: 'empty file',
      issues: [{ path: '', reason: 'the file has no rows' }],
    });
  }
  const rows = (items as Record<string, unknown>[]).map((item) => keys.map((key) => item[key]));
  return { header: normaliseHeader(keys, keys.length), rows, rowNumbers: rows.map((_, i) => i + 1) };
}

/** Parse JSON text into a sheet, reporting a syntax error as an ImportError. */
export function sheetFromJsonText(text: string): RawSheet {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new QuireError('ImportError', {
      detail: 'invalid JSON',
      issues: [{ path: '', reason: `not valid JSON: ${reason}` }],
    });
  }
  return sheetFromJson(value);
}
