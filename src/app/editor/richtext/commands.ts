/**
 * Text edits recorded in the undo history. Typing into one block stays one undo step (as every block
 * update does); a change made in a media settings popover (an inline image or a QR code edited,
 * deleted) is a step of its own, so Ctrl+Z takes back exactly that change.
 */
import {
  blockUpdateGroup,
  type RichText,
  record,
  type TemplateDocument,
  updateBlock as updateBlockOp,
  updateTableCell,
} from '../../../core/model';
import type { EditorState } from '../state/commands';
import type { MediaEdit } from './slate';

/** The undo group of a media edit in a block: consecutive changes undo together; a removal alone. */
const mediaEditGroup = (blockId: string, edit: MediaEdit) => `media-${edit}:${blockId}`;

const groupOf = (blockId: string, mediaEdit: MediaEdit | false) =>
  mediaEdit ? mediaEditGroup(blockId, mediaEdit) : blockUpdateGroup(blockId);

function commit(state: EditorState, document: TemplateDocument, group: string): EditorState {
  const present = state.history.present;
  if (document === present.document) return state;
  return { ...state, history: record(state.history, { ...present, document }, group) };
}

/** New content of a text block (text, labelled field, floating box, article). */
export function updateTextContent(
  state: EditorState,
  blockId: string,
  content: RichText,
  mediaEdit: MediaEdit | false = false,
): EditorState {
  const next = updateBlockOp(state.history.present.document, blockId, { content });
  return commit(state, next, groupOf(blockId, mediaEdit));
}

/** New content of a table cell. */
export function updateCellContent(
  state: EditorState,
  blockId: string,
  row: number,
  col: number,
  content: RichText,
  mediaEdit: MediaEdit | false = false,
): EditorState {
  const next = updateTableCell(state.history.present.document, blockId, row, col, { content });
  return commit(state, next, groupOf(blockId, mediaEdit));
}
