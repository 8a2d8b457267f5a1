/**
 * What a canvas field can be bound to, picked from a list instead of typed: the table's fields
 * (linked tables' fields nested) or the approval's form and system variables, and for signature
 * fields the approval's signatures by node or person. Pure: the picker and its tests share it.
 */
import { type CanvasField, CODE_TYPE_SET, withColumns } from './content';

/** A field of the bound table or approval (office/sources.ts `FieldNode`). */
export interface BindableField {
  name: string;
  label: string;
  type: string;
  children?: BindableField[];
  open?: boolean;
}

export interface BindOption {
  /** Unique among the options (the select's value). */
  id: string;
  label: string;
  /** The field's new content (a tag), or text to append for text fields. */
  tag: string;
  /** Tables: one column per field of the list's rows. */
  columns?: { head: string; cell: string }[];
}

/** A tag's path part: dots inside a name are escaped as the tag language wants. */
const part = (name: string) => name.replace(/\./g, '\\.');
const tagOf = (...names: string[]) => `{${names.map(part).join('.')}}`;

const IMAGE_TYPES = new Set(['attachment', 'image', 'signature']);
const SIGNATURE_GROUPS = ['signatureByNode', 'signatureByPerson'] as const;

/** Binding choices for a field of `type`, from the table's or approval's fields. */
export function bindOptions(
  type: CanvasField['type'],
  fields: readonly BindableField[],
  signatureKeys: { byNode: string[]; byPerson: string[] } = { byNode: [], byPerson: [] },
): BindOption[] {
  const plain = fields.filter((f) => !f.open);
  if (type === 'table')
    return plain
      .filter((f) => f.children?.length)
      .map((f) => ({
        id: f.name,
        label: f.label,
        tag: tagOf(f.name),
        columns: (f.children ?? []).map((c) => ({ head: c.label, cell: tagOf(c.name) })),
      }));
  if (type === 'signature') {
    const out: BindOption[] = [];
    for (const group of SIGNATURE_GROUPS) {
      const keys = group === 'signatureByNode' ? signatureKeys.byNode : signatureKeys.byPerson;
      for (const key of keys) out.push({ id: `${group}.${key}`, label: `${key}`, tag: tagOf(group, key, 'image') });
    }
    for (const f of plain.filter((f) => IMAGE_TYPES.has(f.type)))
      out.push({ id: f.name, label: f.label, tag: tagOf(f.name) });
    return out;
  }
  const out: BindOption[] = [];
  const wantsImage = type === 'image';
  for (const f of plain) {
    if (f.children?.length) {
      // Linked records and lists hold rows: a single field prints the first row's value.
      for (const c of f.children)
        if (!wantsImage || IMAGE_TYPES.has(c.type))
          out.push({ id: `${f.name}.${c.name}`, label: `${f.label} › ${c.label}`, tag: tagOf(f.name, '0', c.name) });
      if (!wantsImage) out.push({ id: f.name, label: f.label, tag: tagOf(f.name) });
      continue;
    }
    if (!wantsImage || IMAGE_TYPES.has(f.type)) out.push({ id: f.name, label: f.label, tag: tagOf(f.name) });
  }
  return out;
}

/** The field after a binding is picked: text fields append the tag, others take it as content. */
export function applyBinding(field: CanvasField, option: BindOption): CanvasField {
  if (field.type === 'multiVariableText') return { ...field, text: `${field.text ?? ''}${option.tag}` };
  if (field.type === 'text' && field.content) return { ...field, content: `${field.content}${option.tag}` };
  if (field.type === 'table' && option.columns?.length)
    return withColumns({ ...field, content: option.tag }, option.columns);
  return { ...field, content: option.tag };
}

/** Whether a field holds a bar or QR code. */
export const isCodeField = (field: CanvasField) => CODE_TYPE_SET.has(field.type);
