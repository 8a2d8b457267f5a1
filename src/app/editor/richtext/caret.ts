/**
 * Where the caret goes when an outside version (another tab's save, a pulled version, undo, redo)
 * replaces the text the user is in. Each end of the selection is remembered as "this many characters
 * into this top-level block" and follows that block (a path ref, moved by the replacement's own
 * operations): text changed before or after it does not move it off the words it was between; a
 * caret at the end of its block stays at the end; one whose surroundings changed goes to the end of
 * its block; one whose block is gone goes to the end of the text.
 */
import { Editor, type Path, type PathRef, type Point, type Range, Text } from 'slate';

/**
 * Maps an offset in `before` onto `after`: kept in the unchanged text before it, shifted with the
 * unchanged text after it, at the end when it was at the end or inside the stretch that changed.
 */
export function mapOffset(before: string, after: string, offset: number): number {
  if (offset >= before.length) return after.length;
  const shortest = Math.min(before.length, after.length);
  let prefix = 0;
  while (prefix < shortest && before[prefix] === after[prefix]) prefix++;
  if (offset <= prefix) return offset;
  let suffix = 0;
  while (suffix < shortest - prefix && before[before.length - 1 - suffix] === after[after.length - 1 - suffix])
    suffix++;
  if (offset >= before.length - suffix) return offset + after.length - before.length;
  return after.length;
}

/** One end of a selection, as a place in its top-level block's text. */
interface BlockPlace {
  block: PathRef;
  /** The block's text (inline chips count as nothing, as `Editor.string` counts them). */
  text: string;
  offset: number;
}

/** The caret of a text about to be replaced; give it to `restoreCaret` once the new text is in. */
interface CaretHandoff {
  anchor: BlockPlace;
  focus: BlockPlace;
}

function placeOf(editor: Editor, point: Point): BlockPlace | null {
  const top = point.path.slice(0, 1);
  if (top.length === 0 || !Editor.hasPath(editor, point.path)) return null;
  const before = Editor.string(editor, { anchor: Editor.start(editor, top), focus: point });
  return { block: Editor.pathRef(editor, top), text: Editor.string(editor, top), offset: before.length };
}

/** The point `offset` characters into the block at `path` (its end when the text is shorter). */
export function pointInBlock(editor: Editor, path: Path, offset: number): Point {
  const end = Editor.end(editor, path);
  if (offset >= Editor.string(editor, path).length) return end;
  let left = offset;
  for (const [node, at] of Editor.nodes(editor, { at: path, match: Text.isText })) {
    if (left <= node.text.length) return { path: at, offset: left };
    left -= node.text.length;
  }
  return end;
}

function pointOf(editor: Editor, place: BlockPlace): Point {
  const path = place.block.unref();
  if (!path || !Editor.hasPath(editor, path)) return Editor.end(editor, []);
  return pointInBlock(editor, path, mapOffset(place.text, Editor.string(editor, path), place.offset));
}

/** Remembers `selection` (read before the text is replaced); null when there is none to keep. */
export function takeCaret(editor: Editor, selection: Range | null): CaretHandoff | null {
  if (!selection) return null;
  const anchor = placeOf(editor, selection.anchor);
  const focus = anchor && placeOf(editor, selection.focus);
  if (!anchor || !focus) {
    anchor?.block.unref();
    return null;
  }
  return { anchor, focus };
}

/** The remembered caret in the editor's new text (releases the handoff's path refs). */
export function restoreCaret(editor: Editor, handoff: CaretHandoff): Range {
  return { anchor: pointOf(editor, handoff.anchor), focus: pointOf(editor, handoff.focus) };
}
