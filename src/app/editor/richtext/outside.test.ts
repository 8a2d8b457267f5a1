import { type Descendant, Editor, type Operation, Transforms } from 'slate';
import { describe, expect, it } from 'vitest';
import { emptyText, showOutsideValue } from './outside';
import { createQuireEditor } from './slate';

const paragraphs = (...texts: string[]): Descendant[] =>
  texts.map((text) => ({ type: 'paragraph', children: [{ text }] }) as Descendant);
const caretAt = (path: number[], offset: number) => ({ anchor: { path, offset }, focus: { path, offset } });

function editorWith(value: Descendant[]) {
  const editor = createQuireEditor();
  editor.children = value;
  Transforms.select(editor, Editor.end(editor, []));
  return editor;
}

describe('showOutsideValue', () => {
  it('puts the other tab’s text into the same editor and keeps the caret, so the next key lands', () => {
    const editor = editorWith(paragraphs('Shared start.'));
    expect(showOutsideValue(editor, paragraphs('Shared start. Seen live.'), editor.selection)).toBe(true);
    expect(editor.selection).toEqual(caretAt([0, 0], 24));
    Editor.insertText(editor, ' Mine.');
    expect(Editor.string(editor, [])).toBe('Shared start. Seen live. Mine.');
  });

  it('takes the caret the page shows over Slate’s older one', () => {
    const editor = editorWith(paragraphs('abc def'));
    showOutsideValue(editor, paragraphs('abc def ghi'), caretAt([0, 0], 3));
    expect(editor.selection).toEqual(caretAt([0, 0], 3));
  });

  it('changes only what differs, by operations (the nodes around stay the same objects)', () => {
    const editor = editorWith(paragraphs('one', 'two', 'three'));
    const [first, , third] = editor.children;
    const applied: Operation[] = [];
    const apply = editor.apply;
    editor.apply = (op) => {
      applied.push(op);
      apply(op);
    };
    showOutsideValue(editor, paragraphs('one', 'TWO', 'three'), editor.selection);
    expect(editor.children[0]).toBe(first);
    expect(editor.children[2]).toBe(third);
    expect(applied.filter((op) => op.type !== 'set_selection').map((op) => op.type)).toEqual([
      'remove_text',
      'insert_text',
    ]);
  });

  it('does nothing when the editor already shows the value (its own edit coming back)', () => {
    const editor = editorWith(paragraphs('same'));
    const before = editor.children;
    expect(showOutsideValue(editor, paragraphs('same'), editor.selection)).toBe(false);
    expect(editor.children).toBe(before);
  });

  it('never shares the model’s nodes with the editor', () => {
    const editor = editorWith(paragraphs('a'));
    const value = paragraphs('a', 'b');
    showOutsideValue(editor, value, null);
    expect(editor.children[1]).toEqual(value[1]);
    expect(editor.children[1]).not.toBe(value[1]);
  });

  it('shows an empty value as one empty paragraph', () => {
    const editor = editorWith(paragraphs('gone'));
    showOutsideValue(editor, [], editor.selection);
    expect(editor.children).toEqual(emptyText());
    expect(editor.selection).toEqual(caretAt([0, 0], 0));
  });
});
