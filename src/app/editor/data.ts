/**
 * The editor's access to local data: the tab's storage connection, the bound table with its linked tables, and record scopes for the preview.
 */
import { approvalScope, mapApproval } from '../../core/data/approval';
import type { OpenValue, PlainValue } from '../../core/data/openValue';
import { recordToOpenValues } from '../../core/data/table/scope';
import type { Storage } from '../../storage/storage';
import { loadPrintInputs } from '../../storage/tableData';
import type { ApprovalDefinitionRow, ApprovalInstanceRow, RecordRow, TableField, TableRow } from '../../storage/types';
import { openWorkspace } from '../workspace/bootstrap';
import { type ApprovalFieldGroup, approvalFieldGroups } from './approvalFields';

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

/** A template bound to an approval definition prints its form, system and signature variables. */
export interface ApprovalContext {
  definition: ApprovalDefinitionRow;
  instances: ApprovalInstanceRow[];
  groups: ApprovalFieldGroup[];
}

export interface TableContext {
  table: TableRow | undefined;
  fields: FieldOption[];
  records: RecordRow[];
  approval?: ApprovalContext;
}

/** A template's binding names a table, or an approval definition by its code (`approval:CODE` or the bare code). */
export function approvalCodeOf(binding: string): string {
  return binding.startsWith('approval:') ? binding.slice('approval:'.length) : binding;
}

/** The binding a template made for an approval definition stores. */
export const approvalBinding = (code: string) => `approval:${code}`;

/** Bindings that name this approval: the prefixed form, and the bare code older templates used. */
export const approvalBindings = (code: string) => [approvalBinding(code), code];

/** What a template can be bound to on this device: its tables and its approval definitions. */
export interface BindingTargets {
  tables: Array<{ id: string; name: string; base: string }>;
  approvals: Array<{ code: string; name: string; instances: number }>;
}

export async function loadBindingTargets(): Promise<BindingTargets> {
  const db = await getStorage();
  const tables: BindingTargets['tables'] = [];
  for (const base of await db.bases.list())
    for (const table of await db.tables.listByBase(base.id))
      tables.push({ id: table.id, name: table.name, base: base.name });
  const approvals = await Promise.all(
    (await db.approvals.listDefinitions()).map(async (d) => ({
      code: d.code,
      name: d.name,
      instances: await db.approvals.countInstances(d.code),
    })),
  );
  return { tables, approvals };
}

/** The approval's templates, newest edit first (both binding forms). */
export async function approvalTemplates(code: string) {
  const db = await getStorage();
  const lists = await Promise.all(approvalBindings(code).map((tableId) => db.templates.list({ tableId })));
  return lists.flat().sort((a, b) => b.updatedAt - a.updatedAt);
}

/** Maps a definition with one instance (or none: every value is a placeholder, as the designer sees it). */
export function approvalMapping(definition: ApprovalDefinitionRow, instance?: ApprovalInstanceRow) {
  return mapApproval(definition.design, instance?.instance, instance ? {} : { mode: 'preview' });
}

async function loadApprovalContext(binding: string): Promise<ApprovalContext | undefined> {
  const db = await getStorage();
  const definition = await db.approvals.getDefinition(approvalCodeOf(binding));
  if (!definition) return undefined;
  const instances = await db.approvals.listInstances(definition.code);
  // The first instance names the signers and nodes the signature groupings are keyed by.
  const groups = approvalFieldGroups(approvalMapping(definition, instances[0]));
  return { definition, instances, groups };
}

/** The plain scope an approval instance prints with. */
export function approvalInstanceScope(
  approval: ApprovalContext,
  instanceCode: string | undefined,
): Record<string, PlainValue> {
  const instance = approval.instances.find((i) => i.code === instanceCode);
  return approvalScope(approvalMapping(approval.definition, instance));
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
  if (!table) {
    const approval = await loadApprovalContext(tableId);
    return { table: undefined, fields: [], records: [], ...(approval ? { approval } : {}) };
  }
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
