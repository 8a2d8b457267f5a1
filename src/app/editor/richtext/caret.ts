/**
 * Pure: where the caret goes when a text area is rebuilt from an outside version (another tab's
 * save, undo, redo) while the user is in it. Each point keeps its place relative to the text before
 * it: text added or removed elsewhere in its line does not move it off the word it was in.
 */
import { Editor, type Point, type Range, Text } from 'slate';

/** The caret of the area being replaced, with the text of the line each end sat in. */
export interface CaretHandoff {
  selection: Range;
  anchorText: string;
  focusText: string;
}

/**
 * Maps an offset in `before` to `after`: unchanged text before it keeps it in place; when only text
 * behind it changed it moves with that text; inside a changed stretch it goes to that stretch's end.
 */
export function mapOffset(before: string, after: string, offset: number): number {
  let prefix = 0;
  const shortest = Math.min(before.length, after.length);
  while (prefix < shortest && before[prefix] === after[prefix]) prefix++;
  if (offset <= prefix) return Math.min(offset, after.length);
  let suffix = 0;
  while (suffix < shortest - prefix && before[before.length - 1 - suffix] === after[after.length - 1 - suffix])
    suffix++;
  if (offset >= before.length - suffix)
    return Math.max(0, Math.min(after.length, offset + after.length - before.length));
  return after.length - suffix;
}

function mapPoint(editor: Editor, point: Point, text: string): Point {
  if (Editor.hasPath(editor, point.path)) {
    const [node] = Editor.node(editor, point.path);
    if (Text.isText(node)) return { path: point.path, offset: mapOffset(text, node.text, point.offset) };
  }
  return Editor.end(editor, []);
}

/** The handoff's caret in `editor`'s (new) value; the end of the text when its line is gone. */
export function restoreCaret(editor: Editor, handoff: CaretHandoff): Range {
  return {
    anchor: mapPoint(editor, handoff.selection.anchor, handoff.anchorText),
    focus: mapPoint(editor, handoff.selection.focus, handoff.focusText),
  };
}

/** The caret of `editor` to hand over, or null when it has none. */
export function takeCaret(editor: Editor, selection: Range | null): CaretHandoff | null {
  if (!selection) return null;
  const textAt = (point: Point) => {
    if (!Editor.hasPath(editor, point.path)) return '';
    const [node] = Editor.node(editor, point.path);
    return Text.isText(node) ? node.text : '';
  };
  return { selection, anchorText: textAt(selection.anchor), focusText: textAt(selection.focus) };
}
