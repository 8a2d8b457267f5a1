/**
 * A team document's template (standalone `o/:teamId/docs/:docId/templates/:id`) is designed against
 * the document's data source (spec 001 §3.7), not a table of this device: its variables are the
 * fields an API caller sends. Pure: the editor and its tests share it.
 *
 * In the editor's field list a map's fields are dotted leaves (`customer.name`), since a map prints
 * field by field; a list is a loop root whose children are its items' fields (relative names, a
 * nested map's fields dotted again), as a table's linked records are.
 */
import {
  groupVariables,
  type OpenDataSource,
  parseDataSource,
  specVariables,
  type Variable,
} from '../../core/data/dataSource';
import { instanceValues } from '../../core/data/instanceValues';
import type { OpenValue } from '../../core/data/openValue';
import { sampleData } from '../../core/data/sampleData';
import type { PrintSource } from '../../core/print/sources';
import type { FieldOption } from './data';

/** What the platform hands the editor for a document's template (the document as the server has it). */
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

/** The fields one variable contributes at `prefix` (a map's become dotted leaves). */
function variableFields(
  source: OpenDataSource,
  variable: Variable,
  group: string,
  prefix: { path: string; label: string },
  depth: number,
): FieldOption[] {
  const path = prefix.path ? `${prefix.path}.${variable.fieldName}` : variable.fieldName;
  const label = prefix.label ? `${prefix.label} · ${labelOf(variable)}` : labelOf(variable);
  const nested = variable.specId !== undefined && depth < MAX_DEPTH ? specVariables(source, variable.specId) : [];
  if (variable.fieldType === 'map' && nested.length > 0)
    return nested.flatMap((child) => variableFields(source, child, group, { path, label }, depth + 1));
  const option: FieldOption = { path, label, type: variable.fieldType, group };
  if (variable.fieldType === 'list' && nested.length > 0)
    option.children = nested.flatMap((child) =>
      // A list inside an item is offered whole: loops do not nest in the field list.
      variableFields(source, child, path, { path: '', label: '' }, depth + 1).map(({ children: _, ...field }) => field),
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
      items: groupVariables(source, group).flatMap((variable) =>
        variableFields(source, variable, title, { path: '', label: '' }, 1),
      ),
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
    fields: groups.flatMap((group) => group.items),
    groups,
    ...previewValues(dataSource, input.sampleData),
  };
}

/** The preview's print source: the same kind the render API builds (`server/render/renderFile.ts`). */
export function openPrintSource(context: OpenDocContext): PrintSource {
  return { kind: 'open', dataSource: context.dataSource, values: context.values, docName: context.docName };
}
