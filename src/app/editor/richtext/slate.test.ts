import { Editor, Transforms } from 'slate';
import { describe, expect, it } from 'vitest';
import { parseBlock } from '../../../core/model';
import {
  createQuireEditor,
  insertCompute,
  insertInlineImage,
  insertLoop,
  insertQrCode,
  insertVariable,
  removeMedia,
  setBlockProp,
  setBlockType,
  setMark,
  takeMediaEdit,
  toggleList,
  toggleMark,
  updateInlineImage,
  updateTextQr,
} from './slate';

function editorWith(text: string) {
  const editor = createQuireEditor();
  editor.children = [{ type: 'paragraph', children: [{ text }] }];
  Transforms.select(editor, Editor.end(editor, []));
  return editor;
}

/** The result must stay valid model rich text. */
function asBlock(editor: Editor) {
  return parseBlock({
    id: 'b',
    type: 'richText',
    margins: { top: 0, right: 0, bottom: 0, left: 0 },
    width: 100,
    style: {},
    content: editor.children,
  });
}

describe('rich-text commands', () => {
  it('inserts a variable chip as an inline void at the cursor', () => {
    const editor = editorWith('Order ');
    insertVariable(editor, 'Order no', [{ name: 'prefix', args: ['#'] }]);
    Editor.insertText(editor, '!');
    const paragraph = editor.children[0] as { children: Array<Record<string, unknown>> };
    expect(paragraph.children.map((c) => c.type ?? c.text)).toEqual(['Order ', 'variable', '!']);
    expect(paragraph.children[1]).toMatchObject({ name: 'Order no', filters: [{ name: 'prefix', args: ['#'] }] });
    expect(asBlock(editor).type).toBe('richText');
  });

  it('applies marks, headings, alignment and lists', () => {
    const editor = editorWith('Title');
    Transforms.select(editor, { anchor: Editor.start(editor, []), focus: Editor.end(editor, []) });
    toggleMark(editor, 'bold');
    setMark(editor, 'color', '#ff0000');
    setMark(editor, 'fontSize', 14);
    setBlockType(editor, 'heading-one');
    setBlockProp(editor, 'align', 'center');
    expect(editor.children[0]).toEqual({
      type: 'heading-one',
      align: 'center',
      children: [{ text: 'Title', bold: true, color: '#ff0000', fontSize: 14 }],
    });
    toggleList(editor, 'numbered-list');
    expect(editor.children[0]).toMatchObject({ type: 'numbered-list', children: [{ type: 'list-item' }] });
    toggleList(editor, 'numbered-list');
    expect(editor.children[0]).toMatchObject({ type: 'paragraph' });
    expect(asBlock(editor).type).toBe('richText');
  });

  it('inserts compute variables and loops the model accepts', () => {
    const editor = editorWith('Total: ');
    insertCompute(editor, 'Lines.Amount');
    insertLoop(editor, 'Lines', ['Product', 'Quantity']);
    const block = asBlock(editor);
    const json = JSON.stringify(block);
    expect(json).toContain('"type":"computeVariable","name":"Lines.Amount","cmd":"sum"');
    expect(json).toContain('"type":"loop","rootPath":"Lines"');
    expect(json).toContain('"type":"loopItemInline","name":"Quantity"');
  });

  it('inserts inline images from a field or a link, inside the line', () => {
    const editor = editorWith('Logo ');
    insertInlineImage(editor, { name: 'Photo' }, 48);
    Editor.insertText(editor, ' and ');
    insertInlineImage(editor, { url: 'https://example.com/a.png' });
    Editor.insertText(editor, '.');
    const paragraph = editor.children[0] as { children: Array<Record<string, unknown>> };
    expect(paragraph.children.map((c) => c.type ?? c.text)).toEqual([
      'Logo ',
      'inline-image',
      ' and ',
      'inline-image',
      '.',
    ]);
    expect(paragraph.children[1]).toMatchObject({ name: 'Photo', width: 48 });
    expect(paragraph.children[3]).toMatchObject({ url: 'https://example.com/a.png' });
    expect(paragraph.children[3]).not.toHaveProperty('width');
    expect(JSON.stringify(asBlock(editor))).toContain('"type":"inline-image","name":"Photo","width":48');
  });

  it('inserts a QR code after the current line, with a new line to keep typing on', () => {
    const editor = editorWith('Scan me');
    editor.children = [...editor.children, { type: 'paragraph', children: [{ text: 'Footer' }] }];
    Transforms.select(editor, Editor.end(editor, [0]));
    insertQrCode(editor, { type: 'currentRecord' });
    Editor.insertText(editor, 'after');
    expect(editor.children.map((n) => (n as { type: string }).type)).toEqual([
      'paragraph',
      'qrcode',
      'paragraph',
      'paragraph',
    ]);
    expect(editor.children[1]).toMatchObject({
      qrcode: { size: 100, align: 'left', value: { type: 'currentRecord' } },
    });
    expect(Editor.string(editor, [2])).toBe('after');
    expect(Editor.string(editor, [3])).toBe('Footer');
    expect(JSON.stringify(asBlock(editor))).toContain('"type":"qrcode"');
  });
});

describe('editing media already in the text', () => {
  it('changes an inline image source and size in place, and deletes it', () => {
    const editor = editorWith('Logo ');
    insertInlineImage(editor, { name: 'Photo' }, 48);
    const at = [0, 1];
    expect(takeMediaEdit(editor)).toBe(false); // inserting is typing, not a settings edit
    updateInlineImage(editor, at, { url: 'https://example.test/logo.png' });
    updateInlineImage(editor, at, { width: 120, height: 0 });
    const [image] = Editor.node(editor, at);
    expect(image).toMatchObject({ type: 'inline-image', url: 'https://example.test/logo.png', width: 120 });
    expect(image).not.toHaveProperty('name');
    expect(image).not.toHaveProperty('height');
    expect(takeMediaEdit(editor)).toBe('change');
    expect(takeMediaEdit(editor)).toBe(false);
    updateInlineImage(editor, at, { name: 'Photo', width: undefined });
    expect(Editor.node(editor, at)[0]).not.toHaveProperty('url');
    expect(Editor.node(editor, at)[0]).not.toHaveProperty('width');
    expect(asBlock(editor).type).toBe('richText');
    removeMedia(editor, at);
    expect(takeMediaEdit(editor)).toBe('remove');
    expect(Editor.string(editor, [])).toBe('Logo ');
    expect(JSON.stringify(editor.children)).not.toContain('inline-image');
  });

  it('changes a QR code in text and deletes it, leaving a line to type on', () => {
    const editor = createQuireEditor();
    editor.children = [{ type: 'paragraph', children: [{ text: '' }] }];
    insertQrCode(editor, { type: 'currentRecord' });
    const at = [1];
    updateTextQr(editor, at, { value: { type: 'custom', value: 'Hello' }, size: 80, align: 'right' });
    expect(Editor.node(editor, at)[0]).toMatchObject({
      type: 'qrcode',
      qrcode: { size: 80, align: 'right', value: { type: 'custom', value: 'Hello' } },
    });
    expect(asBlock(editor).type).toBe('richText');
    removeMedia(editor, at);
    removeMedia(editor, [0]);
    removeMedia(editor, [0]);
    expect(editor.children).toEqual([{ type: 'paragraph', children: [{ text: '' }] }]);
  });
});
