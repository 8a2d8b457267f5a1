import { describe, expect, it } from 'vitest';
import { type Block, locateBlock } from '../../../core/model';
import { TestEditor } from '../testing/TestEditor';
import { moveBlockStep, moveBlockToColumn, moveBlockToNewRow, nestingDepth } from './moves';

type RowBlock = Extract<Block, { type: 'row' }>;

/** Page 1: a text block, a nested row (two empty columns), a QR code — each in its own page row. */
function layout() {
  const ed = new TestEditor().insert('richText');
  const text = ed.selectedId!;
  ed.insert('row');
  const row = ed.selectedId!;
  ed.insert('qrcode');
  const qr = ed.selectedId!;
  const columns = () => (ed.block(row) as RowBlock).columns;
  const drop = (id: string, columnId: string, index: number) => {
    ed.state = moveBlockToColumn(ed.state, id, columnId, index);
    return ed;
  };
  const step = (id: string, direction: -1 | 1) => {
    ed.state = moveBlockStep(ed.state, id, direction);
    return ed;
  };
  return { ed, text, row, qr, columns, drop, step };
}

const types = (blocks: Block[]) => blocks.map((b) => b.type);

describe('moving blocks into and out of nested rows', () => {
  it('drops a block into a nested column as one undo step and back out again', () => {
    const { ed, text, qr, columns, drop } = layout();
    drop(text, columns()[1]!.id, 0);
    expect(types(columns()[1]!.blocks)).toEqual(['richText']);
    expect(nestingDepth(ed.document, text)).toBe(1);
    expect(ed.layout[0]).toEqual(['row', 'qrcode']); // page rows only: the text now sits inside the row
    expect(ed.selectedId).toBe(text);

    ed.undo();
    expect(nestingDepth(ed.document, text)).toBe(0);
    expect(ed.pages[0]!.rows).toHaveLength(3);
    ed.redo();
    expect(nestingDepth(ed.document, text)).toBe(1);

    // Out again, into the page row that holds the QR code, below it.
    const qrLocation = locateBlock(ed.document, qr)!;
    drop(text, ed.pages[0]!.rows[qrLocation.rowIndex]!.columns[0]!.id, 1);
    expect(nestingDepth(ed.document, text)).toBe(0);
    expect(types(ed.pages[0]!.rows[qrLocation.rowIndex]!.columns[0]!.blocks)).toEqual(['qrcode', 'richText']);
    // The nested row keeps its emptied column: the designer made it and may fill it again.
    expect(columns()).toHaveLength(2);
    expect(columns()[1]!.blocks).toEqual([]);
  });

  it('orders blocks inside one nested column', () => {
    const { ed, text, qr, columns, drop } = layout();
    const target = columns()[0]!.id;
    drop(text, target, 0);
    drop(qr, target, 0);
    expect(types(columns()[0]!.blocks)).toEqual(['qrcode', 'richText']);
    drop(qr, target, 2);
    expect(types(columns()[0]!.blocks)).toEqual(['richText', 'qrcode']);
    const before = ed.state;
    drop(qr, target, 1); // its own place: nothing changes, nothing is recorded
    expect(ed.state).toBe(before);
  });

  it('refuses to drop a nested row into itself', () => {
    const { ed, row, text, columns, drop } = layout();
    drop(text, columns()[0]!.id, 0);
    const before = ed.state;
    drop(row, columns()[1]!.id, 0);
    expect(ed.state).toBe(before);
  });

  it('a nested row can hold another nested row, and blocks move into the inner one', () => {
    const { ed, text, row, columns, drop } = layout();
    ed.select(row).insert('row');
    const inner = ed.selectedId!;
    drop(inner, columns()[0]!.id, 0);
    expect(nestingDepth(ed.document, inner)).toBe(1);
    const innerColumn = (ed.block(inner) as RowBlock).columns[1]!;
    drop(text, innerColumn.id, 0);
    expect(nestingDepth(ed.document, text)).toBe(2);
    ed.undo();
    expect(nestingDepth(ed.document, text)).toBe(0);
  });

  it('Alt+arrows walk a block into a nested row, through it and out of it', () => {
    const { ed, text, row, step } = layout();
    // Down from the page row above: into the nested row's first column.
    step(text, 1);
    expect(nestingDepth(ed.document, text)).toBe(1);
    expect(locateBlock(ed.document, text)!.trail.at(-1)).toEqual({ columnIndex: 0, blockIndex: 0 });
    // Down again: alone in the nested column, it leaves the row and lands below it.
    step(text, 1);
    expect(nestingDepth(ed.document, text)).toBe(0);
    const location = locateBlock(ed.document, text)!;
    const column = ed.pages[0]!.rows[location.rowIndex]!.columns[0]!;
    expect(types(column.blocks)).toEqual(['row', 'richText']);
    // Up: the neighbour above is the nested row: back in, at the bottom of its first column.
    step(text, -1);
    expect(nestingDepth(ed.document, text)).toBe(1);
    // Up again: out above the row.
    step(text, -1);
    expect(types(ed.pages[0]!.rows[locateBlock(ed.document, row)!.rowIndex]!.columns[0]!.blocks)).toEqual([
      'richText',
      'row',
    ]);
    // Every step was its own undo step.
    ed.undo(4);
    expect(ed.layout[0]).toEqual(['richText', 'row', 'qrcode']);
    expect(ed.pages[0]!.rows).toHaveLength(3);
  });

  it('without nested rows around, Alt+arrows still swap page rows', () => {
    const ed = new TestEditor().insert('richText');
    const first = ed.selectedId!;
    ed.insert('qrcode');
    ed.state = moveBlockStep(ed.state, first, 1);
    expect(ed.layout[0]).toEqual(['qrcode', 'richText']);
    ed.state = moveBlockStep(ed.state, first, 1); // already last: nothing moves
    expect(ed.layout[0]).toEqual(['qrcode', 'richText']);
  });
});

describe('dropping a block between page rows', () => {
  it('takes it out of a nested row into a page row of its own, keeping the nested column', () => {
    const { ed, text, columns, drop } = layout();
    drop(text, columns()[1]!.id, 0);
    ed.state = moveBlockToNewRow(ed.state, text, ed.pages[0]!.id, null);
    expect(ed.layout[0]).toEqual(['row', 'qrcode', 'richText']);
    expect(columns()).toHaveLength(2);
    ed.undo();
    expect(nestingDepth(ed.document, text)).toBe(1);
  });

  it('moves a page-level block before another row, and leaves a lone block in place', () => {
    const { ed, text, qr } = layout();
    ed.state = moveBlockToNewRow(ed.state, qr, ed.pages[0]!.id, ed.pages[0]!.rows[0]!.id);
    expect(ed.layout[0]).toEqual(['qrcode', 'richText', 'row']);
    const before = ed.state;
    ed.state = moveBlockToNewRow(ed.state, text, ed.pages[0]!.id, ed.pages[0]!.rows[2]!.id);
    expect(ed.state).toBe(before);
  });
});
