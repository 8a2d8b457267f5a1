/**
 * The binding service (issue 25 item 4): for a template's binding (`core/binding`), its field tree,
 * its record choices and the print source of a choice — what the editor's live preview, the preview
 * screen, the canvas designer and the Office editor print from.
 *
 * What a template prints from: the bound table's fields (linked tables' fields
 * nested) or the approval's variables, and the records or instances to choose from, read from local
 * storage; a host's table, its fields as last read through the bridge and its records from the
 * host (`services/hostRecords`, while the host's editor screen provides them); or, for a team
 * document's template, the document's data source and its preview instance (`services/openSource`,
 * the same document mode designs on). One field tree (`FieldNode`), one record label, one list of
 * choices and one print source per choice, whatever the binding.
 */

import { parseBinding } from '../../core/binding';
import { mapApproval } from '../../core/data/approval';
import type { PrintSource } from '../../core/print/sources';
import type { Storage } from '../../storage';
import type { ApprovalDefinitionRow, ApprovalInstanceRow, RecordRow, TableRow } from '../../storage/types';
import { instanceLabel, instanceSearchText } from './approvalInstances';
import type { FieldNode } from './fieldTree';
import { type HostPreviewRecords, loadHostPreviewRecords } from './hostRecords';
import { type HostTableSnapshot, loadHostTableSnapshot } from './hostTables';
import { type OpenDocContext, type OpenDocInput, openDocContext, openPrintSource } from './openSource';
import { approvalSource, EMPTY_SOURCE, tableRecordSource } from './printing';

const LINK_TYPES = new Set(['singleLink', 'duplexLink']);
/** Records offered in the preview's picker. */
const PICKER_LIMIT = 200;

/** A binding with what was read for it: fields, and the records or instances to choose from. */
export type LoadedBinding =
  | { kind: 'table'; table: TableRow; fields: FieldNode[]; records: RecordRow[] }
  | { kind: 'approval'; definition: ApprovalDefinitionRow; fields: FieldNode[]; instances: ApprovalInstanceRow[] }
  | { kind: 'open'; context: OpenDocContext; fields: FieldNode[] }
  /**
   * A host's table: no local row; its fields as last read through the bridge, its records (with
   * their labels and print sources) from the host while its editor screen provides them.
   */
  | { kind: 'host'; tableId: string; name: string; fields: FieldNode[]; host: HostPreviewRecords | undefined }
  | { kind: 'none'; fields: FieldNode[] };

/** The one instance a document's template previews: the data tab's sample data (or data generated). */
export const OPEN_SAMPLE = 'sample';

/** The picker's first choice: the first record or instance; a document's sample instance. */
export function defaultChoice(binding: LoadedBinding): string | undefined {
  if (binding.kind === 'table') return binding.records[0]?.id;
  if (binding.kind === 'approval') return binding.instances[0]?.code;
  if (binding.kind === 'open') return OPEN_SAMPLE;
  if (binding.kind === 'host') return binding.host?.selectedId ?? binding.host?.records[0]?.id;
  return undefined;
}

/** A team document's template prints the document's variables, whatever workspace table it sits beside. */
export function openBinding(doc: OpenDocInput): LoadedBinding {
  const context = openDocContext(doc);
  return { kind: 'open', context, fields: context.nodes };
}

async function tableFields(storage: Storage, table: TableRow): Promise<FieldNode[]> {
  const out: FieldNode[] = [];
  for (const field of table.fields) {
    const node: FieldNode = { name: field.name, label: field.name, type: field.type };
    const linkedId = field.property?.tableId;
    if (LINK_TYPES.has(field.type) && typeof linkedId === 'string') {
      const linked = await storage.tables.get(linkedId);
      if (linked) node.children = linked.fields.map((f) => ({ name: f.name, label: f.name, type: f.type }));
    }
    out.push(node);
  }
  return out;
}

/** Form and system variables; a list of rows holds its row fields; signature groupings take any key. */
export function approvalFields(definition: ApprovalDefinitionRow, instance?: ApprovalInstanceRow): FieldNode[] {
  const mapping = mapApproval(definition.design, instance?.instance, instance ? {} : { mode: 'preview' });
  const out: FieldNode[] = [];
  for (const variable of [...mapping.form, ...mapping.system]) {
    const node: FieldNode = { name: variable.fieldName, label: variable.label, type: variable.fieldType };
    const row = variable.value.type === 'list' ? variable.value.items[0] : undefined;
    if (row?.type === 'map')
      node.children = Object.keys(row.fields).map((key) => ({
        name: key,
        label: key,
        type: row.fields[key]?.type ?? 'string',
      }));
    out.push(node);
  }
  for (const grouping of ['signatureByPerson', 'signatureByNode', 'signatureListByPerson', 'signatureListByNode'])
    out.push({ name: grouping, label: grouping, type: 'signature', open: true });
  return out;
}

/** A host's table as last read through the bridge, as the one field tree: link fields hold the linked table's fields. */
function hostFields(snapshot: HostTableSnapshot | null): FieldNode[] {
  return (snapshot?.fields ?? []).map((field) => {
    const node: FieldNode = { name: field.name, label: field.name, type: field.type };
    const linkedId = field.property?.tableId;
    const linked = typeof linkedId === 'string' ? snapshot?.linked?.[linkedId] : undefined;
    if (LINK_TYPES.has(field.type) && linked)
      node.children = linked.fields.map((f) => ({ name: f.name, label: f.name, type: f.type }));
    return node;
  });
}

/** A host's table: its fields as last read (the snapshot) and its records while a host provides them. */
async function loadHostBinding(storage: Storage, tableId: string): Promise<LoadedBinding | undefined> {
  const [snapshot, host] = await Promise.all([
    loadHostTableSnapshot(tableId, storage),
    loadHostPreviewRecords(tableId),
  ]);
  if (!snapshot && !host) return undefined;
  return { kind: 'host', tableId, name: snapshot?.name ?? '', fields: hostFields(snapshot), host };
}

/**
 * A stored binding read: a table's fields and first records, an approval's variables and
 * instances, or — no table or approval by that id on this device — a host's table.
 */
export async function loadBinding(storage: Storage, stored: string | undefined): Promise<LoadedBinding> {
  const binding = parseBinding(stored);
  if (binding.kind === 'none') return { kind: 'none', fields: [] };
  const tableId = binding.kind === 'table' ? binding.tableId : undefined;
  const table = tableId ? await storage.tables.get(tableId) : undefined;
  if (table && tableId)
    return {
      kind: 'table',
      table,
      fields: await tableFields(storage, table),
      records: await storage.records.page(tableId, 0, PICKER_LIMIT),
    };
  // An approval by its prefixed code, or the bare code older templates stored.
  const definition = await storage.approvals.getDefinition(
    binding.kind === 'approval' ? binding.code : (tableId ?? ''),
  );
  if (!definition) return (tableId && (await loadHostBinding(storage, tableId))) || { kind: 'none', fields: [] };
  const instances = await storage.approvals.listInstances(definition.code);
  return { kind: 'approval', definition, fields: approvalFields(definition, instances[0]), instances };
}

/** A table's fields as a label needs them: which is primary, by id (a local or a host table). */
type LabelTable = { fields: ReadonlyArray<{ id: string; isPrimary?: boolean | undefined }> };
/** A record as a label needs it: a local row (`id`, `values`) or a host's (`recordId`, `fields`). */
type LabelRecord = Pick<RecordRow, 'id' | 'values'> | { recordId: string; fields: Record<string, unknown> };

/**
 * The one record label: a record's primary field as text — a list's texts joined (option names
 * with commas, a text cell's segments run together) — else its id. Local and host records alike.
 */
export function recordLabel(table: LabelTable | undefined, record: LabelRecord): string {
  const [id, values] = 'recordId' in record ? [record.recordId, record.fields] : [record.id, record.values];
  const field = table?.fields.find((f) => f.isPrimary) ?? table?.fields[0];
  const value = field ? values[field.id] : undefined;
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.length > 0) {
    if (value.every((item) => typeof item === 'string')) return value.join(', ');
    const segments = value.flatMap((item) =>
      item && typeof item === 'object' && typeof (item as { text?: unknown }).text === 'string'
        ? [(item as { text: string }).text]
        : [],
    );
    if (segments.length > 0) return segments.join('');
  }
  return id;
}

/** One entry of a binding's record picker. */
export interface BindingChoice {
  value: string;
  label: string;
  /** What a search in the picker reads when it is more than the label (an instance's day). */
  search?: string;
}

/**
 * The records or instances a binding's picker offers, labelled one way everywhere; a document's
 * template offers its one sample instance, labelled by the screen (`sampleLabel`).
 */
export function bindingChoices(binding: LoadedBinding | undefined, sampleLabel = ''): BindingChoice[] {
  switch (binding?.kind) {
    case 'table':
      return binding.records.map((r) => ({ value: r.id, label: recordLabel(binding.table, r) }));
    case 'approval':
      return binding.instances.map((i) => ({ value: i.code, label: instanceLabel(i), search: instanceSearchText(i) }));
    case 'host':
      return (binding.host?.records ?? []).map((r) => ({ value: r.id, label: r.label }));
    case 'open':
      return [{ value: OPEN_SAMPLE, label: sampleLabel }];
    default:
      return [];
  }
}

/** The print source of one choice: a record id, an instance code, or none (placeholders). */
export async function bindingSource(
  storage: Storage,
  binding: LoadedBinding,
  choice: string | undefined,
): Promise<PrintSource> {
  if (binding.kind === 'table' && choice) return tableRecordSource(storage, binding.table.id, choice);
  if (binding.kind === 'approval') return approvalSource(storage, binding.definition.code, choice || undefined);
  if (binding.kind === 'open' && choice) return openPrintSource(binding.context);
  if (binding.kind === 'host' && choice && binding.host) return binding.host.source(choice);
  return EMPTY_SOURCE;
}
