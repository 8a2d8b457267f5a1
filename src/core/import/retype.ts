import { DEFAULT_TIME_ZONE } from '../format';
import { cellText } from './cells';
import { fieldSpec, readerFor } from './convert';
import { isEmptyCell } from './sheet';
import type { ImportCell, ImportColumn, ImportFieldKind, ImportFieldSpec, ImportOptions } from './types';

/** A field's values converted to another kind; nothing is dropped, failures are listed. */
export interface RetypeResult {
  field: ImportFieldSpec;
  /** Per input value: the converted cell, or undefined when empty or not convertible. */
  cells: (ImportCell | undefined)[];
  /** Indexes of non-empty values that do not read as the new kind: the caller keeps them elsewhere. */
  failed: number[];
}

const FAILED_SAMPLE = 3;

/**
 * Convert existing values (as plain cells: text, numbers, booleans, lists) to `kind`, leniently:
 * unlike an import, a value that does not fit is reported, not an error, so the user can see the
 * preview and decide. Options of a select are collected from the values in order.
 */
export function retypeValues(
  name: string,
  values: readonly unknown[],
  kind: ImportFieldKind,
  options: ImportOptions & { currencyCode?: string; precision?: number } = {},
): RetypeResult {
  const column: ImportColumn = {
    index: 0,
    name,
    kind,
    include: true,
    samples: [],
    ...(options.currencyCode ? { currencyCode: options.currencyCode } : {}),
    ...(options.precision !== undefined ? { precision: options.precision } : {}),
  };
  const { read } = readerFor(column, options.timeZone ?? DEFAULT_TIME_ZONE);
  const cells: (ImportCell | undefined)[] = [];
  const failed: number[] = [];
  const optionList: string[] = [];
  const seen = new Set<string>();
  let hasTime = false;
  values.forEach((raw, i) => {
    if (isEmptyCell(raw) || (Array.isArray(raw) && raw.length === 0)) {
      cells.push(undefined);
      return;
    }
    // A list (multi-select) read as one value is its text, except when it stays a list.
    const source = Array.isArray(raw) && kind !== 'multiSelect' ? raw.map(cellText).join(', ') : raw;
    const value = read(source);
    if (value === undefined || value === '') {
      cells.push(undefined);
      failed.push(i);
      return;
    }
    if (kind === 'singleSelect' || kind === 'multiSelect') {
      for (const option of typeof value === 'string' ? [value] : (value as string[])) {
        if (!seen.has(option)) {
          seen.add(option);
          optionList.push(option);
        }
      }
    }
    if (kind === 'date' && typeof value === 'number' && value % 86_400_000 !== 0) hasTime = true;
    cells.push(value);
  });
  return { field: fieldSpec({ ...column, hasTime }, optionList), cells, failed };
}

/** A few of the values that did not convert, for the preview's message. */
export function failedSamples(values: readonly unknown[], failed: readonly number[]): string[] {
  return failed.slice(0, FAILED_SAMPLE).map((i) => cellText(values[i]));
}
