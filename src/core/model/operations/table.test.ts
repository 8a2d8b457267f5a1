import { describe, expect, it } from 'vitest';
import { createParagraph, createTable } from '../defaults';
import { tableIssues } from '../rules';
import type { Table } from '../types';
import {
  deleteColumn,
  deleteRow,
  expandRangeToMerges,
  insertColumn,
  insertRow,
  mergeAt,
  mergeCells,
  setCell,
  splitCell,
} from './table';

/** A table whose cell (r, c) reads `r,c`. */
function grid(rows: number, cols: number, extra: Partial<Table> = {}): Table {
  let table = createTable(rows, cols);
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++)
      table = setCell(table, r, c, { ...table.rows[r]!.cells[c]!, content: [createParagraph(`${r},${c}`)] });
  return { ...table, ...extra };
}
const textAt = (table: Table, r: number, c: number) =>
  table.rows[r]!.cells[c]!.content.map((n) =>
    'children' in n ? n.children.map((l) => ('text' in l ? l.text : '')).join('') : '',
  ).join('|');
const valid = (table: Table) => expect(tableIssues(table)).toEqual([]);

describe('rows', () => {
  it('inserts an empty row with one cell per column', () => {
    const table = insertRow(grid(2, 3), 1);
    expect(table.rows).toHaveLength(3);
    expect(table.rows[1]!.cells).toHaveLength(3);
    expect(textAt(table, 1, 0)).toBe('');
    expect(textAt(table, 2, 0)).toBe('1,0');
    valid(table);
  });

  it('grows a merge the row is inserted into, shifts merges below', () => {
    const table = insertRow(
      grid(4, 2, {
        merges: [
          { rowIndex: 0, colIndex: 0, rowSpan: 2, colSpan: 1 },
          { rowIndex: 2, colIndex: 0, rowSpan: 2, colSpan: 2 },
        ],
      }),
      1,
    );
    expect(table.merges).toEqual([
      { rowIndex: 0, colIndex: 0, rowSpan: 3, colSpan: 1 },
      { rowIndex: 3, colIndex: 0, rowSpan: 2, colSpan: 2 },
    ]);
    valid(table);
  });

  it('keeps header and footer counts: inside grows them, at the edges joins the body', () => {
    const base = grid(5, 2, { headerRowCount: 2, footerRowCount: 2 });
    expect(insertRow(base, 1)).toMatchObject({ headerRowCount: 3, footerRowCount: 2 });
    expect(insertRow(base, 2)).toMatchObject({ headerRowCount: 2, footerRowCount: 2 });
    expect(insertRow(base, 3)).toMatchObject({ headerRowCount: 2, footerRowCount: 2 });
    expect(insertRow(base, 4)).toMatchObject({ headerRowCount: 2, footerRowCount: 3 });
    expect(insertRow(base, 5)).toMatchObject({ headerRowCount: 2, footerRowCount: 3 });
  });

  it('deletes a row, shrinking header/footer and merges; a 1×1 merge disappears', () => {
    const base = grid(4, 2, {
      headerRowCount: 1,
      footerRowCount: 1,
      merges: [{ rowIndex: 1, colIndex: 0, rowSpan: 2, colSpan: 1 }],
    });
    const table = deleteRow(base, 2);
    expect(table.merges).toEqual([]);
    expect(deleteRow(base, 0)).toMatchObject({
      headerRowCount: 0,
      merges: [{ rowIndex: 0, colIndex: 0, rowSpan: 2, colSpan: 1 }],
    });
    expect(deleteRow(base, 3)).toMatchObject({ footerRowCount: 0 });
    valid(table);
  });

  it('moves the anchor content down when the anchor row of a merge is deleted', () => {
    const base = grid(3, 2, { merges: [{ rowIndex: 0, colIndex: 1, rowSpan: 3, colSpan: 1 }] });
    const table = deleteRow(base, 0);
    expect(table.merges).toEqual([{ rowIndex: 0, colIndex: 1, rowSpan: 2, colSpan: 1 }]);
    expect(textAt(table, 0, 1)).toBe('0,1');
    expect(table.rows[0]!.cells[1]!.id).toBe(base.rows[1]!.cells[1]!.id);
    valid(table);
  });

  it('refuses to delete the last row and out-of-range indexes', () => {
    expect(() => deleteRow(grid(1, 2), 0)).toThrowError(expect.objectContaining({ errorName: 'TemplateError' }));
    expect(() => deleteRow(grid(2, 2), 2)).toThrowError(expect.objectContaining({ errorName: 'CellNotFound' }));
    expect(() => insertRow(grid(2, 2), 3)).toThrowError(expect.objectContaining({ errorName: 'CellNotFound' }));
  });
});

describe('columns', () => {
  it('inserts a column with the average width and shifts or grows merges', () => {
    const base = grid(2, 3, { merges: [{ rowIndex: 0, colIndex: 0, rowSpan: 1, colSpan: 2 }] });
    const table = insertColumn(base, 1);
    expect(table.columns.map((c) => c.width)).toEqual([30, 30, 30, 30]);
    expect(table.merges).toEqual([{ rowIndex: 0, colIndex: 0, rowSpan: 1, colSpan: 3 }]);
    expect(insertColumn(base, 0).merges).toEqual([{ rowIndex: 0, colIndex: 1, rowSpan: 1, colSpan: 2 }]);
    expect(insertColumn(base, 3, 12).columns[3]!.width).toBe(12);
    valid(table);
  });

  it('deletes a column, moving a merge anchor right and dropping merges that shrink to one cell', () => {
    const base = grid(2, 3, { merges: [{ rowIndex: 1, colIndex: 0, rowSpan: 1, colSpan: 3 }] });
    const table = deleteColumn(base, 0);
    expect(table.merges).toEqual([{ rowIndex: 1, colIndex: 0, rowSpan: 1, colSpan: 2 }]);
    expect(textAt(table, 1, 0)).toBe('1,0');
    expect(deleteColumn(table, 1).merges).toEqual([]);
    valid(table);
  });

  it('refuses to delete the last column', () => {
    expect(() => deleteColumn(grid(2, 1), 0)).toThrowError(expect.objectContaining({ errorName: 'TemplateError' }));
  });
});

describe('merge and split', () => {
  it('merges a range, collecting covered content into the top-left cell', () => {
    const table = mergeCells(grid(3, 3), { rowIndex: 0, colIndex: 0, rowSpan: 2, colSpan: 2 });
    expect(table.merges).toEqual([{ rowIndex: 0, colIndex: 0, rowSpan: 2, colSpan: 2 }]);
    expect(textAt(table, 0, 0)).toBe('0,0|0,1|1,0|1,1');
    expect(textAt(table, 1, 1)).toBe('');
    valid(table);
  });

  it('expands the range to whole existing merges so merges never overlap', () => {
    const base = mergeCells(grid(3, 3), { rowIndex: 1, colIndex: 1, rowSpan: 2, colSpan: 2 });
    const table = mergeCells(base, { rowIndex: 0, colIndex: 0, rowSpan: 2, colSpan: 2 });
    expect(table.merges).toEqual([{ rowIndex: 0, colIndex: 0, rowSpan: 3, colSpan: 3 }]);
    expect(expandRangeToMerges(base, { rowIndex: 2, colIndex: 0, rowSpan: 1, colSpan: 2 })).toEqual({
      rowIndex: 1,
      colIndex: 0,
      rowSpan: 2,
      colSpan: 3,
    });
    valid(table);
  });

  it('a single-cell range changes nothing; ranges outside the table throw CellNotFound', () => {
    const base = grid(2, 2);
    expect(mergeCells(base, { rowIndex: 1, colIndex: 1, rowSpan: 1, colSpan: 1 })).toBe(base);
    expect(() => mergeCells(base, { rowIndex: 1, colIndex: 1, rowSpan: 2, colSpan: 1 })).toThrowError(
      expect.objectContaining({ errorName: 'CellNotFound' }),
    );
    expect(() => mergeCells(base, { rowIndex: 0, colIndex: 0, rowSpan: 0, colSpan: 1 })).toThrowError(
      expect.objectContaining({ errorName: 'CellNotFound' }),
    );
  });

  it('splits the merge covering any of its cells; unmerged cells are left alone', () => {
    const merged = mergeCells(grid(3, 3), { rowIndex: 0, colIndex: 1, rowSpan: 2, colSpan: 2 });
    expect(mergeAt(merged, 1, 2)).toEqual({ rowIndex: 0, colIndex: 1, rowSpan: 2, colSpan: 2 });
    expect(splitCell(merged, 1, 2).merges).toEqual([]);
    expect(splitCell(merged, 2, 0)).toBe(merged);
    expect(() => splitCell(merged, 3, 0)).toThrowError(expect.objectContaining({ errorName: 'CellNotFound' }));
  });
});
