/**
 * The editor's access to local data: the tab's storage connection, the bound table with its linked tables, and record scopes for the preview.
 */
import type { OpenValue } from '../../core/data/openValue';
import { recordToOpenValues } from '../../core/data/table/scope';
import type { Storage } from '../../storage/storage';
import { loadPrintInputs } from '../../storage/tableData';
import type { RecordRow, TableField, TableRow } from '../../storage/types';

import { openWorkspace } from '../workspace/bootstrap';

/** The tab's one storage connection, shared with the workspace screens (which install the demo). */
export function getStorage(): Promise<Storage> {
  return openWorkspace();
}

/** A field the template can print, with the path a variable uses. */
export interface FieldOption {
  path: string;
  label: string;
  type: string;
  group: string;
  /** For a link field: the linked table's fields are its children (relative names). */
  children?: FieldOption[];
}

export interface TableContext {
  table: TableRow | undefined;
  fields: FieldOption[];
  records: RecordRow[];
}

const LINK_TYPES = new Set(['singleLink', 'duplexLink']);

function fieldOptions(fields: readonly TableField[], group: string): FieldOption[] {
  return fields.map((field) => ({ path: field.name, label: field.name, type: field.type, group }));
}

/** The table a template is bound to, its printable fields (linked tables' fields nested) and a few records. */
export async function loadTableContext(tableId: string | undefined): Promise<TableContext> {
  if (!tableId) return { table: undefined, fields: [], records: [] };
  const db = await getStorage();
  const table = await db.tables.get(tableId);
  if (!table) return { table: undefined, fields: [], records: [] };
  const fields: FieldOption[] = [];
  for (const field of table.fields) {
    const option: FieldOption = { path: field.name, label: field.name, type: field.type, group: table.name };
    const linkedId = field.property?.tableId;
    if (LINK_TYPES.has(field.type) && typeof linkedId === 'string') {
      const linked = await db.tables.get(linkedId);
      if (linked)
        option.children = fieldOptions(
          linked.fields.filter((f) => !LINK_TYPES.has(f.type)),
          field.name,
        );
    }
    fields.push(option);
  }
  const records = await db.records.page(tableId, 0, 50);
  return { table, fields, records };
}

/** The scope a record prints with: open values (display text without filters, raw values for filters). */
export async function recordScope(tableId: string, recordId: string): Promise<Record<string, OpenValue | null>> {
  const db = await getStorage();
  const inputs = await loadPrintInputs(db, tableId, [recordId]);
  const record = inputs.table.records[0];
  if (!record) return {};
  return recordToOpenValues(inputs.table, record, inputs.linkedTables);
}

/** A record's primary field text, for pickers. */
export function recordLabel(table: TableRow | undefined, record: RecordRow): string {
  const primary = table?.fields.find((f) => f.isPrimary) ?? table?.fields[0];
  const value = primary ? record.values[primary.id] : undefined;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : record.id;
}
