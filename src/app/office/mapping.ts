/**
 * Which field of the bound table (or approval) each tag of an Office template reads. Pure: the
 * editor's tag list and its tests share it.
 */

import { splitPath } from '../../core/expr/path';
import type { FieldNode } from '../services/fieldTree';
import type { TemplateTag } from './tags';

/** A field the template can print; a link field or a list holds its rows' fields as children. */

export interface MappedTag extends TemplateTag {
  /** The fields it reads, outermost first (`Customer`, `Name`); empty when unknown. */
  fields: string[];
  /** Type of the innermost field. */
  type?: string;
  status: 'mapped' | 'unknown';
}

function segmentsOf(path: string): string[] {
  try {
    return splitPath(path);
  } catch {
    return [path];
  }
}

function mapTag(tag: TemplateTag, fields: readonly FieldNode[]): MappedTag {
  const labels: string[] = [];
  let level: readonly FieldNode[] | undefined = fields;
  let type: string | undefined;
  let open = false;
  for (const segment of segmentsOf(tag.path)) {
    if (open) {
      labels.push(segment);
      continue;
    }
    const field: FieldNode | undefined = level?.find((f) => f.name === segment);
    if (!field) return { ...tag, fields: [], status: 'unknown' };
    labels.push(field.label);
    type = field.type;
    open = field.open === true;
    level = field.children;
  }
  return { ...tag, fields: labels, ...(type ? { type } : {}), status: 'mapped' };
}

/** Every tag with its field; unknown ones first, so the designer sees what needs fixing. */
export function mapTags(tags: readonly TemplateTag[], fields: readonly FieldNode[]): MappedTag[] {
  const mapped = tags.map((tag) => mapTag(tag, fields));
  return [...mapped.filter((t) => t.status === 'unknown'), ...mapped.filter((t) => t.status === 'mapped')];
}
