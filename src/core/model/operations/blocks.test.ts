import { describe, expect, it } from 'vitest';
import type { QuireError } from '../../errors';
import { createBlock, createColumn, createDocument, createPage, createParagraph, createRow } from '../defaults';
import { validateDocument } from '../parse';
import type { Block, Column, TemplateDocument } from '../types';
import {
  deleteBlock,
  deleteTableColumn,
  deleteTableRow,
  duplicateBlock,
  insertBlock,
  insertTableColumn,
  insertTableRow,
  mergeTableCells,
  splitTableCell,
  updateBlock,
  updateRows,
  updateTableCell,
} from './blocks';
import { allBlocks, findBlock, getBlock, locateBlock, normaliseWidths } from './tree';

function block<T extends Block['type']>(type: T, id: string) {
  return createBlock(type, { id } as never);
}

/** page 'p': row 'r1' [col 50: text 't1', col 30: qr 'q', col 20: rule 'h'], row 'r2' [table 'tb'], row 'r3' [nested row 'n' [col: 'inner']] */
function sample(): TemplateDocument {
  const nested = createBlock('row', {
    id: 'n',
    columns: [
      { ...createColumn([block('richText', 'inner')], 50), id: 'n-c1' },
      { ...createColumn([block('barcode', 'inner2')], 50), id: 'n-c2' },
    ],
  });
  return createDocument([
    {
      id: 'p',
      rows: [
        {
          id: 'r1',
          columns: [
            { ...createColumn([block('richText', 't1')], 50), id: 'c1' },
            { ...createColumn([block('qrcode', 'q')], 30), id: 'c2' },
            { ...createColumn([block('horizontalRule', 'h')], 20), id: 'c3' },
          ],
        },
        { id: 'r2', columns: [{ ...createColumn([block('table', 'tb')]), id: 'c4' }] },
        { id: 'r3', columns: [{ ...createColumn([nested]), id: 'c5' }] },
      ],
    },
  ]);
}

const widths = (columns: Column[]) => columns.map((c) => c.width);
const expectError = (fn: () => unknown, errorName: string) =>
  expect(fn).toThrowError(expect.objectContaining({ errorName }));

describe('insertBlock', () => {
  it('adds a new full-width row at the bottom of the page', () => {
    const doc = insertBlock(sample(), 'p', block('image', 'img'));
    const rows = doc.pages[0]!.rows;
    expect(rows).toHaveLength(4);
    expect(rows[3]!.columns).toHaveLength(1);
    expect(rows[3]!.columns[0]!.width).toBe(100);
    expect(rows[3]!.columns[0]!.blocks[0]!.id).toBe('img');
  });

  it('adds it before a given row', () => {
    const doc = insertBlock(sample(), 'p', block('barcode', 'bc'), { beforeRowId: 'r2' });
    expect(doc.pages[0]!.rows[1]!.columns[0]!.blocks[0]!.id).toBe('bc');
    expect(doc.pages[0]!.rows[2]!.id).toBe('r2');
  });

  it('rejects unknown pages and rows, invalid blocks and duplicate ids', () => {
    expectError(() => insertBlock(sample(), 'nope', block('image', 'x')), 'PageNotFound');
    expectError(() => insertBlock(sample(), 'p', block('image', 'x'), { beforeRowId: 'nope' }), 'BlockNotFound');
    expectError(() => insertBlock(sample(), 'p', { ...block('qrcode', 'x'), width: -4 }), 'TemplateParseError');
    expectError(() => insertBlock(sample(), 'p', block('qrcode', 't1')), 'TemplateParseError');
  });
});

describe('duplicateBlock', () => {
  it('inserts a copy with fresh ids after the original in the same column', () => {
    const doc = duplicateBlock(sample(), 'q');
    const blocks = doc.pages[0]!.rows[0]!.columns[1]!.blocks;
    expect(blocks.map((b) => b.type)).toEqual(['qrcode', 'qrcode']);
    expect(blocks[1]!.id).not.toBe('q');
    expect({ ...blocks[1]!, id: 'q' }).toEqual(blocks[0]);
  });

  it('gives a duplicated table fresh row, column and cell ids', () => {
    const doc = duplicateBlock(sample(), 'tb');
    const [a, b] = doc.pages[0]!.rows[1]!.columns[0]!.blocks as Array<Extract<Block, { type: 'table' }>>;
    expect(b!.table.rows[0]!.cells[0]!.id).not.toBe(a!.table.rows[0]!.cells[0]!.id);
    expect(b!.table.columns[0]!.id).not.toBe(a!.table.columns[0]!.id);
  });

  it('works inside nested rows and keeps the document valid', () => {
    const doc = duplicateBlock(sample(), 'inner');
    expect((findBlock(doc, 'n') as Extract<Block, { type: 'row' }>).columns[0]!.blocks).toHaveLength(2);
    expect(validateDocument(doc)).toEqual([]);
  });
});

describe('deleteBlock', () => {
  it('removes the emptied column and normalises sibling widths to 100', () => {
    const doc = deleteBlock(sample(), 'q');
    const columns = doc.pages[0]!.rows[0]!.columns;
    expect(columns.map((c) => c.id)).toEqual(['c1', 'c3']);
    expect(widths(columns)).toEqual([71.43, 28.57]);
    expect(widths(columns).reduce((a, b) => a + b)).toBeCloseTo(100, 6);
  });

  it('removes a row left without columns', () => {
    const doc = deleteBlock(sample(), 'tb');
    expect(doc.pages[0]!.rows.map((r) => r.id)).toEqual(['r1', 'r3']);
  });

  it('keeps other blocks of the column', () => {
    const doc = deleteBlock(duplicateBlock(sample(), 't1'), 't1');
    expect(doc.pages[0]!.rows[0]!.columns).toHaveLength(3);
    expect(doc.pages[0]!.rows[0]!.columns[0]!.blocks).toHaveLength(1);
  });

  it('removes nested rows bottom-up when they empty', () => {
    let doc = deleteBlock(sample(), 'inner');
    const nested = findBlock(doc, 'n') as Extract<Block, { type: 'row' }>;
    expect(nested.columns.map((c) => c.width)).toEqual([100]);
    doc = deleteBlock(doc, 'inner2');
    expect(findBlock(doc, 'n')).toBeUndefined();
    expect(doc.pages[0]!.rows.map((r) => r.id)).toEqual(['r1', 'r2']);
  });

  it('throws BlockNotFound and leaves the input untouched', () => {
    const doc = sample();
    const before = JSON.stringify(doc);
    expectError(() => deleteBlock(doc, 'missing'), 'BlockNotFound');
    deleteBlock(doc, 'q');
    expect(JSON.stringify(doc)).toBe(before);
  });
});

describe('updateBlock', () => {
  it('applies a patch, keeping id and type', () => {
    const doc = updateBlock(sample(), 'q', { qrcode: { size: 150, align: 'left', value: { type: 'currentRecord' } } });
    expect(getBlock(doc, 'q')).toMatchObject({ id: 'q', type: 'qrcode', qrcode: { size: 150, align: 'left' } });
    const retyped = updateBlock(sample(), 'q', { type: 'barcode', id: 'zzz' } as never);
    expect(getBlock(retyped, 'q').type).toBe('qrcode');
  });

  it('accepts an updater function and fills defaults', () => {
    const doc = updateBlock(sample(), 't1', (b) => ({ ...b, content: [createParagraph('Hello')] }) as Block);
    expect(getBlock(doc, 't1')).toMatchObject({ content: [{ type: 'paragraph', children: [{ text: 'Hello' }] }] });
  });

  it('rejects invalid updates with TemplateParseError paths starting at block', () => {
    try {
      updateBlock(sample(), 'q', { qrcode: { size: 'huge' } } as never);
      expect.unreachable();
    } catch (error) {
      expect((error as QuireError).errorName).toBe('TemplateParseError');
      expect((error as QuireError).issues[0]!.path).toBe('block.qrcode.size');
    }
    expectError(() => updateBlock(sample(), 'missing', {}), 'BlockNotFound');
  });

  it('rejects a table update that breaks the table rules', () => {
    const table = (getBlock(sample(), 'tb') as Extract<Block, { type: 'table' }>).table;
    expectError(
      () =>
        updateBlock(sample(), 'tb', {
          table: { ...table, merges: [{ rowIndex: 0, colIndex: 0, rowSpan: 5, colSpan: 1 }] },
        }),
      'TemplateParseError',
    );
  });
});

describe('table operations on a document', () => {
  it('update a cell, insert and delete rows and columns, merge and split', () => {
    let doc = updateTableCell(sample(), 'tb', 0, 1, { content: [createParagraph('Qty')], verticalAlign: 'middle' });
    const cell = () => (getBlock(doc, 'tb') as Extract<Block, { type: 'table' }>).table.rows[0]!.cells[1]!;
    expect(cell()).toMatchObject({ verticalAlign: 'middle', content: [{ children: [{ text: 'Qty' }] }] });
    doc = insertTableRow(doc, 'tb', 0);
    doc = insertTableColumn(doc, 'tb', 3);
    let table = (getBlock(doc, 'tb') as Extract<Block, { type: 'table' }>).table;
    expect([table.rows.length, table.columns.length]).toEqual([3, 4]);
    doc = mergeTableCells(doc, 'tb', { rowIndex: 0, colIndex: 0, rowSpan: 2, colSpan: 2 });
    table = (getBlock(doc, 'tb') as Extract<Block, { type: 'table' }>).table;
    expect(table.merges).toEqual([{ rowIndex: 0, colIndex: 0, rowSpan: 2, colSpan: 2 }]);
    doc = splitTableCell(doc, 'tb', 1, 1);
    doc = deleteTableRow(doc, 'tb', 2);
    doc = deleteTableColumn(doc, 'tb', 0);
    table = (getBlock(doc, 'tb') as Extract<Block, { type: 'table' }>).table;
    expect(table.merges).toEqual([]);
    expect([table.rows.length, table.columns.length]).toEqual([2, 3]);
    expect(validateDocument(doc)).toEqual([]);
  });

  it('throws NotTable, CellNotFound and BlockNotFound', () => {
    expectError(() => insertTableRow(sample(), 'q', 0), 'NotTable');
    expectError(() => updateTableCell(sample(), 'tb', 9, 0, {}), 'CellNotFound');
    expectError(() => updateTableCell(sample(), 'tb', 0, -1, {}), 'CellNotFound');
    expectError(
      () => mergeTableCells(sample(), 'nope', { rowIndex: 0, colIndex: 0, rowSpan: 1, colSpan: 2 }),
      'BlockNotFound',
    );
  });

  it('rejects an invalid cell patch', () => {
    expectError(
      () => updateTableCell(sample(), 'tb', 0, 0, { verticalAlign: 'sideways' } as never),
      'TemplateParseError',
    );
  });
});

describe('updateRows', () => {
  it('replaces the rows of a page after validating them', () => {
    const doc = sample();
    const rows = doc.pages[0]!.rows;
    const reordered = updateRows(doc, 'p', [rows[2]!, rows[0]!, rows[1]!]);
    expect(reordered.pages[0]!.rows.map((r) => r.id)).toEqual(['r3', 'r1', 'r2']);
    const resized = updateRows(doc, 'p', [
      { ...rows[0]!, columns: rows[0]!.columns.map((c, i) => ({ ...c, width: [40, 40, 20][i]! })) },
    ]);
    expect(widths(resized.pages[0]!.rows[0]!.columns)).toEqual([40, 40, 20]);
  });

  it('rejects invalid rows with page-relative paths, and duplicate ids', () => {
    try {
      updateRows(sample(), 'p', [{ id: 'r', columns: [] }]);
      expect.unreachable();
    } catch (error) {
      expect((error as QuireError).issues[0]!.path).toBe('pages[0].rows[0].columns');
    }
    const row = sample().pages[0]!.rows[0]!;
    expectError(() => updateRows(sample(), 'p', [row, row]), 'TemplateParseError');
    expectError(() => updateRows(sample(), 'x', []), 'PageNotFound');
  });
});

describe('tree helpers', () => {
  it('locates nested blocks and lists every block', () => {
    const doc = sample();
    expect(locateBlock(doc, 'inner2')).toEqual({
      pageIndex: 0,
      rowIndex: 2,
      trail: [
        { columnIndex: 0, blockIndex: 0 },
        { columnIndex: 1, blockIndex: 0 },
      ],
    });
    expect([...allBlocks(doc)].map((b) => b.id)).toEqual(['t1', 'q', 'h', 'tb', 'n', 'inner', 'inner2']);
  });

  it('normalises widths to exactly 100 keeping proportions', () => {
    const cols = [createColumn([], 10), createColumn([], 10), createColumn([], 10)];
    const result = widths(normaliseWidths(cols));
    expect(result.reduce((a, b) => a + b)).toBeCloseTo(100, 8);
    expect(result[0]).toBeCloseTo(33.33, 2);
  });

  it('documents made by the helpers are valid', () => {
    expect(validateDocument(createDocument([createPage([createRow([createBlock('table')])])]))).toEqual([]);
  });
});
