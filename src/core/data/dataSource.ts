/**
 * Open data sources (spec 001 §3.7): a schema of groups of variables, with shared variable
 * specifications (dataSpecs) that map and list variables refer to by specId.
 */
import { z } from 'zod';
import { QuireError } from '../errors';
import { zodIssues } from '../issues';
import { htmlToText, sanitizeHtml } from './html/sanitize';
import { type OpenValue, openValueSchema, type PlainValue, type ToPlainOptions, toPlain } from './openValue';

export const VARIABLE_FIELD_TYPES = [
  'string',
  'number',
  'bool',
  'numberList',
  'datetime',
  'attachment',
  'attachments',
  'inline-image',
  'inline-images',
  'map',
  'list',
] as const;
export type VariableFieldType = (typeof VARIABLE_FIELD_TYPES)[number];

export const STRING_CONTENT_FORMATS = ['plain', 'html', 'markdown'] as const;
export type StringContentFormat = (typeof STRING_CONTENT_FORMATS)[number];

export const variableSchema = z.object({
  fieldName: z.string().min(1),
  label: z.string().optional(),
  fieldType: z.enum(VARIABLE_FIELD_TYPES),
  /** For map and list variables: the dataSpec describing the fields of the map / of each item. */
  specId: z.string().optional(),
  /** For string variables; plain when absent. */
  stringContentFormat: z.enum(STRING_CONTENT_FORMATS).optional(),
});
export type Variable = z.infer<typeof variableSchema>;

const dataSpecSchema = z.object({
  id: z.string().min(1),
  variables: z.array(variableSchema),
});
export type DataSpec = z.infer<typeof dataSpecSchema>;

const variableGroupSchema = z.object({
  name: z.string(),
  description: z.string().optional(),
  variables: z.array(variableSchema).optional(),
  specId: z.string().optional(),
});
export type VariableGroup = z.infer<typeof variableGroupSchema>;

export const dataSourceSchema = z.object({
  groups: z.array(variableGroupSchema),
  dataSpecs: z.array(dataSpecSchema).default([]),
});
export type OpenDataSource = z.infer<typeof dataSourceSchema>;

/** Validates untrusted data-source JSON; failures name the path (DataInvalid). */
export function parseDataSource(input: unknown): OpenDataSource {
  const result = dataSourceSchema.safeParse(input);
  if (!result.success) {
    throw new QuireError('DataInvalid', {
      issues: zodIssues(result.error),
    });
  }
  const source = result.data;
  const known = new Set(source.dataSpecs.map((spec) => spec.id));
  const issues: { path: string; reason: string }[] = [];
  const checkVariables = (variables: Variable[], path: string) => {
    for (const [index, variable] of variables.entries()) {
      if (variable.specId !== undefined && !known.has(variable.specId))
        issues.push({ path: `${path}[${index}].specId`, reason: `unknown spec '${variable.specId}'` });
    }
  };
  for (const [index, group] of source.groups.entries()) {
    if (group.specId !== undefined && !known.has(group.specId))
      issues.push({ path: `groups[${index}].specId`, reason: `unknown spec '${group.specId}'` });
    checkVariables(group.variables ?? [], `groups[${index}].variables`);
  }
  for (const [index, spec] of source.dataSpecs.entries())
    checkVariables(spec.variables, `dataSpecs[${index}].variables`);
  if (issues.length > 0) throw new QuireError('DataInvalid', { issues });
  return source;
}

/** The variables of a group, whether listed inline or through its specId. */
export function groupVariables(source: OpenDataSource, group: VariableGroup): Variable[] {
  if (group.variables) return group.variables;
  if (group.specId === undefined) return [];
  return specVariables(source, group.specId);
}

export function specVariables(source: OpenDataSource, specId: string): Variable[] {
  return source.dataSpecs.find((spec) => spec.id === specId)?.variables ?? [];
}

/** The kind of open value a variable of this field type holds. */
export function openKindOf(fieldType: VariableFieldType): OpenValue['type'] {
  switch (fieldType) {
    case 'string':
      return 'string';
    case 'number':
      return 'number';
    case 'bool':
      return 'bool';
    case 'numberList':
      return 'numberList';
    case 'datetime':
      return 'datetime';
    case 'attachment':
    case 'attachments':
    case 'inline-image':
    case 'inline-images':
      return 'attachments';
    case 'map':
      return 'map';
    case 'list':
      return 'list';
  }
}

/**
 * The text of a string variable made safe for printing: HTML is sanitised, markdown and plain
 * text are kept as text (they are never interpreted as markup downstream).
 */
export function safeStringContent(value: string, format: StringContentFormat | undefined): string {
  return format === 'html' ? sanitizeHtml(value) : value;
}

/** Plain text of a string variable, whatever its content format. */
export function stringContentText(value: string, format: StringContentFormat | undefined): string {
  return format === 'html' ? htmlToText(value) : value;
}

/**
 * Sanitises every html string of a value tree according to the data-source schema, so html
 * never reaches a renderer unsanitised. Values without a matching variable pass unchanged.
 */
export function sanitizeValues(
  source: OpenDataSource,
  variables: Variable[],
  values: Record<string, OpenValue | null>,
): Record<string, OpenValue | null> {
  const out: Record<string, OpenValue | null> = {};
  for (const [key, value] of Object.entries(values)) {
    const variable = variables.find((v) => v.fieldName === key);
    out[key] = variable && value ? sanitizeValue(source, variable, value) : value;
  }
  return out;
}

function sanitizeValue(source: OpenDataSource, variable: Variable, value: OpenValue): OpenValue {
  if ((value.type === 'string' || value.type === 'text') && variable.stringContentFormat === 'html')
    return { type: value.type, value: sanitizeHtml(value.value) };
  if (value.type === 'map' && variable.specId !== undefined)
    return { type: 'map', fields: sanitizeValues(source, specVariables(source, variable.specId), value.fields) };
  if (value.type === 'list' && variable.specId !== undefined) {
    const itemVariables = specVariables(source, variable.specId);
    return {
      type: 'list',
      items: value.items.map((item) =>
        item.type === 'map' ? { type: 'map', fields: sanitizeValues(source, itemVariables, item.fields) } : item,
      ),
    };
  }
  return value;
}

function kindMatches(variable: Variable, value: OpenValue): boolean {
  const expected = openKindOf(variable.fieldType);
  return value.type === expected || (expected === 'string' && value.type === 'text');
}

/**
 * Validates the values of an open document against its data source: each variable's value must
 * be an open value of the variable's kind (or null); map and list contents are checked against
 * their specs; html strings come back sanitised. Keys the schema does not know are dropped.
 */
export function parseOpenValues(source: OpenDataSource, input: unknown): Record<string, OpenValue | null> {
  const issues: { path: string; reason: string }[] = [];
  const variables = source.groups.flatMap((group) => groupVariables(source, group));
  const checkFields = (
    vars: Variable[],
    raw: unknown,
    path: string,
    depth: number,
  ): Record<string, OpenValue | null> => {
    const out: Record<string, OpenValue | null> = {};
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      issues.push({ path: path || '(root)', reason: 'expected an object of values' });
      return out;
    }
    for (const variable of vars) {
      const rawValue = (raw as Record<string, unknown>)[variable.fieldName];
      const at = path ? `${path}.${variable.fieldName}` : variable.fieldName;
      if (rawValue === undefined || rawValue === null) {
        out[variable.fieldName] = null;
        continue;
      }
      const parsed = openValueSchema.safeParse(rawValue);
      if (!parsed.success) {
        issues.push({ path: at, reason: parsed.error.issues[0]?.message ?? 'not an open value' });
        continue;
      }
      const value = parsed.data;
      if (!kindMatches(variable, value)) {
        issues.push({ path: at, reason: `expected ${openKindOf(variable.fieldType)}, got ${value.type}` });
        continue;
      }
      // Nested specs are checked a few levels deep; a self-referencing spec must not recurse forever.
      if (variable.specId !== undefined && depth < 16) {
        const nested = specVariables(source, variable.specId);
        if (value.type === 'map') {
          out[variable.fieldName] = { type: 'map', fields: checkFields(nested, value.fields, at, depth + 1) };
          continue;
        }
        if (value.type === 'list') {
          const items = value.items.map((item, index) =>
            item.type === 'map'
              ? ({ type: 'map', fields: checkFields(nested, item.fields, `${at}[${index}]`, depth + 1) } as OpenValue)
              : item,
          );
          out[variable.fieldName] = { type: 'list', items };
          continue;
        }
      }
      out[variable.fieldName] = value;
    }
    return out;
  };
  const values = checkFields(variables, input, '', 0);
  if (issues.length > 0) throw new QuireError('DataInvalid', { issues });
  return sanitizeValues(source, variables, values);
}

/** Validated, sanitised values of an open document as the plain scope templates read. */
export function dataSourceScope(
  source: OpenDataSource,
  input: unknown,
  options: ToPlainOptions = {},
): Record<string, PlainValue> {
  const scope: Record<string, PlainValue> = Object.create(null);
  for (const [key, value] of Object.entries(parseOpenValues(source, input))) scope[key] = toPlain(value, options);
  return scope;
}
