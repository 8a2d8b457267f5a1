/**
 * Cross-field rules zod cannot express per field: table shape, merges, header/footer counts,
 * column widths and unique ids. Each problem is reported with its path.
 */
import type { ErrorIssue } from '../errors';
import { isQuireError } from '../errors';
import { variablePathProblem } from '../expr/names';
import { parseTemplate } from '../expr/parse';
import { formatPath } from './paths';
import type { Block, Column, Table, TableMerge, TemplateDocument } from './types';

type Path = Array<string | number>;

export function tableIssues(table: Table, path: Path = []): ErrorIssue[] {
  const issues: ErrorIssue[] = [];
  const at = (...rest: Path) => formatPath([...path, ...rest]);
  const rowCount = table.rows.length;
  const columnCount = table.columns.length;
  table.rows.forEach((row, r) => {
    if (row.cells.length !== columnCount)
      issues.push({
        path: at('rows', r, 'cells'),
        reason: `row has ${row.cells.length} cells but the table has ${columnCount} columns`,
      });
  });
  if (table.headerRowCount + table.footerRowCount > rowCount)
    issues.push({
      path: at('headerRowCount'),
      reason: `header (${table.headerRowCount}) and footer (${table.footerRowCount}) rows exceed the ${rowCount} rows`,
    });
  const covered = new Map<string, number>();
  table.merges.forEach((merge, m) => {
    const reason = mergeBoundsProblem(merge, rowCount, columnCount);
    if (reason) {
      issues.push({ path: at('merges', m), reason });
      return;
    }
    for (let r = merge.rowIndex; r < merge.rowIndex + merge.rowSpan; r++)
      for (let c = merge.colIndex; c < merge.colIndex + merge.colSpan; c++) {
        const key = `${r}:${c}`;
        const other = covered.get(key);
        if (other !== undefined) {
          issues.push({ path: at('merges', m), reason: `overlaps merges[${other}] at row ${r}, column ${c}` });
          return;
        }
        covered.set(key, m);
      }
  });
  return issues;
}

function mergeBoundsProblem(merge: TableMerge, rowCount: number, columnCount: number): string | undefined {
  if (merge.rowSpan * merge.colSpan < 2) return 'a merge must span at least two cells';
  if (merge.rowIndex + merge.rowSpan > rowCount)
    return `rowSpan out of range (rows ${merge.rowIndex}..${merge.rowIndex + merge.rowSpan - 1} of ${rowCount})`;
  if (merge.colIndex + merge.colSpan > columnCount)
    return `colSpan out of range (columns ${merge.colIndex}..${merge.colIndex + merge.colSpan - 1} of ${columnCount})`;
  return undefined;
}

/** All rule violations in a schema-valid document. */
export function documentIssues(document: TemplateDocument): ErrorIssue[] {
  const issues: ErrorIssue[] = [];
  const seen = new Map<string, string>();
  const claim = (id: string, path: Path) => {
    const where = formatPath(path);
    const first = seen.get(id);
    if (first !== undefined) issues.push({ path: where, reason: `duplicate id '${id}' (first used at ${first})` });
    else seen.set(id, where);
  };
  const visitColumns = (columns: Column[], path: Path) => {
    columns.forEach((column, c) => {
      const columnPath = [...path, 'columns', c];
      claim(column.id, [...columnPath, 'id']);
      column.blocks.forEach((block, b) => {
        visitBlock(block, [...columnPath, 'blocks', b]);
      });
    });
  };
  const visitBlock = (block: Block, path: Path) => {
    claim(block.id, [...path, 'id']);
    if (block.type === 'row') visitColumns(block.columns, path);
    if (block.type === 'table') issues.push(...tableIssues(block.table, [...path, 'table']));
  };
  document.pages.forEach((page, p) => {
    claim(page.id, ['pages', p, 'id']);
    page.rows.forEach((row, r) => {
      claim(row.id, ['pages', p, 'rows', r, 'id']);
      visitColumns(row.columns, ['pages', p, 'rows', r]);
    });
  });
  return issues;
}

// ───────────────────────────── variable names ─────────────────────────────

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Every variable path the document names that breaks the naming rule (spec 001 §5.1), with its
 * path and the reason 'invalid variable name …': variable, compute-variable, loop-item and
 * inline-image names, loop / dynamic-row / auto-page root paths, list-filter fields, image,
 * attachment, bar-code and QR fields, and tags inside custom bar-code / QR values. An empty name
 * is "not bound yet", not a broken one. Kept out of loading on purpose: a stored template with a
 * bad name still opens, so it can be fixed.
 */
export function variableNameIssues(document: unknown): ErrorIssue[] {
  const issues: ErrorIssue[] = [];
  const check = (name: unknown, path: Path) => {
    if (typeof name !== 'string' || name.trim() === '') return;
    const reason = variablePathProblem(name);
    if (reason) issues.push({ path: formatPath(path), reason });
  };
  const checkTags = (text: unknown, path: Path) => {
    if (typeof text !== 'string' || !text.includes('{')) return;
    try {
      parseTemplate(text);
    } catch (error) {
      // Malformed tags are the renderer's to report; only the naming rule is checked here.
      if (isQuireError(error, 'InvalidVariableName'))
        for (const issue of error.issues)
          issues.push({ path: formatPath(path), reason: `${issue.reason} at ${issue.path}` });
    }
  };
  const checkFilter = (filter: unknown, path: Path) => {
    if (!isObject(filter) || !Array.isArray(filter.filters)) return;
    filter.filters.forEach((entry, i) => {
      if (isObject(entry)) check(entry.fieldName, [...path, 'filters', i, 'fieldName']);
    });
  };
  const visit = (node: unknown, path: Path): void => {
    if (Array.isArray(node)) {
      node.forEach((child, i) => {
        visit(child, [...path, i]);
      });
      return;
    }
    if (!isObject(node)) return;
    switch (node.type) {
      case 'variable':
      case 'computeVariable':
      case 'loopItemInline':
      case 'inline-image':
        check(node.name, [...path, 'name']);
        break;
      case 'loop':
        check(node.rootPath, [...path, 'rootPath']);
        checkFilter(node.filter, [...path, 'filter']);
        break;
      case 'attachment':
        check(node.fieldName, [...path, 'fieldName']);
        break;
    }
    if (typeof node.autoPageRootPath === 'string') check(node.autoPageRootPath, [...path, 'autoPageRootPath']);
    if (isObject(node.image) && node.image.mode === 'attachment')
      check(node.image.fieldName, [...path, 'image', 'fieldName']);
    if (isObject(node.dynamicRows)) {
      check(node.dynamicRows.rootPath, [...path, 'dynamicRows', 'rootPath']);
      checkFilter(node.dynamicRows.filter, [...path, 'dynamicRows', 'filter']);
    }
    if (isObject(node.barcode)) {
      if (node.barcode.valueType === 'field') check(node.barcode.fieldName, [...path, 'barcode', 'fieldName']);
      else checkTags(node.barcode.value, [...path, 'barcode', 'value']);
    }
    if (isObject(node.qrcode) && isObject(node.qrcode.value)) {
      const value = node.qrcode.value;
      const at = [...path, 'qrcode', 'value'];
      if (value.type === 'fieldValue' && value.fieldType !== 'id') check(value.field, [...at, 'field']);
      if (value.type === 'custom') checkTags(value.value, [...at, 'value']);
    }
    for (const [key, child] of Object.entries(node)) {
      if (key === 'image' || key === 'barcode' || key === 'qrcode' || key === 'filter') continue;
      if (typeof child === 'object' && child !== null) visit(child, [...path, key]);
    }
  };
  const pages = isObject(document) ? document.pages : undefined;
  if (Array.isArray(pages)) visit(pages, ['pages']);
  return issues;
}
