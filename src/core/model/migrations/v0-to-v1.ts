/**
 * Version 0 is the unversioned content the spec describes (and older editors stored). It differs from
 * version 1 in ways real stored content shows:
 * - `document` (or the settings) may itself be a JSON string, or the root may be a bare document;
 * - ids may be missing on pages, rows, columns, blocks and table parts;
 * - pageSetting.sizeType may be 'standard'/'custom' (size then given by width/height), lower-case
 *   names, or an orientation in `pageOrientation` ('portrait'/'landscape');
 * - numbers stored as strings in settings, and text content stored as a plain string.
 * The step fills ids deterministically from the position so migrating twice gives the same result.
 */
import { PAGE_SIZES } from '../defaults';
import type { PageSizeType } from '../types';
import { isObject, type JsonObject } from './json';

export function migrateV0ToV1(content: JsonObject): JsonObject {
  let root: JsonObject = content;
  if (!('document' in root) && Array.isArray(root.pages)) root = { document: root };
  const out: JsonObject = { ...root };
  for (const key of ['document', 'pageSetting', 'settings', 'tagModePageSetting'] as const) {
    out[key] = decodeNested(out[key]);
  }
  if (isObject(out.document)) out.document = migrateDocument(out.document);
  if (isObject(out.pageSetting)) out.pageSetting = migratePageSetting(out.pageSetting);
  if (isObject(out.tagModePageSetting)) out.tagModePageSetting = migratePageSetting(out.tagModePageSetting);
  if (isObject(out.settings)) out.settings = migrateSettings(out.settings);
  out.schemaVersion = 1;
  return out;
}

/** Old editors double-encoded parts of the content; undecodable strings are left for the schema to reject. */
function decodeNested(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

function migratePageSetting(setting: JsonObject): JsonObject {
  const out: JsonObject = { ...setting };
  const width = toNumber(out.width);
  const height = toNumber(out.height);
  if (width !== undefined) out.width = width;
  if (height !== undefined) out.height = height;
  for (const key of ['paddingTop', 'paddingBottom', 'paddingLeft', 'paddingRight']) {
    const value = toNumber(out[key]);
    if (value !== undefined) out[key] = value;
  }
  if (typeof out.sizeType === 'string') out.sizeType = normaliseSizeType(out.sizeType, width, height);
  if (out.direction === undefined && typeof out.pageOrientation === 'string') {
    out.direction = out.pageOrientation === 'landscape' ? 'horizontal' : 'vertical';
  }
  delete out.pageOrientation;
  return out;
}

function normaliseSizeType(sizeType: string, width: number | undefined, height: number | undefined): string {
  const named = (Object.keys(PAGE_SIZES) as Array<keyof typeof PAGE_SIZES>).find(
    (name) => name.toLowerCase() === sizeType.toLowerCase(),
  );
  if (named) return named;
  if (sizeType.toLowerCase() === 'custom') return 'Custom';
  if (sizeType.toLowerCase() === 'standard') return sizeFromDimensions(width, height);
  return sizeType;
}

function sizeFromDimensions(width: number | undefined, height: number | undefined): PageSizeType {
  if (width === undefined || height === undefined) return 'A4';
  const [short, long] = width < height ? [width, height] : [height, width];
  for (const [name, size] of Object.entries(PAGE_SIZES)) {
    if (Math.abs(size.width - short) < 0.5 && Math.abs(size.height - long) < 0.5) return name as PageSizeType;
  }
  return 'Custom';
}

function migrateSettings(settings: JsonObject): JsonObject {
  const out: JsonObject = { ...settings };
  for (const key of ['fontSize', 'defaultLineHeight']) {
    const value = toNumber(out[key]);
    if (value !== undefined) out[key] = value;
  }
  if (typeof out.defaultMarginBottom === 'number') out.defaultMarginBottom = String(out.defaultMarginBottom);
  return out;
}

function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

function withId(value: JsonObject, id: string): JsonObject {
  // Always a copy: migrations never mutate their input.
  return typeof value.id === 'string' && value.id !== '' ? { ...value } : { ...value, id };
}

function mapObjects(value: unknown, map: (item: JsonObject, index: number) => JsonObject): unknown {
  return Array.isArray(value) ? value.map((item, index) => (isObject(item) ? map(item, index) : item)) : value;
}

function migrateDocument(document: JsonObject): JsonObject {
  return {
    ...document,
    pages: mapObjects(document.pages, (page, p) => {
      const pageId = `p${p}`;
      return {
        ...withId(page, pageId),
        rows: mapObjects(page.rows, (row, r) => {
          const rowId = `${pageId}r${r}`;
          return { ...withId(row, rowId), columns: migrateColumns(row.columns, rowId) };
        }),
      };
    }),
  };
}

function migrateColumns(columns: unknown, parentId: string): unknown {
  return mapObjects(columns, (column, c) => {
    const columnId = `${parentId}c${c}`;
    const out = withId(column, columnId);
    if (typeof out.width === 'string') out.width = Number.parseFloat(out.width);
    return { ...out, blocks: mapObjects(column.blocks, (block, b) => migrateBlock(block, `${columnId}b${b}`)) };
  });
}

function migrateBlock(block: JsonObject, blockId: string): JsonObject {
  const out = withId(block, blockId);
  if ('content' in out) out.content = textToRichText(out.content);
  if (out.type === 'row') return { ...out, columns: migrateColumns(out.columns, blockId) };
  if (out.type === 'table' && isObject(out.table)) return { ...out, table: migrateTable(out.table, blockId) };
  return out;
}

function migrateTable(table: JsonObject, blockId: string): JsonObject {
  return {
    ...table,
    columns: mapObjects(table.columns, (column, c) => withId(column, `${blockId}tc${c}`)),
    rows: mapObjects(table.rows, (row, r) => {
      const rowId = `${blockId}tr${r}`;
      return {
        ...withId(row, rowId),
        cells: mapObjects(row.cells, (cell, c) => {
          const out = withId(cell, `${rowId}c${c}`);
          if ('content' in out) out.content = textToRichText(out.content);
          return out;
        }),
      };
    }),
  };
}

function textToRichText(content: unknown): unknown {
  if (typeof content !== 'string') return content;
  return content.split('\n').map((line) => ({ type: 'paragraph', children: [{ text: line }] }));
}
