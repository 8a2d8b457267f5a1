import type { TableFieldProperty, TableFieldType } from '../data/table/types';

/** The field kinds an import can infer; each maps onto one of the 28 table field types. */
export const IMPORT_FIELD_KINDS = [
  'text',
  'number',
  'currency',
  'percent',
  'date',
  'checkbox',
  'singleSelect',
  'multiSelect',
  'url',
  'email',
  'phone',
  'attachment',
] as const;

export type ImportFieldKind = (typeof IMPORT_FIELD_KINDS)[number];

/**
 * A grid of cells as read from a file, before any typing. Cells are what the reader produced: text
 * from CSV; numbers, booleans and Dates from a spreadsheet; any JSON value from a JSON file.
 */
export interface RawSheet {
  header: string[];
  rows: unknown[][];
  /** The file's own row number of each entry in `rows` (1-based, as a spreadsheet shows it). */
  rowNumbers: number[];
}

/** One column as the user reviews it before importing; everything here is editable. */
export interface ImportColumn {
  /** Position in the sheet. */
  index: number;
  name: string;
  kind: ImportFieldKind;
  /** False to leave the column out. */
  include: boolean;
  /** currency: ISO code */
  currencyCode?: string;
  /** number/currency/percent: digits after the point seen in the data */
  precision?: number;
  /** date: whether any value had a time of day */
  hasTime?: boolean;
  /** A few non-empty values, for the review screen. */
  samples: string[];
}

/** The target field of a column: a table field type plus its settings. */
export interface ImportFieldSpec {
  name: string;
  type: TableFieldType;
  property?: TableFieldProperty;
}

/** Imported cell values, in the shapes the local tables store (see storage/types.ts CellValue). */
export type ImportCell =
  | string
  | number
  | boolean
  | string[]
  | { text: string; link: string }
  | { name: string; url: string; type: string }[];

export interface ConvertedImport {
  /** One per included column, in column order. */
  fields: ImportFieldSpec[];
  /** Per row: field position (in `fields`) → value; empty cells are left out. */
  rows: ImportCell[][];
  /**
   * Per row (same order as `rows`), the file's own text of each cell whose typed value does not
   * print back as that text ("$1,234.50" → 1234.5, "05/03/2024" → epoch): kept beside the value so
   * changing the field to text later restores exactly what the file said. Undefined for a row whose
   * cells all print back as they were.
   */
  sourceTexts: ((string | undefined)[] | undefined)[];
  /** Rows skipped because every included cell was empty. */
  skippedEmptyRows: number;
}

export interface ImportOptions {
  /** Wall-clock dates and times are read in this zone (default: the format layer's default). */
  timeZone?: string;
}
