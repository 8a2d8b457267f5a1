/**
 * The states of spec 001 §4 for table data: how loading a child table (linked records) ended,
 * what a template's field reference resolved to, and why a field could not be printed.
 */
import type { OpenValue } from '../openValue';
import { CONVERTERS, type ConvertOptions, convertCell } from './convert';
import type { TableField, TableRecord } from './types';

/** How loading linked (child) records ended, when it did not simply succeed. */
const DATA_LOAD_STATUSES = [
  /** The linked table or some linked records are not available. */
  'missed',
  /** The link cell links no record. */
  'empty',
  /** The path asked for a child table, but the field is not a link field (or does not exist). */
  'no_link_field',
  /** A child table inside a child table: only one level of linked records is expanded. */
  'double_multi_link_nested',
  /** Converting the linked records failed. */
  'error',
  /** The template reads child fields the linked table does not provide (not enabled for it). */
  'children_field_not_enabled',
] as const;
export type DataLoadStatus = (typeof DATA_LOAD_STATUSES)[number];

const RESOLVED_FIELD_KINDS = ['value', 'field', 'ignore', 'loading', 'noData'] as const;
export type ResolvedFieldKind = (typeof RESOLVED_FIELD_KINDS)[number];

const FIELD_ERRORS = ['missing', 'notRecordData', 'unsupported', 'notValidConfig'] as const;
type FieldError = (typeof FIELD_ERRORS)[number];

/** A template's reference to a table field: by id (stable across renames) or by name. */
interface FieldRef {
  id?: string;
  name?: string;
}

type ResolvedField =
  /** The record's converted value. */
  | { kind: 'value'; field: TableField; value: OpenValue }
  /** No record to read (designer, board-view header): print the field itself, e.g. as `[Name]`. */
  | { kind: 'field'; field: TableField; error?: 'notRecordData' }
  /** Nothing to print and nothing to fix in the data: an error says why. */
  | { kind: 'ignore'; error: FieldError; field?: TableField }
  /** The table or record is still loading. */
  | { kind: 'loading' }
  /** The field exists but this record has no value in it. */
  | { kind: 'noData'; field: TableField };

export interface ResolveContext {
  fields: readonly TableField[] | undefined;
  /** undefined: no record selected; null: still loading. */
  record: TableRecord | null | undefined;
  loading?: boolean;
  options?: ConvertOptions;
}

export function findField(fields: readonly TableField[], ref: FieldRef): TableField | undefined {
  // Ids win: a template keeps working after the field is renamed.
  if (ref.id) {
    const byId = fields.find((field) => field.id === ref.id);
    if (byId) return byId;
  }
  return ref.name ? fields.find((field) => field.name === ref.name) : undefined;
}

export function resolveField(ref: FieldRef, context: ResolveContext): ResolvedField {
  if (!ref || (!ref.id && !ref.name)) return { kind: 'ignore', error: 'notValidConfig' };
  if (context.loading || context.fields === undefined || context.record === null) return { kind: 'loading' };
  const field = findField(context.fields, ref);
  if (!field) return { kind: 'ignore', error: 'missing' };
  if (field.type === 'denied' || !(field.type in CONVERTERS)) return { kind: 'ignore', error: 'unsupported', field };
  if (context.record === undefined) return { kind: 'field', field, error: 'notRecordData' };
  const value = convertCell(field, context.record.fields[field.id], context.options);
  return value === null ? { kind: 'noData', field } : { kind: 'value', field, value };
}
