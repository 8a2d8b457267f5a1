/**
 * A team document's template (standalone `o/:teamId/docs/:docId/templates/:id`) is designed against
 * the document's data source (spec 001 §3.7), not a table of this device: its variables are the
 * fields an API caller sends. Pure, and shared by every editor a document's template opens in —
 * document mode (`editor/`), the canvas designer (`canvas/`) and the Office editor (`office/`) — so
 * the three offer the same variables and preview the same instance.
 *
 * Read once as a tree (`FieldNode`, `fieldTree.ts`: a map or a list holds its fields as children), the shape the
 * Office tag check and the canvas pickers walk. Document mode's field list flattens it: a map's
 * fields are dotted leaves (`customer.name`), since a map prints field by field; a list is a loop
 * root whose children are its items' fields (relative names, a nested map's fields dotted again),
 * as a table's linked records are.
 */
import {
  groupVariables,
  type OpenDataSource,
  parseDataSource,
  specVariables,
  type Variable,
  type VariableGroup,
} from '../../core/data/dataSource';
import { instanceValues } from '../../core/data/instanceValues';
import type { OpenValue } from '../../core/data/openValue';
import { sampleData } from '../../core/data/sampleData';
import type { PrintSource } from '../../core/print/sources';
import type { FieldNode, FieldOption } from './fieldTree';

/** What the platform hands an editor for a document's template (the document as the server has it). */
export interface OpenDocInput {
  docName: string;
  dataSource: unknown;
  /** The data tab's sample data (plain JSON or open values), if any. */
  sampleData?: unknown;
}

/** A titled group of the field panel: one per data-source group. */
export interface OpenFieldGroup {
  id: string;
  title: string;
  items: FieldOption[];
}

export interface OpenDocContext {
  docName: string;
  dataSource: OpenDataSource;
  /** Every variable as a tree, in the data source's order: what the Office tag check and canvas pickers walk. */
  nodes: FieldNode[];
  /** Every variable, flat: what loops, tables and field selects offer (lists carry their item fields). */
  fields: FieldOption[];
  groups: OpenFieldGroup[];
  /** The instance the preview prints: the sample data when it fits the data source, else generated. */
  values: Record<string, OpenValue | null>;
  /** Whether `values` are the data tab's sample data (false: generated from the data source). */
  fromSample: boolean;
}

/** Nested maps are expanded this many levels deep: enough for any sensible schema, finite for a cyclic one. */
const MAX_DEPTH = 4;

function labelOf(variable: Variable): string {
  return variable.label?.trim() || variable.fieldName;
}

function variableNode(source: OpenDataSource, variable: Variable, depth: number): FieldNode {
  const node: FieldNode = { name: variable.fieldName, label: labelOf(variable), type: variable.fieldType };
  const holds = variable.fieldType === 'map' || variable.fieldType === 'list';
  const nested =
    holds && variable.specId !== undefined && depth < MAX_DEPTH ? specVariables(source, variable.specId) : [];
  if (nested.length > 0) node.children = nested.map((child) => variableNode(source, child, depth + 1));
  return node;
}

function groupNodes(source: OpenDataSource, group: VariableGroup): FieldNode[] {
  return groupVariables(source, group).map((variable) => variableNode(source, variable, 1));
}

/** The data source's variables as trees, every group's in the data source's order. */
export function openFieldNodes(source: OpenDataSource): FieldNode[] {
  return source.groups.flatMap((group) => groupNodes(source, group));
}

/** The field-list entries one node contributes at `prefix` (a map's become dotted leaves). */
function flatOptions(node: FieldNode, group: string, prefix: { path: string; label: string }): FieldOption[] {
  const path = prefix.path ? `${prefix.path}.${node.name}` : node.name;
  const label = prefix.label ? `${prefix.label} · ${node.label}` : node.label;
  if (node.type === 'map' && node.children?.length)
    return node.children.flatMap((child) => flatOptions(child, group, { path, label }));
  const option: FieldOption = { path, label, type: node.type, group };
  if (node.type === 'list' && node.children?.length)
    option.children = node.children.flatMap((child) =>
      // A list inside an item is offered whole: loops do not nest in the field list.
      flatOptions(child, path, { path: '', label: '' }).map(({ children: _, ...field }) => field),
    );
  return [option];
}

/** The data source's variables as field-panel groups, in the data source's order. */
export function openFieldGroups(source: OpenDataSource): OpenFieldGroup[] {
  return source.groups.map((group, index) => {
    const title = group.name.trim() || group.description?.trim() || `#${index + 1}`;
    return {
      id: `group-${index}`,
      title,
      items: groupNodes(source, group).flatMap((node) => flatOptions(node, title, { path: '', label: '' })),
    };
  });
}

/** The preview's values: the sample data as an API caller would post it, else sample data generated. */
export function previewValues(
  source: OpenDataSource,
  sample: unknown,
): { values: Record<string, OpenValue | null>; fromSample: boolean } {
  if (sample !== undefined && sample !== null) {
    try {
      return { values: instanceValues(source, sample), fromSample: true };
    } catch {
      // Sample data that no longer fits the data source (edited since): the data tab lists why.
    }
  }
  return { values: sampleData(source, { purpose: 'preview' }), fromSample: false };
}

/** Reads the document's data source (DataInvalid naming the path when it is malformed). */
export function openDocContext(input: OpenDocInput): OpenDocContext {
  const dataSource = parseDataSource(input.dataSource ?? { groups: [] });
  const groups = openFieldGroups(dataSource);
  return {
    docName: input.docName,
    dataSource,
    nodes: openFieldNodes(dataSource),
    fields: groups.flatMap((group) => group.items),
    groups,
    ...previewValues(dataSource, input.sampleData),
  };
}

/** The preview's print source: the same kind the render API builds (`server/render/renderFile.ts`). */
export function openPrintSource(context: OpenDocContext): PrintSource {
  return { kind: 'open', dataSource: context.dataSource, values: context.values, docName: context.docName };
}
