import { describe, expect, it } from 'vitest';
import type { RichText } from '../../../core/model';
import { TestEditor } from '../testing/TestEditor';
import { blockAtPath, issuesByBlock, parseIssuePath } from './issueBlocks';

const withFilter = (filter: string): RichText =>
  [
    {
      type: 'paragraph',
      children: [
        { text: 'Due ' },
        { type: 'variable', name: 'due', filters: [{ name: filter, args: [] }], children: [{ text: '' }] },
        { text: '' },
      ],
    },
  ] as unknown as RichText;

describe('preview issues at their block', () => {
  it('parses bracketed and dotted paths', () => {
    expect(parseIssuePath('pages[0].rows[12].columns[1].blocks[2].table.cells[3]')).toEqual([
      'pages',
      0,
      'rows',
      12,
      'columns',
      1,
      'blocks',
      2,
      'table',
      'cells',
      3,
    ]);
  });

  it('finds the block a content path points into, nested rows included', () => {
    const editor = new TestEditor().insert('richText').insert('table').insert('row');
    const [text, table, row] = editor.document.pages[0]!.rows.map((r) => r.columns[0]!.blocks[0]!);
    expect(blockAtPath(editor.document, 'pages[0].rows[1].columns[0].blocks[0].table.rows[2]')?.id).toBe(table!.id);
    expect(blockAtPath(editor.document, 'document.pages[0].rows[0].columns[0].blocks[0]')?.id).toBe(text!.id);
    expect(blockAtPath(editor.document, 'pages[0].rows[0]')).toBeUndefined();
    expect(blockAtPath(editor.document, 'pages[3].rows[0].columns[0].blocks[0]')).toBeUndefined();
    expect(blockAtPath(editor.document, 'pageSetting.width')).toBeUndefined();
    // A block inside a nested row is the innermost one named.
    expect(row?.type).toBe('row');
    const inner = { ...text!, id: 'inner' };
    editor.update(
      {
        columns: [
          { id: 'c1', width: 50, blocks: [inner] },
          { id: 'c2', width: 50, blocks: [] },
        ],
      } as never,
      row!.id,
    );
    expect(blockAtPath(editor.document, 'pages[0].rows[2].columns[0].blocks[0].columns[0].blocks[0].content')?.id).toBe(
      'inner',
    );
    expect(blockAtPath(editor.document, 'pages[0].rows[2].columns[0].blocks[0].columns[1]')?.id).toBe(row!.id);
  });

  it('marks the blocks using an unknown filter and leaves page-level issues to the list', () => {
    const editor = new TestEditor().insert('richText');
    const good = editor.selectedId!;
    editor.insert('richText').update({ content: withFilter('nosuch') });
    const bad = editor.selectedId!;
    const marked = issuesByBlock(editor.document, [
      { path: 'nosuch', reason: "unknown filter 'nosuch'" },
      { path: 'pages[0].rows[0].columns[0].blocks[0]', reason: 'too wide' },
      { path: 'pageSetting.width', reason: 'negative' },
    ]);
    expect(marked).toEqual({ [bad]: ["unknown filter 'nosuch'"], [good]: ['too wide'] });
  });

  it('finds the block behind an expression error that names only an offset', () => {
    const editor = new TestEditor().insert('richText').insert('qrcode');
    const qr = editor.selectedId!;
    editor.update({
      qrcode: { size: 100, align: 'center', value: { type: 'custom', value: '{Order no | nosuch}' } },
    } as never);
    editor.insert('barcode');
    const barcode = editor.selectedId!;
    editor.update({
      barcode: { ...(editor.block() as { barcode: object }).barcode, valueType: 'custom', value: '{Order no' },
    } as never);
    const marked = issuesByBlock(editor.document, [
      { path: 'offset 0', reason: "unknown filter 'nosuch'" },
      { path: 'offset 0', reason: "unclosed tag '{Order no'" },
      { path: 'offset 3', reason: 'something no block explains' },
    ]);
    expect(marked).toEqual({ [qr]: ["unknown filter 'nosuch'"], [barcode]: ["unclosed tag '{Order no'"] });
  });
});
