/**
 * The fields a template document reads (see src/core/model/CONTEXT.md for the shapes): variable
 * and compute-variable names, loop and dynamic-row root paths (inside them names are relative to
 * the item), auto-page root paths, list-filter field names, image/attachment/inline-image fields,
 * QR codes of a field value, bar codes of a field or with tags in a custom value.
 *
 * It walks the document structurally rather than through the model's types, so content of any
 * schema version (and unknown block kinds) is read without failing. Fields referenced by id
 * (a QR code with fieldType 'id') come back as dependency strings `~id:<id>`.
 */
import { collectTextDeps } from './deps';
import { formatPath, splitPath } from './path';
import { isPlainObject } from './values';

type Json = Record<string, unknown>;

interface Walk {
  paths: Set<string>;
  ids: Set<string>;
}

function add(walk: Walk, base: readonly string[], name: unknown): string[] | undefined {
  if (typeof name !== 'string' || name.trim() === '' || name.trim() === '#') return undefined;
  const segments = [...base, ...splitPath(name.trim())];
  walk.paths.add(formatPath(segments));
  return segments;
}

function addFilter(walk: Walk, base: readonly string[], filter: unknown): void {
  if (!isPlainObject(filter) || !Array.isArray(filter.filters)) return;
  for (const entry of filter.filters) if (isPlainObject(entry)) add(walk, base, entry.fieldName);
}

function addTags(walk: Walk, base: readonly string[], text: unknown): void {
  if (typeof text !== 'string' || !text.includes('{')) return;
  try {
    for (const dep of collectTextDeps(text, { basePath: base })) walk.paths.add(dep);
  } catch {
    // Text that is not a valid tag template reads no field.
  }
}

function visitTable(table: Json, walk: Walk, base: readonly string[]): void {
  const rows = Array.isArray(table.rows) ? table.rows : [];
  const header = typeof table.headerRowCount === 'number' ? table.headerRowCount : 0;
  const footer = typeof table.footerRowCount === 'number' ? table.footerRowCount : 0;
  const dynamic = isPlainObject(table.dynamicRows) ? table.dynamicRows : undefined;
  const itemBase = dynamic ? add(walk, base, dynamic.rootPath) : undefined;
  if (dynamic && itemBase) addFilter(walk, itemBase, dynamic.filter);
  rows.forEach((row, index) => {
    const isBody = index >= header && index < rows.length - footer;
    visit(row, walk, isBody && itemBase ? itemBase : base);
  });
}

function visit(node: unknown, walk: Walk, base: readonly string[]): void {
  if (Array.isArray(node)) {
    for (const child of node) visit(child, walk, base);
    return;
  }
  if (!isPlainObject(node)) return;
  switch (node.type) {
    case 'variable':
    case 'computeVariable':
    case 'inline-image':
      add(walk, base, node.name);
      break;
    case 'loopItemInline':
      if (typeof node.name === 'string' && node.name.trim() && base.length) add(walk, base, node.name);
      break;
    case 'loop': {
      const itemBase = add(walk, base, node.rootPath);
      if (itemBase) {
        addFilter(walk, itemBase, node.filter);
        visit(node.itemContent, walk, itemBase);
      }
      return;
    }
    case 'attachment':
      add(walk, base, node.fieldName);
      break;
    case 'table':
      if (isPlainObject(node.table)) {
        visitTable(node.table, walk, base);
        return;
      }
      break;
  }
  if (isPlainObject(node.image) && node.image.mode === 'attachment') add(walk, base, node.image.fieldName);
  if (isPlainObject(node.qrcode)) {
    const value = node.qrcode.value;
    if (isPlainObject(value) && value.type === 'fieldValue' && typeof value.field === 'string') {
      if (value.fieldType === 'id') walk.ids.add(`~id:${value.field}`);
      else add(walk, base, value.field);
    } else if (isPlainObject(value) && value.type === 'custom') {
      addTags(walk, base, value.value);
    }
  }
  if (isPlainObject(node.barcode)) {
    if (node.barcode.valueType === 'field') add(walk, base, node.barcode.fieldName);
    else addTags(walk, base, node.barcode.value);
  }
  for (const [key, child] of Object.entries(node)) {
    if (key === 'image' || key === 'qrcode' || key === 'barcode') continue;
    if (key === 'rows' && Array.isArray(node.rows) && typeof node.autoPageRootPath === 'string') continue;
    if (typeof child === 'object' && child !== null) visit(child, walk, base);
  }
  if (typeof node.autoPageRootPath === 'string' && Array.isArray(node.rows)) {
    const itemBase = add(walk, base, node.autoPageRootPath);
    visit(node.rows, walk, itemBase ?? base);
  }
}

export interface DocumentDeps {
  /** Field paths, escaped (`order.Unit\.price`), sorted. */
  paths: string[];
  /** Fields referenced by id, as `~id:<id>` dependency strings, sorted. */
  ids: string[];
}

export function collectDocumentDeps(document: unknown): DocumentDeps {
  const walk: Walk = { paths: new Set(), ids: new Set() };
  visit(document, walk, []);
  return { paths: [...walk.paths].sort(), ids: [...walk.ids].sort() };
}
