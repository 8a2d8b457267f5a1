/** The attachment fields a template may print, and the pure edits of its chosen list. */
import type { TableField } from '../../core/data/table/types';

export interface FieldChoice {
  id: string;
  name: string;
}

/** Table field types whose values are files. */
const FILE_TYPES = new Set<string>(['attachment', 'attachmentImage']);

export function attachmentFieldsOf(fields: readonly TableField[]): FieldChoice[] {
  return fields.filter((field) => FILE_TYPES.has(field.type)).map((field) => ({ id: field.id, name: field.name }));
}

/** Adds the field at the end, or removes it. */
export function toggleField(chosen: readonly string[], id: string): string[] {
  return chosen.includes(id) ? chosen.filter((f) => f !== id) : [...chosen, id];
}

/** Moves the field at `index` one place up (-1) or down (1); out of range leaves the list. */
export function moveField(chosen: readonly string[], index: number, step: -1 | 1): string[] {
  const target = index + step;
  if (index < 0 || index >= chosen.length || target < 0 || target >= chosen.length) return [...chosen];
  const next = [...chosen];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}
