/**
 * The editor's access to local data: what a template's binding brings, read through the one binding
 * service (`services/binding`) — the bound table with its linked tables' fields, an approval's
 * variables and instances, a host's table and its records — as the field panel's entries and the
 * live preview's choices.
 */

import { mapApproval } from '../../core/data/approval';
import type { ApprovalDefinitionRow, ApprovalInstanceRow, RecordRow, TableRow } from '../../storage/types';
import { type LoadedBinding, loadBinding } from '../services/binding';
import { type FieldOption, fieldOptions } from '../services/fieldTree';
import type { HostPreviewRecords } from '../services/hostRecords';
import type { OpenDocContext } from '../services/openSource';
import { getStorage } from '../services/storage';
import { type ApprovalFieldGroup, approvalFieldGroups } from './approvalFields';

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
  /** The binding as the binding service read it: the preview's choices and their print sources. */
  binding?: LoadedBinding;
}

/** Maps a definition with one instance (or none: every value is a placeholder, as the designer sees it). */
function approvalMapping(definition: ApprovalDefinitionRow, instance?: ApprovalInstanceRow) {
  return mapApproval(definition.design, instance?.instance, instance ? {} : { mode: 'preview' });
}

/** What the editor shows for a binding the binding service read. */
function tableContextOf(binding: LoadedBinding): TableContext {
  const none = { table: undefined, fields: [], records: [], binding };
  switch (binding.kind) {
    case 'table':
      return {
        table: binding.table,
        fields: fieldOptions(binding.fields, binding.table.name),
        records: binding.records,
        binding,
      };
    case 'approval': {
      // The first instance names the signers and nodes the signature groupings are keyed by.
      const groups = approvalFieldGroups(approvalMapping(binding.definition, binding.instances[0]));
      return { ...none, approval: { definition: binding.definition, instances: binding.instances, groups } };
    }
    case 'host':
      return {
        ...none,
        fields: fieldOptions(binding.fields, binding.name),
        ...(binding.host ? { host: binding.host } : {}),
      };
    case 'open':
      return { ...none, fields: binding.context.fields, open: binding.context };
    case 'none':
      return none;
  }
}

/** The table (or approval, or host's table) a template is bound to, its printable fields and its records. */
export async function loadTableContext(tableId: string | undefined): Promise<TableContext> {
  return tableContextOf(await loadBinding(await getStorage(), tableId));
}
