import { createEditor, type Descendant } from 'slate';
import { describe, expect, it } from 'vitest';
import { mapOffset, restoreCaret, takeCaret } from './caret';

const line = (...texts: string[]): Descendant[] =>
  texts.map((text) => ({ type: 'paragraph', children: [{ text }] }) as unknown as Descendant);
const editorWith = (value: Descendant[]) => {
  const editor = createEditor();
  editor.children = value;
  return editor;
};

describe('mapOffset', () => {
  it('keeps a caret before the changed text in place', () => {
    expect(mapOffset('Seen live.', 'Seen live.ONE-typed', 10)).toBe(10);
    expect(mapOffset('Seen live.', 'Seen live.', 4)).toBe(4);
  });
  it('moves a caret after the changed text with the text behind it', () => {
    expect(mapOffset('ab cd', 'ab XX cd', 4)).toBe(7);
    expect(mapOffset('ab XX cd', 'ab cd', 8)).toBe(5);
  });
  it('puts a caret inside a changed stretch at its end', () => {
    expect(mapOffset('a12345b', 'aXYb', 3)).toBe(3);
    expect(mapOffset('abc', '', 2)).toBe(0);
  });
  it('never leaves the new text', () => {
    for (const [before, after] of [
      ['aaaa', 'aa'],
      ['', 'xyz'],
      ['abcabc', 'abc'],
    ] as const) {
      for (let offset = 0; offset <= before.length; offset++) {
        const mapped = mapOffset(before, after, offset);
        expect(mapped).toBeGreaterThanOrEqual(0);
        expect(mapped).toBeLessThanOrEqual(after.length);
      }
    }
  });
});

describe('restoreCaret', () => {
  it('maps the caret onto another tab’s longer text', () => {
    const before = editorWith(line('Shared start. Seen live.'));
    const caret = takeCaret(before, { anchor: { path: [0, 0], offset: 24 }, focus: { path: [0, 0], offset: 24 } });
    expect(caret).not.toBeNull();
    const after = editorWith(line('Shared start. Seen live.ONE-typed'));
    expect(restoreCaret(after, caret!)).toEqual({
      anchor: { path: [0, 0], offset: 24 },
      focus: { path: [0, 0], offset: 24 },
    });
  });
  it('goes to the end when the caret’s line is gone', () => {
    const before = editorWith(line('one', 'two'));
    const caret = takeCaret(before, { anchor: { path: [1, 0], offset: 2 }, focus: { path: [1, 0], offset: 2 } });
    const after = editorWith(line('only one'));
    expect(restoreCaret(after, caret!).anchor).toEqual({ path: [0, 0], offset: 8 });
  });
  it('hands over nothing without a caret', () => {
    expect(takeCaret(editorWith(line('x')), null)).toBeNull();
  });
});
