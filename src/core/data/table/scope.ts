/**
 * A table record → the scope a template reads: field name → value. Link fields whose linked
 * table is at hand become child tables (lists of maps, one map per linked record); one level
 * deep only, so links inside linked records print as their display text.
 */
import { displayText, list, map, type OpenValue, type PlainValue, type ToPlainOptions, toPlain } from '../openValue';
import { type ConvertOptions, convertCell, isLinkField, linkedRecordIds } from './convert';
import type { DataLoadStatus } from './status';
import type { TableData, TableField, TableRecord } from './types';

export type LinkedTables = Readonly<Record<string, TableData>> | readonly TableData[];

function tableById(linkedTables: LinkedTables | undefined, id: string | undefined): TableData | undefined {
  if (!linkedTables || !id) return undefined;
  if (Array.isArray(linkedTables)) return (linkedTables as readonly TableData[]).find((table) => table.id === id);
  return (linkedTables as Readonly<Record<string, TableData>>)[id];
}

function linkedTableId(field: TableField, raw: unknown): string | undefined {
  if (typeof field.property?.tableId === 'string') return field.property.tableId;
  const first = Array.isArray(raw) ? raw[0] : raw;
  return typeof first === 'object' && first !== null && typeof (first as { tableId?: unknown }).tableId === 'string'
    ? (first as { tableId: string }).tableId
    : undefined;
}

/** Field name → open value, without expanding links. */
function flatValues(table: Pick<TableData, 'fields'>, record: TableRecord, options: ConvertOptions) {
  const values: Record<string, OpenValue | null> = Object.create(null);
  for (const field of table.fields) values[field.name] = convertCell(field, record.fields[field.id], options);
  return values;
}

export type ChildTableResult = { status: 'ok'; rows: OpenValue[] } | { status: DataLoadStatus; rows: [] };

export interface ChildTableOptions extends ConvertOptions {
  /** Child field names the template reads; any the linked table lacks → children_field_not_enabled. */
  requestedFields?: readonly string[];
  /** True when asked for from inside another child table. */
  nested?: boolean;
}

/** The linked records of one link field as rows (maps of field name → value), or why not. */
export function loadChildTable(
  table: Pick<TableData, 'fields'>,
  record: TableRecord,
  fieldRef: string,
  linkedTables: LinkedTables | undefined,
  options: ChildTableOptions = {},
): ChildTableResult {
  const field = table.fields.find((f) => f.id === fieldRef) ?? table.fields.find((f) => f.name === fieldRef);
  if (!field || !isLinkField(field)) return { status: 'no_link_field', rows: [] };
  if (options.nested) return { status: 'double_multi_link_nested', rows: [] };
  const raw = record.fields[field.id];
  const ids = linkedRecordIds(raw);
  if (ids.length === 0) return { status: 'empty', rows: [] };
  const linked = tableById(linkedTables, linkedTableId(field, raw));
  if (!linked) return { status: 'missed', rows: [] };
  if (options.requestedFields?.some((name) => !linked.fields.some((f) => f.name === name)))
    return { status: 'children_field_not_enabled', rows: [] };
  try {
    const rows: OpenValue[] = [];
    for (const id of ids) {
      const child = linked.records.find((r) => r.recordId === id);
      if (!child) return { status: 'missed', rows: [] };
      const fields = flatValues(linked, child, options);
      // A link prints as the grid shows it: each record by its primary (first) field.
      const primary = linked.fields.find((f) => f.isPrimary) ?? linked.fields[0];
      const shown = primary ? displayText(fields[primary.name]) : '';
      rows.push({ ...map(fields), ...(shown ? { displayText: shown } : {}) } as OpenValue);
    }
    return { status: 'ok', rows };
  } catch {
    return { status: 'error', rows: [] };
  }
}

/** Field name → open value; link fields with their linked table at hand become lists of maps. */
export function recordToOpenValues(
  table: Pick<TableData, 'fields'>,
  record: TableRecord,
  linkedTables?: LinkedTables,
  options: ConvertOptions = {},
): Record<string, OpenValue | null> {
  const values = flatValues(table, record, options);
  if (!linkedTables) return values;
  for (const field of table.fields) {
    if (!isLinkField(field)) continue;
    const child = loadChildTable(table, record, field.id, linkedTables, options);
    if (child.status === 'ok') values[field.name] = list(child.rows);
    else if (child.status === 'empty') values[field.name] = list([]);
  }
  return values;
}

export interface ScopeOptions extends ConvertOptions, ToPlainOptions {}

/** The plain JSON scope the renderer reads: field name → plain value (see ../CONTEXT.md). */
export function recordToScope(
  table: Pick<TableData, 'fields'>,
  record: TableRecord,
  linkedTables?: LinkedTables,
  options: ScopeOptions = {},
): Record<string, PlainValue> {
  const values = recordToOpenValues(table, record, linkedTables, options);
  const scope: Record<string, PlainValue> = Object.create(null);
  for (const [name, value] of Object.entries(values)) scope[name] = toPlain(value, options);
  return scope;
}
