import { createEditor, type Descendant, Editor, Transforms } from 'slate';
import { describe, expect, it } from 'vitest';
import { mapOffset, pointInBlock, restoreCaret, takeCaret } from './caret';

const paragraphs = (...texts: string[]): Descendant[] =>
  texts.map((text) => ({ type: 'paragraph', children: [{ text }] }) as Descendant);
const editorWith = (value: Descendant[]) => {
  const editor = createEditor();
  editor.children = value;
  return editor;
};
const caretAt = (path: number[], offset: number) => ({ anchor: { path, offset }, focus: { path, offset } });

describe('mapOffset', () => {
  it('keeps a caret whose text before it did not change', () => {
    expect(mapOffset('ab cd', 'ab cd', 2)).toBe(2);
    expect(mapOffset('ab cd', 'ab cdef', 3)).toBe(3);
    // Text inserted exactly at the caret goes after it: the user's next key stays beside its word.
    expect(mapOffset('ab cd', 'abXX cd', 2)).toBe(2);
  });
  it('moves a caret with the unchanged text after it', () => {
    expect(mapOffset('ab cd', 'XXab cd', 3)).toBe(5);
    expect(mapOffset('XXab cd', 'ab cd', 5)).toBe(3);
  });
  it('keeps a caret at the end at the end', () => {
    expect(mapOffset('Shared start.', 'Shared start. Seen live.', 13)).toBe(24);
    expect(mapOffset('', 'new', 0)).toBe(3);
    expect(mapOffset('long text', 'short', 9)).toBe(5);
  });
  it('sends a caret inside the changed stretch to the end', () => {
    expect(mapOffset('a12345b', 'aXYb', 3)).toBe(4);
  });
  it('never leaves the new text', () => {
    for (const [before, after] of [
      ['aaaa', 'aa'],
      ['', 'xyz'],
      ['abcabc', 'abc'],
      ['abc', 'abcabc'],
    ] as const) {
      for (let offset = 0; offset <= before.length; offset++) {
        const mapped = mapOffset(before, after, offset);
        expect(mapped).toBeGreaterThanOrEqual(0);
        expect(mapped).toBeLessThanOrEqual(after.length);
      }
    }
  });
});

describe('pointInBlock', () => {
  it('counts characters across the texts of a block', () => {
    const editor = editorWith([
      { type: 'paragraph', children: [{ text: 'ab' }, { text: 'cd', bold: true }] } as Descendant,
    ]);
    expect(pointInBlock(editor, [0], 1)).toEqual({ path: [0, 0], offset: 1 });
    expect(pointInBlock(editor, [0], 3)).toEqual({ path: [0, 1], offset: 1 });
    expect(pointInBlock(editor, [0], 99)).toEqual({ path: [0, 1], offset: 2 });
  });
});

describe('takeCaret / restoreCaret', () => {
  it('keeps the caret in its block when a block is added above it', () => {
    const editor = editorWith(paragraphs('one', 'two'));
    const caret = takeCaret(editor, caretAt([1, 0], 1));
    expect(caret).not.toBeNull();
    Transforms.setChildren(editor, paragraphs('zero', 'one', 'two'));
    expect(restoreCaret(editor, caret!)).toEqual(caretAt([2, 0], 1));
  });
  it('keeps the caret at the end of its block when another tab wrote more there', () => {
    const editor = editorWith(paragraphs('Shared start.'));
    const caret = takeCaret(editor, caretAt([0, 0], 13));
    Transforms.setChildren(editor, paragraphs('Shared start. Seen live.'));
    expect(restoreCaret(editor, caret!)).toEqual(caretAt([0, 0], 24));
  });
  it('goes to the end of its block when the words around it changed', () => {
    const editor = editorWith(paragraphs('first', 'hello world', 'last'));
    const caret = takeCaret(editor, caretAt([1, 0], 8));
    Transforms.setChildren(editor, paragraphs('first', 'hello there, friend', 'last'));
    expect(restoreCaret(editor, caret!)).toEqual(caretAt([1, 0], 'hello there, friend'.length));
  });
  it('goes to the end of the text when its block is gone', () => {
    const editor = editorWith(paragraphs('one', 'two', 'three'));
    const caret = takeCaret(editor, caretAt([1, 0], 2));
    Transforms.setChildren(editor, paragraphs('one', 'three'));
    expect(restoreCaret(editor, caret!)).toEqual(caretAt([1, 0], 5));
    expect(Editor.string(editor, [1])).toBe('three');
  });
  it('keeps a selection’s two ends apart', () => {
    const editor = editorWith(paragraphs('abcdef'));
    const caret = takeCaret(editor, { anchor: { path: [0, 0], offset: 1 }, focus: { path: [0, 0], offset: 3 } });
    Transforms.setChildren(editor, paragraphs('XXabcdef'));
    // Both ends sit in text whose start changed: each goes with the unchanged text after it.
    expect(restoreCaret(editor, caret!)).toEqual({
      anchor: { path: [0, 0], offset: 3 },
      focus: { path: [0, 0], offset: 5 },
    });
  });
  it('hands over nothing without a caret, or with one outside the text', () => {
    expect(takeCaret(editorWith(paragraphs('x')), null)).toBeNull();
    expect(takeCaret(editorWith(paragraphs('x')), caretAt([4, 0], 0))).toBeNull();
  });
});
