/**
 * What a canvas field can be bound to, picked from a list instead of typed: the table's fields
 * (linked tables' fields nested), the approval's form and system variables, or a team document's
 * variables (`services/openSource` trees: a map's fields dotted, a list's items' fields as table
 * columns), and for signature fields the approval's signatures by node or person. Pure: the picker
 * and its tests share it.
 */
import { type CanvasField, CODE_TYPE_SET, withColumns } from '../services/canvasContent';

/** A field of the bound table, approval or document (office/sources.ts `FieldNode`). */
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

// A document's attachments and inline images print as images too (spec 001 §3.7 field types).
const IMAGE_TYPES = new Set(['attachment', 'attachments', 'image', 'inline-image', 'inline-images', 'signature']);
const SIGNATURE_GROUPS = ['signatureByNode', 'signatureByPerson'] as const;

/** A field with the names of its path: a map's fields are its leaves (`customer`, `name`). */
interface PathField {
  names: string[];
  label: string;
  type: string;
  children?: PathField[];
}

/**
 * Maps print field by field: each becomes its leaves, names and labels joined (a team document's
 * `customer.name`); a list's item fields are flattened the same way, relative to the item.
 */
function flattenMaps(fields: readonly BindableField[], prefix: string[] = [], label = ''): PathField[] {
  return fields.flatMap((f): PathField[] => {
    const names = [...prefix, f.name];
    const text = label ? `${label} › ${f.label}` : f.label;
    if (f.type === 'map' && f.children?.length) return flattenMaps(f.children, names, text);
    return [
      {
        names,
        label: text,
        type: f.type,
        ...(f.children?.length ? { children: flattenMaps(f.children) } : {}),
      },
    ];
  });
}

/** Binding choices for a field of `type`, from the table's, approval's or document's fields. */
export function bindOptions(
  type: CanvasField['type'],
  fields: readonly BindableField[],
  signatureKeys: { byNode: string[]; byPerson: string[] } = { byNode: [], byPerson: [] },
): BindOption[] {
  const plain = flattenMaps(fields.filter((f) => !f.open));
  const idOf = (names: string[]) => names.join('.');
  if (type === 'table')
    return plain
      .filter((f) => f.children?.length)
      .map((f) => ({
        id: idOf(f.names),
        label: f.label,
        tag: tagOf(...f.names),
        columns: (f.children ?? []).map((c) => ({ head: c.label, cell: tagOf(...c.names) })),
      }));
  if (type === 'signature') {
    const out: BindOption[] = [];
    for (const group of SIGNATURE_GROUPS) {
      const keys = group === 'signatureByNode' ? signatureKeys.byNode : signatureKeys.byPerson;
      for (const key of keys) out.push({ id: `${group}.${key}`, label: `${key}`, tag: tagOf(group, key, 'image') });
    }
    for (const f of plain.filter((f) => IMAGE_TYPES.has(f.type)))
      out.push({ id: idOf(f.names), label: f.label, tag: tagOf(...f.names) });
    return out;
  }
  const out: BindOption[] = [];
  const wantsImage = type === 'image';
  for (const f of plain) {
    if (f.children?.length) {
      // Linked records and lists hold rows: a single field prints the first row's value.
      for (const c of f.children)
        if (!wantsImage || IMAGE_TYPES.has(c.type))
          out.push({
            id: idOf([...f.names, ...c.names]),
            label: `${f.label} › ${c.label}`,
            tag: tagOf(...f.names, '0', ...c.names),
          });
      if (!wantsImage) out.push({ id: idOf(f.names), label: f.label, tag: tagOf(...f.names) });
      continue;
    }
    if (!wantsImage || IMAGE_TYPES.has(f.type)) out.push({ id: idOf(f.names), label: f.label, tag: tagOf(...f.names) });
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
