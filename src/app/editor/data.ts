/**
 * The editor's access to local data: the tab's storage connection, the bound table with its linked tables, and record scopes for the preview.
 */

import { approvalCodeOf } from '../../core/binding';
import { mapApproval } from '../../core/data/approval';
import type { ApprovalDefinitionRow, ApprovalInstanceRow, RecordRow, TableRow } from '../../storage/types';
import { type HostPreviewRecords, loadHostPreviewRecords } from '../services/hostRecords';
import { loadHostTableSnapshot } from '../services/hostTables';
import type { OpenDocContext } from '../services/openSource';
import { getStorage } from '../services/storage';
import { type ApprovalFieldGroup, approvalFieldGroups } from './approvalFields';

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
interface ApprovalContext {
  definition: ApprovalDefinitionRow;
  instances: ApprovalInstanceRow[];
  groups: ApprovalFieldGroup[];
}

export interface TableContext {
  table: TableRow | undefined;
  fields: FieldOption[];
  records: RecordRow[];
  approval?: ApprovalContext;
  /** A host's table: its records come through the bridge (the host's editor screen provides them). */
  host?: HostPreviewRecords;
  /** A team document's template: its data source's variables and the instance the preview prints. */
  open?: OpenDocContext;
}

/** Maps a definition with one instance (or none: every value is a placeholder, as the designer sees it). */
function approvalMapping(definition: ApprovalDefinitionRow, instance?: ApprovalInstanceRow) {
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

/** The print source of an approval instance (none: the designer's placeholders). */

const LINK_TYPES = new Set(['singleLink', 'duplexLink']);

function fieldOptions(fields: ReadonlyArray<{ name: string; type: string }>, group: string): FieldOption[] {
  return fields.map((field) => ({ path: field.name, label: field.name, type: field.type, group }));
}

/** The table a template is bound to, its printable fields (linked tables' fields nested) and a few records. */
export async function loadTableContext(tableId: string | undefined): Promise<TableContext> {
  if (!tableId) return { table: undefined, fields: [], records: [] };
  const db = await getStorage();
  const table = await db.tables.get(tableId);
  if (!table) {
    const approval = await loadApprovalContext(tableId);
    if (approval) return { table: undefined, fields: [], records: [], approval };
    // A host's table (base host): its fields as last read through the bridge.
    const [host, hostRecords] = await Promise.all([loadHostTableSnapshot(tableId), loadHostPreviewRecords(tableId)]);
    return {
      table: undefined,
      fields: host ? fieldOptions(host.fields, host.name) : [],
      records: [],
      ...(hostRecords ? { host: hostRecords } : {}),
    };
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

/** The one record label (services/binding), for pickers. */
