/**
 * An outside version of a text (another tab's save followed, a version pulled by sync, undo, redo)
 * goes into the live Slate editor in place: the editor, its DOM element and so the page's focus stay;
 * only the nodes that differ are changed (`Transforms.setChildren` reconciles by operations), and the
 * caret is put back where `caret.ts` says. Rebuilding the area instead dropped the focus, and the next
 * keys went nowhere.
 */
import { type Descendant, Editor, type Range, Transforms } from 'slate';
import { restoreCaret, takeCaret } from './caret';

/** What an empty text shows: one empty paragraph (Slate cannot hold no block at all). */
export const emptyText = (): Descendant[] => [{ type: 'paragraph', children: [{ text: '' }] } as Descendant];

/**
 * Replaces the editor's text with `value`, keeping `selection` (the caret the user sees: the page's,
 * which may be newer than `editor.selection`) at its place in the new text. False when the editor
 * already showed `value` (nothing changed, no operation applied).
 */
export function showOutsideValue(editor: Editor, value: Descendant[], selection: Range | null): boolean {
  const before = editor.children;
  const caret = takeCaret(editor, selection);
  Editor.withoutNormalizing(editor, () => {
    // A copy: the model's nodes may be shown by another area too (a duplicated block), and one node
    // object must not sit in two editors' DOM maps.
    Transforms.setChildren(editor, value.length > 0 ? structuredClone(value) : emptyText());
  });
  const changed = editor.children !== before;
  if (caret) {
    const range = restoreCaret(editor, caret);
    if (changed) Transforms.select(editor, range);
  }
  return changed;
}
