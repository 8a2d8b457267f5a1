/**
 * Pure edits of one `Table`. Merges are kept inside the table and never overlap; header/footer
 * counts follow inserted and deleted rows. Out-of-range indexes throw `CellNotFound`.
 */
import { QuireError } from '../../errors';
import { createEmptyRichText, createTableCell, createTableColumn } from '../defaults';
import { createId } from '../ids';
import type { RichText, Table, TableCell, TableMerge } from '../types';
import { insertAt, removeAt, replaceAt } from './tree';

export interface CellRange {
  rowIndex: number;
  colIndex: number;
  rowSpan: number;
  colSpan: number;
}

function cellNotFound(detail: string): QuireError {
  return new QuireError('CellNotFound', { detail });
}

function assertIndex(index: number, size: number, what: string): void {
  if (!Number.isInteger(index) || index < 0 || index >= size) throw cellNotFound(`${what} ${index} of ${size}`);
}

const isSingleCell = (merge: TableMerge) => merge.rowSpan === 1 && merge.colSpan === 1;

/** The merge whose area contains the cell, if any. */
export function mergeAt(table: Table, rowIndex: number, colIndex: number): TableMerge | undefined {
  return table.merges.find(
    (m) =>
      rowIndex >= m.rowIndex &&
      rowIndex < m.rowIndex + m.rowSpan &&
      colIndex >= m.colIndex &&
      colIndex < m.colIndex + m.colSpan,
  );
}

export function getCell(table: Table, rowIndex: number, colIndex: number): TableCell {
  assertIndex(rowIndex, table.rows.length, 'row');
  assertIndex(colIndex, table.columns.length, 'column');
  return table.rows[rowIndex]!.cells[colIndex]!;
}

export function setCell(table: Table, rowIndex: number, colIndex: number, cell: TableCell): Table {
  getCell(table, rowIndex, colIndex);
  const row = table.rows[rowIndex]!;
  return { ...table, rows: replaceAt(table.rows, rowIndex, { ...row, cells: replaceAt(row.cells, colIndex, cell) }) };
}

/** Inserts an empty row at `index` (0..rows.length). A row inserted strictly inside the header or footer joins it. */
export function insertRow(table: Table, index: number): Table {
  if (!Number.isInteger(index) || index < 0 || index > table.rows.length)
    throw cellNotFound(`row ${index} of ${table.rows.length}`);
  const row = { id: createId('trow'), cells: table.columns.map(() => createTableCell()) };
  const footerStart = table.rows.length - table.footerRowCount;
  return {
    ...table,
    rows: insertAt(table.rows, index, row),
    headerRowCount: index < table.headerRowCount ? table.headerRowCount + 1 : table.headerRowCount,
    footerRowCount: index > footerStart ? table.footerRowCount + 1 : table.footerRowCount,
    merges: table.merges.map((m) => {
      if (m.rowIndex >= index) return { ...m, rowIndex: m.rowIndex + 1 };
      if (index < m.rowIndex + m.rowSpan) return { ...m, rowSpan: m.rowSpan + 1 };
      return m;
    }),
  };
}

/** Deletes a row; the last row cannot be deleted. A merge anchored on it moves its content down. */
export function deleteRow(table: Table, index: number): Table {
  assertIndex(index, table.rows.length, 'row');
  if (table.rows.length === 1) throw new QuireError('TemplateError', { detail: 'a table needs at least one row' });
  let rows = table.rows;
  for (const m of table.merges) {
    if (m.rowIndex === index && m.rowSpan > 1) {
      const next = rows[index + 1]!;
      const anchor = rows[index]!.cells[m.colIndex]!;
      rows = replaceAt(rows, index + 1, {
        ...next,
        cells: replaceAt(next.cells, m.colIndex, { ...anchor, id: next.cells[m.colIndex]!.id }),
      });
    }
  }
  const footerStart = table.rows.length - table.footerRowCount;
  const merges = table.merges
    .map((m) => {
      if (m.rowIndex > index) return { ...m, rowIndex: m.rowIndex - 1 };
      if (index < m.rowIndex + m.rowSpan) return { ...m, rowSpan: m.rowSpan - 1 };
      return m;
    })
    .filter((m) => !isSingleCell(m));
  return {
    ...table,
    rows: removeAt(rows, index),
    headerRowCount: index < table.headerRowCount ? table.headerRowCount - 1 : table.headerRowCount,
    footerRowCount: index >= footerStart ? table.footerRowCount - 1 : table.footerRowCount,
    merges,
  };
}

/** Inserts an empty column at `index` (0..columns.length). */
export function insertColumn(table: Table, index: number, width?: number): Table {
  if (!Number.isInteger(index) || index < 0 || index > table.columns.length)
    throw cellNotFound(`column ${index} of ${table.columns.length}`);
  const averageWidth = table.columns.reduce((sum, c) => sum + c.width, 0) / table.columns.length;
  return {
    ...table,
    columns: insertAt(table.columns, index, createTableColumn(width ?? averageWidth)),
    rows: table.rows.map((row) => ({ ...row, cells: insertAt(row.cells, index, createTableCell()) })),
    merges: table.merges.map((m) => {
      if (m.colIndex >= index) return { ...m, colIndex: m.colIndex + 1 };
      if (index < m.colIndex + m.colSpan) return { ...m, colSpan: m.colSpan + 1 };
      return m;
    }),
  };
}

/** Deletes a column; the last column cannot be deleted. A merge anchored on it moves its content right. */
export function deleteColumn(table: Table, index: number): Table {
  assertIndex(index, table.columns.length, 'column');
  if (table.columns.length === 1)
    throw new QuireError('TemplateError', { detail: 'a table needs at least one column' });
  let rows = table.rows;
  for (const m of table.merges) {
    if (m.colIndex === index && m.colSpan > 1) {
      const row = rows[m.rowIndex]!;
      const anchor = row.cells[index]!;
      rows = replaceAt(rows, m.rowIndex, {
        ...row,
        cells: replaceAt(row.cells, index + 1, { ...anchor, id: row.cells[index + 1]!.id }),
      });
    }
  }
  return {
    ...table,
    columns: removeAt(table.columns, index),
    rows: rows.map((row) => ({ ...row, cells: removeAt(row.cells, index) })),
    merges: table.merges
      .map((m) => {
        if (m.colIndex > index) return { ...m, colIndex: m.colIndex - 1 };
        if (index < m.colIndex + m.colSpan) return { ...m, colSpan: m.colSpan - 1 };
        return m;
      })
      .filter((m) => !isSingleCell(m)),
  };
}

const intersects = (a: CellRange, b: CellRange) =>
  a.rowIndex < b.rowIndex + b.rowSpan &&
  b.rowIndex < a.rowIndex + a.rowSpan &&
  a.colIndex < b.colIndex + b.colSpan &&
  b.colIndex < a.colIndex + a.colSpan;

/** Grows a range until every merge it touches lies wholly inside it (as editors select merged cells). */
export function expandRangeToMerges(table: Table, range: CellRange): CellRange {
  let current = range;
  for (let changed = true; changed; ) {
    changed = false;
    for (const m of table.merges) {
      if (!intersects(current, m)) continue;
      const top = Math.min(current.rowIndex, m.rowIndex);
      const left = Math.min(current.colIndex, m.colIndex);
      const bottom = Math.max(current.rowIndex + current.rowSpan, m.rowIndex + m.rowSpan);
      const right = Math.max(current.colIndex + current.colSpan, m.colIndex + m.colSpan);
      const next = { rowIndex: top, colIndex: left, rowSpan: bottom - top, colSpan: right - left };
      if (
        next.rowIndex !== current.rowIndex ||
        next.colIndex !== current.colIndex ||
        next.rowSpan !== current.rowSpan ||
        next.colSpan !== current.colSpan
      ) {
        current = next;
        changed = true;
      }
    }
  }
  return current;
}

function isEmptyContent(content: RichText): boolean {
  return JSON.stringify(content) === JSON.stringify(createEmptyRichText());
}

/**
 * Merges the cells of `range` (expanded to whole existing merges) into one. Content of covered
 * cells is appended to the top-left cell, and covered cells are emptied.
 */
export function mergeCells(table: Table, range: CellRange): Table {
  if (range.rowSpan < 1 || range.colSpan < 1 || !Number.isInteger(range.rowSpan) || !Number.isInteger(range.colSpan))
    throw cellNotFound(`span ${range.rowSpan}×${range.colSpan}`);
  getCell(table, range.rowIndex, range.colIndex);
  getCell(table, range.rowIndex + range.rowSpan - 1, range.colIndex + range.colSpan - 1);
  const area = expandRangeToMerges(table, range);
  if (area.rowSpan * area.colSpan < 2) return table;
  let rows = table.rows;
  const anchorRow = rows[area.rowIndex]!;
  const anchor = anchorRow.cells[area.colIndex]!;
  let content = isEmptyContent(anchor.content) ? [] : anchor.content;
  for (let r = area.rowIndex; r < area.rowIndex + area.rowSpan; r++) {
    for (let c = area.colIndex; c < area.colIndex + area.colSpan; c++) {
      if (r === area.rowIndex && c === area.colIndex) continue;
      const row = rows[r]!;
      const cell = row.cells[c]!;
      if (!isEmptyContent(cell.content)) content = [...content, ...cell.content];
      rows = replaceAt(rows, r, {
        ...row,
        cells: replaceAt(row.cells, c, { ...cell, content: createEmptyRichText() }),
      });
    }
  }
  const newAnchorRow = rows[area.rowIndex]!;
  rows = replaceAt(rows, area.rowIndex, {
    ...newAnchorRow,
    cells: replaceAt(newAnchorRow.cells, area.colIndex, {
      ...anchor,
      content: content.length > 0 ? content : createEmptyRichText(),
    }),
  });
  return {
    ...table,
    rows,
    merges: [...table.merges.filter((m) => !intersects(area, m)), area],
  };
}

/** Splits the merge covering the cell back into single cells; a cell that is not merged is left as is. */
export function splitCell(table: Table, rowIndex: number, colIndex: number): Table {
  getCell(table, rowIndex, colIndex);
  const merge = mergeAt(table, rowIndex, colIndex);
  if (!merge) return table;
  return { ...table, merges: table.merges.filter((m) => m !== merge) };
}
