import { describe, expect, it } from 'vitest';
import { createParagraph, UNDO_LIMIT } from '../../../core/model';
import { TestEditor } from '../testing/TestEditor';
import { setDocumentParts } from './commands';

describe('editor commands', () => {
  it('inserts blocks below the selection and selects them', () => {
    const editor = new TestEditor().insert('richText').insert('table');
    expect(editor.layout).toEqual([['richText', 'table']]);
    expect(editor.block().type).toBe('table');
    const first = editor.pages[0]!.rows[0]!.columns[0]!.blocks[0]!.id;
    editor.select(first).insert('qrcode');
    expect(editor.layout).toEqual([['richText', 'qrcode', 'table']]);
  });

  it('moves blocks with the keyboard commands and never past the ends', () => {
    const editor = new TestEditor().insert('richText').insert('table').insert('qrcode');
    editor.move(-1);
    expect(editor.layout).toEqual([['richText', 'qrcode', 'table']]);
    editor.move(-1).move(-1);
    expect(editor.layout).toEqual([['qrcode', 'richText', 'table']]);
    editor.move(1).move(1).move(1);
    expect(editor.layout).toEqual([['richText', 'table', 'qrcode']]);
  });

  it('drops a block before another row as one undo step', () => {
    const editor = new TestEditor().insert('richText').insert('table').insert('barcode');
    const barcode = editor.selectedId!;
    editor.drop(barcode, 0, 0);
    expect(editor.layout).toEqual([['barcode', 'richText', 'table']]);
    editor.undo();
    expect(editor.layout).toEqual([['richText', 'table', 'barcode']]);
  });

  it('duplicates, deletes, copies and pastes with fresh ids', () => {
    const editor = new TestEditor().insert('qrcode');
    const original = editor.selectedId!;
    editor.duplicate();
    expect(editor.layout).toEqual([['qrcode', 'qrcode']]);
    expect(editor.selectedId).not.toBe(original);
    editor.delete();
    expect(editor.layout).toEqual([['qrcode']]);
    expect(editor.selectedId).toBeNull();
    editor.select(original).copy().paste();
    expect(editor.layout).toEqual([['qrcode', 'qrcode']]);
    expect(new Set(editor.pages[0]!.rows.map((r) => r.columns[0]!.blocks[0]!.id)).size).toBe(2);
  });

  it('groups consecutive updates of one block into one undo step', () => {
    const editor = new TestEditor().insert('richText');
    for (const text of ['H', 'He', 'Hel', 'Hello']) editor.update({ content: [createParagraph(text)] });
    editor.undo();
    expect(editor.layout).toEqual([['richText']]);
    const block = editor.block(editor.pages[0]!.rows[0]!.columns[0]!.blocks[0]!.id);
    expect(block.type === 'richText' && block.content).toEqual([createParagraph('')]);
    editor.undo();
    expect(editor.layout).toEqual([[]]);
    editor.redo(2);
    const again = editor.pages[0]!.rows[0]!.columns[0]!.blocks[0]!;
    expect(again.type === 'richText' && again.content).toEqual([createParagraph('Hello')]);
  });

  it('keeps at most the spec number of undo steps', () => {
    const editor = new TestEditor();
    for (let i = 0; i < UNDO_LIMIT + 20; i++) editor.insert('horizontalRule');
    editor.undo(UNDO_LIMIT + 20);
    expect(editor.layout[0]).toHaveLength(20);
  });

  it('edits tables: rows, columns, merge and split, cells', () => {
    const editor = new TestEditor().insert('table');
    editor.table({ kind: 'insertRow', index: 2 }).table({ kind: 'insertColumn', index: 3 });
    let block = editor.block();
    expect(block.type === 'table' && [block.table.rows.length, block.table.columns.length]).toEqual([3, 4]);
    editor.table({ kind: 'merge', range: { rowIndex: 0, colIndex: 0, rowSpan: 1, colSpan: 2 } });
    block = editor.block();
    expect(block.type === 'table' && block.table.merges).toEqual([
      { rowIndex: 0, colIndex: 0, rowSpan: 1, colSpan: 2 },
    ]);
    editor.table({ kind: 'split', row: 0, col: 0 }).cell(1, 1, { background: '#ffeecc', verticalAlign: 'middle' });
    block = editor.block();
    expect(block.type === 'table' && block.table.merges).toEqual([]);
    expect(block.type === 'table' && block.table.rows[1]!.cells[1]!.background).toBe('#ffeecc');
    editor.table({ kind: 'set', patch: { headerRowCount: 1, dynamicRows: { rootPath: 'lines' } } });
    block = editor.block();
    expect(block.type === 'table' && block.table.dynamicRows).toEqual({ rootPath: 'lines' });
  });

  it('adds columns beside a block and normalises dragged widths', () => {
    const editor = new TestEditor().insert('richText').addColumn();
    const widths = () => editor.pages[0]!.rows[0]!.columns.map((c) => c.width);
    expect(widths()).toEqual([50, 50]);
    editor.widths(0, 0, [30, 90]);
    expect(widths()).toEqual([25, 75]);
    expect(widths().reduce((a, b) => a + b)).toBe(100);
  });

  it('adds, duplicates, moves and deletes pages, keeping a valid selection', () => {
    const editor = new TestEditor().insert('richText').page('add');
    expect(editor.pages).toHaveLength(2);
    expect(editor.state.selection.pageId).toBe(editor.pages[1]!.id);
    editor.insert('qrcode').page('up');
    expect(editor.layout).toEqual([['qrcode'], ['richText']]);
    editor.selectPage(0).page('duplicate');
    expect(editor.layout).toEqual([['qrcode'], ['qrcode'], ['richText']]);
    editor.page('delete').page('delete').page('delete');
    expect(editor.pages).toHaveLength(1);
    expect(editor.state.selection.pageId).toBe(editor.pages[0]!.id);
  });

  it('changes page setting and document settings with undo', () => {
    const editor = new TestEditor().pageSetting({ direction: 'horizontal', paddingTop: 10 }).settings({ fontSize: 12 });
    expect(editor.content.pageSetting.direction).toBe('horizontal');
    expect(editor.content.settings.fontSize).toBe(12);
    editor.undo();
    expect(editor.content.settings.fontSize).toBe(9);
    expect(editor.content.pageSetting.paddingTop).toBe(10);
  });

  it('edits the signature list and sections as undo steps, a label typed letter by letter as one', () => {
    const editor = new TestEditor().page('add');
    const [first, second] = editor.pages.map((p) => p.id);
    const ref = { id: 's1', key: 'Manager', grouping: 'node' as const };
    editor.state = setDocumentParts(editor.state, { signatureList: [ref], signatureLayout: 'table' });
    for (const label of ['A', 'Ap', 'App'])
      editor.state = setDocumentParts(editor.state, { signatureList: [{ ...ref, label }] }, 'sig-label-s1');
    editor.state = setDocumentParts(editor.state, { sections: [{ id: 'x', name: 'Annex', pageIds: [second!] }] });
    expect(editor.document.sections).toEqual([{ id: 'x', name: 'Annex', pageIds: [second] }]);
    editor.undo();
    expect(editor.document.sections).toEqual([]);
    expect(editor.document.signatureList).toEqual([{ ...ref, label: 'App' }]);
    editor.undo();
    expect(editor.document.signatureList).toEqual([ref]);
    expect(editor.document.signatureLayout).toBe('table');
    editor.undo();
    expect(editor.document.signatureList).toEqual([]);
    // Deleting a page takes it out of the sections that held it.
    editor.state = setDocumentParts(editor.state, {
      sections: [{ id: 'x', name: 'Annex', pageIds: [first!, second!] }],
    });
    editor.page('delete');
    expect(editor.document.sections[0]!.pageIds).toHaveLength(1);
  });

  it('clears the selection when undo removes the selected block', () => {
    const editor = new TestEditor().insert('image');
    editor.undo();
    expect(editor.selectedId).toBeNull();
  });
});
