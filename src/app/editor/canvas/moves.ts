/**
 * Moving blocks into and out of nested rows (row blocks inside columns), by drag and drop and by
 * keyboard. Pure functions over the editor state, recorded as one undo step each, like the commands
 * in state/commands.ts (which move blocks between page rows only).
 */
import {
  type Block,
  type Column,
  createRow,
  deleteBlock as deleteBlockOp,
  findBlock,
  insertAt,
  locateBlock,
  record,
  type TemplateDocument,
  updateRows,
  walkBlocks,
} from '../../../core/model';
import { documentOf, type EditorState, moveBlock, selectBlock } from '../state/commands';

type RowBlock = Extract<Block, { type: 'row' }>;

function commit(state: EditorState, document: TemplateDocument): EditorState {
  const present = state.history.present;
  if (document === present.document) return state;
  return { ...state, history: record(state.history, { ...present, document }) };
}

/** The page (index) whose layout holds the column, or -1. */
function pageOfColumn(document: TemplateDocument, columnId: string): number {
  const has = (columns: readonly Column[]): boolean =>
    columns.some(
      (column) => column.id === columnId || column.blocks.some((block) => block.type === 'row' && has(block.columns)),
    );
  return document.pages.findIndex((page) => page.rows.some((row) => has(row.columns)));
}

/** Copies the columns down to the column `columnId` and replaces its blocks with `edit(blocks)`. */
function editColumn(columns: readonly Column[], columnId: string, edit: (blocks: Block[]) => Block[]): Column[] {
  return columns.map((column) => {
    if (column.id === columnId) return { ...column, blocks: edit(column.blocks) };
    let changed = false;
    const blocks = column.blocks.map((block) => {
      if (block.type !== 'row') return block;
      const inner = editColumn(block.columns, columnId, edit);
      if (inner.every((c, i) => c === block.columns[i])) return block;
      changed = true;
      return { ...block, columns: inner };
    });
    return changed ? { ...column, blocks } : column;
  });
}

/** True when `columnId` lies inside `block` (a row block cannot be dropped into itself). */
function containsColumn(block: Block, columnId: string): boolean {
  if (block.type !== 'row') return false;
  for (const column of block.columns) if (column.id === columnId) return true;
  for (const inner of walkBlocks(block.columns))
    if (inner.type === 'row' && containsColumn(inner, columnId)) return true;
  return false;
}

/**
 * Moves a block into the column `columnId` (a page row's column or a nested row's column) so that it
 * ends up at `index` among that column's blocks as they are now. One undo step; the moved block stays
 * selected. Columns and rows the move empties are removed, as on delete.
 */
export function moveBlockToColumn(state: EditorState, blockId: string, columnId: string, index: number): EditorState {
  const document = documentOf(state);
  const block = findBlock(document, blockId);
  if (!block || containsColumn(block, columnId)) return state;
  const source = locateBlock(document, blockId)!;
  const step = source.trail[source.trail.length - 1]!;
  const sourceColumn = columnAtTrail(document, source);
  let target = index;
  if (sourceColumn.id === columnId) {
    if (index === step.blockIndex || index === step.blockIndex + 1) return state;
    if (index > step.blockIndex) target -= 1;
  }
  const removed = removeBlock(document, source, sourceColumn.id);
  const pageIndex = pageOfColumn(removed, columnId);
  if (pageIndex < 0) return state;
  const page = removed.pages[pageIndex]!;
  const rows = page.rows.map((row) => {
    const columns = editColumn(row.columns, columnId, (blocks) =>
      insertAt(blocks, Math.max(0, Math.min(target, blocks.length)), block),
    );
    return columns.every((c, i) => c === row.columns[i]) ? row : { ...row, columns };
  });
  return selectBlock(commit(state, updateRows(removed, page.id, rows)), blockId);
}

/**
 * Drag and drop onto a page's row gaps: the block gets a new page row of its own before `beforeRowId`
 * (or at the end of the page). A block leaving a nested row leaves its column there.
 */
export function moveBlockToNewRow(
  state: EditorState,
  blockId: string,
  pageId: string,
  beforeRowId: string | null,
): EditorState {
  const document = documentOf(state);
  const location = locateBlock(document, blockId);
  if (!location) return state;
  const sourceColumn = columnAtTrail(document, location);
  const block = sourceColumn.blocks[location.trail[location.trail.length - 1]!.blockIndex]!;
  const sourceRow = document.pages[location.pageIndex]!.rows[location.rowIndex]!;
  const alone = location.trail.length === 1 && sourceRow.columns.length === 1 && sourceColumn.blocks.length === 1;
  const nextRow = document.pages[location.pageIndex]!.rows[location.rowIndex + 1];
  const samePage = document.pages[location.pageIndex]!.id === pageId;
  // Already alone in a page row right there: nothing to do.
  if (alone && samePage && (beforeRowId === sourceRow.id || beforeRowId === (nextRow?.id ?? null))) return state;
  const removed = removeBlock(document, location, sourceColumn.id);
  const page = removed.pages.find((p) => p.id === pageId);
  if (!page) return state;
  const index = beforeRowId === null ? -1 : page.rows.findIndex((r) => r.id === beforeRowId);
  const rows = insertAt(page.rows, index < 0 ? page.rows.length : index, createRow([block]));
  return selectBlock(commit(state, updateRows(removed, pageId, rows)), blockId);
}

/**
 * Takes the block out of its column. A page row's emptied column goes (as on delete); a nested row
 * keeps its emptied column, which the designer made on purpose and may fill again.
 */
function removeBlock(
  document: TemplateDocument,
  location: NonNullable<ReturnType<typeof locateBlock>>,
  columnId: string,
): TemplateDocument {
  const block = columnAtTrail(document, location).blocks[location.trail[location.trail.length - 1]!.blockIndex]!;
  if (location.trail.length === 1) return deleteBlockOp(document, block.id);
  const page = document.pages[location.pageIndex]!;
  const rows = page.rows.map((row, i) =>
    i === location.rowIndex
      ? { ...row, columns: editColumn(row.columns, columnId, (blocks) => blocks.filter((b) => b !== block)) }
      : row,
  );
  return { ...document, pages: document.pages.map((p, i) => (i === location.pageIndex ? { ...p, rows } : p)) };
}

function columnAtTrail(document: TemplateDocument, location: NonNullable<ReturnType<typeof locateBlock>>): Column {
  let columns = document.pages[location.pageIndex]!.rows[location.rowIndex]!.columns;
  for (let i = 0; i < location.trail.length - 1; i++) {
    const step = location.trail[i]!;
    columns = (columns[step.columnIndex]!.blocks[step.blockIndex] as RowBlock).columns;
  }
  return columns[location.trail[location.trail.length - 1]!.columnIndex]!;
}

/** The row block holding the column the block sits in, with the column around that row block. */
function parentRow(document: TemplateDocument, location: NonNullable<ReturnType<typeof locateBlock>>) {
  if (location.trail.length < 2) return undefined;
  const outer = { ...location, trail: location.trail.slice(0, -1) };
  const column = columnAtTrail(document, outer);
  const step = outer.trail[outer.trail.length - 1]!;
  return { column, rowBlock: column.blocks[step.blockIndex] as RowBlock, index: step.blockIndex };
}

/**
 * Alt+↑ / Alt+↓: one step through the layout, nested rows included. A block passes its neighbour in
 * its column; meeting a nested row it enters the row's first column (from above: at the top, from
 * below: at the bottom); at the end of a nested column it leaves the row and lands beside it in the
 * outer column. At a page row's edge it enters a nested row standing alone next door, or else swaps
 * page rows as before.
 */
export function moveBlockStep(state: EditorState, blockId: string, direction: -1 | 1): EditorState {
  const document = documentOf(state);
  const location = locateBlock(document, blockId);
  if (!location) return state;
  const column = columnAtTrail(document, location);
  const index = location.trail[location.trail.length - 1]!.blockIndex;
  const neighbour = column.blocks[index + direction];
  if (neighbour) {
    if (neighbour.type === 'row' && neighbour.columns[0]) {
      const first = neighbour.columns[0];
      return moveBlockToColumn(state, blockId, first.id, direction === 1 ? 0 : first.blocks.length);
    }
    return moveBlockToColumn(state, blockId, column.id, direction === 1 ? index + 2 : index - 1);
  }
  const parent = parentRow(document, location);
  if (parent) return moveBlockToColumn(state, blockId, parent.column.id, parent.index + (direction === 1 ? 1 : 0));
  const page = document.pages[location.pageIndex]!;
  const next = page.rows[location.rowIndex + direction];
  if (next?.columns.length === 1) {
    const only = next.columns[0]!;
    const edge = direction === 1 ? only.blocks[0] : only.blocks[only.blocks.length - 1];
    if (edge?.type === 'row' && edge.columns[0]) {
      const first = edge.columns[0];
      return moveBlockToColumn(state, blockId, first.id, direction === 1 ? 0 : first.blocks.length);
    }
  }
  return moveBlock(state, blockId, direction);
}

/** Where a block sits, for screen readers and tests: 0 for a page row's column, 1 inside one nested row… */
export function nestingDepth(document: TemplateDocument, blockId: string): number {
  const location = locateBlock(document, blockId);
  return location ? location.trail.length - 1 : -1;
}
