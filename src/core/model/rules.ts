/**
 * Cross-field rules zod cannot express per field: table shape, merges, header/footer counts,
 * column widths and unique ids. Each problem is reported with its path.
 */
import type { ErrorIssue } from '../errors';
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

export function mergeBoundsProblem(merge: TableMerge, rowCount: number, columnCount: number): string | undefined {
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
