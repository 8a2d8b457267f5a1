/**
 * The data source form's edits (spec 001 §3.7): groups and shared specs each hold variables; a map
 * or list variable refers to a spec. Every edit returns a new data source; `checkDataSource` says
 * what would be refused on save, `checkSample` lists each way sample data misses the data source.
 */
import {
  dataSourceSchema,
  type OpenDataSource,
  parseDataSource,
  type Variable,
  type VariableFieldType,
} from '../../../core/data/dataSource';
import { instanceValues } from '../../../core/data/instanceValues';
import { isQuireError } from '../../../core/errors';

export type Issue = { path: string; reason: string };

/** Where a list of variables lives: a group's own, or a shared spec's. */
export type VariableList = { kind: 'group'; index: number } | { kind: 'spec'; index: number };

export const emptyDataSource = (): OpenDataSource => ({ groups: [{ name: 'Main', variables: [] }], dataSpecs: [] });

/** The stored data source of a document, or an empty one to start from. */
export function dataSourceOf(stored: unknown): OpenDataSource {
  const parsed = dataSourceSchema.safeParse(stored);
  return parsed.success ? parsed.data : emptyDataSource();
}

export function variablesOf(source: OpenDataSource, list: VariableList): Variable[] {
  return list.kind === 'group'
    ? (source.groups[list.index]?.variables ?? [])
    : (source.dataSpecs[list.index]?.variables ?? []);
}

function withVariables(source: OpenDataSource, list: VariableList, variables: Variable[]): OpenDataSource {
  if (list.kind === 'group')
    return { ...source, groups: source.groups.map((g, i) => (i === list.index ? { ...g, variables } : g)) };
  return { ...source, dataSpecs: source.dataSpecs.map((s, i) => (i === list.index ? { ...s, variables } : s)) };
}

/** A name not yet used in `taken`: `base`, `base2`, `base3`… */
function freshName(base: string, taken: readonly string[]): string {
  if (!taken.includes(base)) return base;
  for (let n = 2; ; n++) if (!taken.includes(`${base}${n}`)) return `${base}${n}`;
}

export function addVariable(source: OpenDataSource, list: VariableList): OpenDataSource {
  const current = variablesOf(source, list);
  const fieldName = freshName(
    'field',
    current.map((v) => v.fieldName),
  );
  return withVariables(source, list, [...current, { fieldName, fieldType: 'string' }]);
}

/**
 * Changes one variable. A new field type drops what no longer applies (a spec for a scalar, a
 * content format for a non-string) and a map or list gets the first spec, if any.
 */
export function updateVariable(
  source: OpenDataSource,
  list: VariableList,
  index: number,
  patch: Partial<Variable>,
): OpenDataSource {
  const variables = variablesOf(source, list).map((variable, i) => {
    if (i !== index) return variable;
    const next: Variable = { ...variable, ...patch };
    if (patch.fieldType !== undefined) return normalised(source, next);
    return next;
  });
  return withVariables(source, list, variables);
}

function normalised(source: OpenDataSource, variable: Variable): Variable {
  const nested: VariableFieldType[] = ['map', 'list'];
  const { specId, stringContentFormat, ...rest } = variable;
  const out: Variable = { ...rest };
  if (nested.includes(variable.fieldType)) {
    const spec = specId ?? source.dataSpecs[0]?.id;
    if (spec !== undefined) out.specId = spec;
  }
  if (variable.fieldType === 'string' && stringContentFormat !== undefined)
    out.stringContentFormat = stringContentFormat;
  return out;
}

export function removeVariable(source: OpenDataSource, list: VariableList, index: number): OpenDataSource {
  return withVariables(
    source,
    list,
    variablesOf(source, list).filter((_, i) => i !== index),
  );
}

export function addGroup(source: OpenDataSource): OpenDataSource {
  const name = freshName(
    'Group',
    source.groups.map((g) => g.name),
  );
  return { ...source, groups: [...source.groups, { name, variables: [] }] };
}

export function updateGroup(
  source: OpenDataSource,
  index: number,
  patch: { name?: string; description?: string },
): OpenDataSource {
  return { ...source, groups: source.groups.map((g, i) => (i === index ? { ...g, ...patch } : g)) };
}

export function removeGroup(source: OpenDataSource, index: number): OpenDataSource {
  return { ...source, groups: source.groups.filter((_, i) => i !== index) };
}

export function addSpec(source: OpenDataSource): OpenDataSource {
  const id = freshName(
    'spec',
    source.dataSpecs.map((s) => s.id),
  );
  return { ...source, dataSpecs: [...source.dataSpecs, { id, variables: [] }] };
}

/** Renames a spec and every reference to it, so no map or list is left pointing nowhere. */
export function renameSpec(source: OpenDataSource, index: number, id: string): OpenDataSource {
  const old = source.dataSpecs[index]?.id;
  const retarget = (variables: Variable[] | undefined) =>
    variables?.map((v) => (v.specId === old ? { ...v, specId: id } : v));
  return {
    groups: source.groups.map((g) => ({
      ...g,
      ...(g.variables ? { variables: retarget(g.variables) } : {}),
      ...(g.specId === old ? { specId: id } : {}),
    })),
    dataSpecs: source.dataSpecs.map((s, i) => ({
      id: i === index ? id : s.id,
      variables: retarget(s.variables) ?? [],
    })),
  };
}

/** Whether any group or variable refers to the spec (it cannot be removed then). */
export function specInUse(source: OpenDataSource, id: string): boolean {
  const refers = (variables: Variable[] | undefined) => variables?.some((v) => v.specId === id) ?? false;
  return (
    source.groups.some((g) => g.specId === id || refers(g.variables)) ||
    source.dataSpecs.some((s) => refers(s.variables))
  );
}

export function removeSpec(source: OpenDataSource, index: number): OpenDataSource {
  return { ...source, dataSpecs: source.dataSpecs.filter((_, i) => i !== index) };
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** What saving would refuse: the schema's own checks plus names a template could not address. */
export function checkDataSource(source: OpenDataSource): Issue[] {
  const issues: Issue[] = [];
  try {
    parseDataSource(source);
  } catch (error) {
    if (isQuireError(error, 'DataInvalid')) issues.push(...error.issues);
    else throw error;
  }
  const checkList = (variables: Variable[], path: string) => {
    const seen = new Set<string>();
    variables.forEach((variable, index) => {
      const at = `${path}[${index}]`;
      if (!IDENTIFIER.test(variable.fieldName))
        issues.push({ path: `${at}.fieldName`, reason: 'letters, digits and _ only, not starting with a digit' });
      if (seen.has(variable.fieldName)) issues.push({ path: `${at}.fieldName`, reason: 'used twice' });
      seen.add(variable.fieldName);
      if ((variable.fieldType === 'map' || variable.fieldType === 'list') && variable.specId === undefined)
        issues.push({ path: `${at}.specId`, reason: 'a map or list needs a shared spec' });
    });
  };
  const all: Variable[] = [];
  source.groups.forEach((group, index) => {
    checkList(group.variables ?? [], `groups[${index}].variables`);
    all.push(...(group.variables ?? []));
  });
  const names = new Set<string>();
  all.forEach((variable) => {
    if (names.has(variable.fieldName) && IDENTIFIER.test(variable.fieldName))
      issues.push({ path: variable.fieldName, reason: 'the same name is in two groups' });
    names.add(variable.fieldName);
  });
  const specIds = new Set<string>();
  source.dataSpecs.forEach((spec, index) => {
    if (specIds.has(spec.id)) issues.push({ path: `dataSpecs[${index}].id`, reason: 'used twice' });
    specIds.add(spec.id);
    checkList(spec.variables, `dataSpecs[${index}].variables`);
  });
  return issues;
}

/** Each way the sample data does not fit the data source (the same check an instance passes). */
export function checkSample(source: OpenDataSource, sample: unknown): Issue[] {
  try {
    instanceValues(parseDataSource(source), sample);
    return [];
  } catch (error) {
    if (isQuireError(error, 'DataInvalid')) return [...error.issues];
    throw error;
  }
}
