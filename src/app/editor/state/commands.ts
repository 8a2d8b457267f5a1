/**
 * Editor commands: pure functions from one editor state to the next. All document edits go through
 * the model's operations and are recorded in the model's undo history, so the React layer, the unit
 * tests (TestEditor) and keyboard shortcuts share exactly one behaviour.
 */
import {
  addPage,
  type Block,
  type BlockPatch,
  type BlockType,
  blockUpdateGroup,
  type CellRange,
  canRedo,
  canUndo,
  createBlock,
  createColumn,
  createHistory,
  deleteBlock as deleteBlockOp,
  deletePage,
  deleteTableColumn,
  deleteTableRow,
  duplicateBlock as duplicateBlockOp,
  duplicatePage,
  editTable,
  findBlock,
  type History,
  insertBlock as insertBlockOp,
  insertTableColumn,
  insertTableRow,
  locateBlock,
  mergeTableCells,
  movePageDown,
  movePageUp,
  normaliseWidths,
  type PageSetting,
  type ParsedTemplateContent,
  type Row,
  reassignBlockIds,
  record,
  redo as redoHistory,
  type Settings,
  splitTableCell,
  type Table,
  type TableCell,
  type TemplateDocument,
  undo as undoHistory,
  updateBlock as updateBlockOp,
  updateRows,
  updateTableCell,
} from '../../../core/model';

interface EditorSelection {
  pageId: string;
  blockId: string | null;
  /** Selected table cell of the selected table block, when any. */
  cell: { row: number; col: number } | null;
}

export interface EditorState {
  history: History<ParsedTemplateContent>;
  selection: EditorSelection;
  /** A copied block (kept outside the history: copying is not an edit). */
  clipboard: Block | null;
}

export function createEditorState(content: ParsedTemplateContent): EditorState {
  return {
    history: createHistory(content),
    selection: { pageId: content.document.pages[0]!.id, blockId: null, cell: null },
    clipboard: null,
  };
}

export const contentOf = (state: EditorState) => state.history.present;
export const documentOf = (state: EditorState) => state.history.present.document;

function commitDocument(state: EditorState, document: TemplateDocument, group?: string): EditorState {
  const present = state.history.present;
  if (document === present.document) return state;
  return { ...state, history: record(state.history, { ...present, document }, group) };
}

/** Keeps the selection pointing at things that exist (after undo, delete, page removal). */
function repairSelection(state: EditorState): EditorState {
  const document = documentOf(state);
  const { selection } = state;
  let pageId = selection.pageId;
  let blockId = selection.blockId;
  if (blockId) {
    const location = locateBlock(document, blockId);
    if (location) pageId = document.pages[location.pageIndex]!.id;
    else blockId = null;
  }
  if (!document.pages.some((page) => page.id === pageId)) pageId = document.pages[0]!.id;
  if (pageId === selection.pageId && blockId === selection.blockId) return state;
  return { ...state, selection: { pageId, blockId, cell: blockId === selection.blockId ? selection.cell : null } };
}

// ───────────────────────────── selection ─────────────────────────────

export function selectBlock(state: EditorState, blockId: string | null): EditorState {
  if (blockId === null) return { ...state, selection: { ...state.selection, blockId: null, cell: null } };
  const location = locateBlock(documentOf(state), blockId);
  if (!location) return state;
  const pageId = documentOf(state).pages[location.pageIndex]!.id;
  const cell = state.selection.blockId === blockId ? state.selection.cell : null;
  return { ...state, selection: { pageId, blockId, cell } };
}

export function selectCell(state: EditorState, blockId: string, row: number, col: number): EditorState {
  const selected = selectBlock(state, blockId);
  return { ...selected, selection: { ...selected.selection, cell: { row, col } } };
}

export function selectPage(state: EditorState, pageId: string): EditorState {
  return { ...state, selection: { pageId, blockId: null, cell: null } };
}

export function selectedBlock(state: EditorState): Block | undefined {
  return state.selection.blockId ? findBlock(documentOf(state), state.selection.blockId) : undefined;
}

// ───────────────────────────── blocks ─────────────────────────────

/** The page row that holds a block (top level), or undefined. */
function rowOf(document: TemplateDocument, blockId: string): { pageIndex: number; rowIndex: number } | undefined {
  const location = locateBlock(document, blockId);
  return location ? { pageIndex: location.pageIndex, rowIndex: location.rowIndex } : undefined;
}

/** Inserts a block below the selected block's row (or at the bottom of the selected page) and selects it. */
export function insertBlock(state: EditorState, typeOrBlock: BlockType | Block): EditorState {
  const block = typeof typeOrBlock === 'string' ? createBlock(typeOrBlock) : typeOrBlock;
  const document = documentOf(state);
  let pageId = state.selection.pageId;
  let beforeRowId: string | undefined;
  const at = state.selection.blockId ? rowOf(document, state.selection.blockId) : undefined;
  if (at) {
    const page = document.pages[at.pageIndex]!;
    pageId = page.id;
    beforeRowId = page.rows[at.rowIndex + 1]?.id;
  }
  const next = insertBlockOp(document, pageId, block, beforeRowId ? { beforeRowId } : {});
  return selectBlock(commitDocument(state, next), block.id);
}

export function duplicateBlock(state: EditorState, blockId: string): EditorState {
  const before = documentOf(state);
  const next = duplicateBlockOp(before, blockId);
  const location = locateBlock(next, blockId)!;
  const column = columnAt(next, location);
  const copy = column.blocks[location.trail[location.trail.length - 1]!.blockIndex + 1];
  return selectBlock(commitDocument(state, next), copy?.id ?? blockId);
}

export function deleteBlock(state: EditorState, blockId: string): EditorState {
  return repairSelection(commitDocument(state, deleteBlockOp(documentOf(state), blockId)));
}

/** Patches a block. Consecutive patches of one block form a single undo step. */
export function updateBlock(
  state: EditorState,
  blockId: string,
  patch: BlockPatch | ((block: Block) => Block),
): EditorState {
  return commitDocument(state, updateBlockOp(documentOf(state), blockId, patch), blockUpdateGroup(blockId));
}

function columnAt(document: TemplateDocument, location: NonNullable<ReturnType<typeof locateBlock>>) {
  let columns = document.pages[location.pageIndex]!.rows[location.rowIndex]!.columns;
  for (let i = 0; i < location.trail.length - 1; i++) {
    const step = location.trail[i]!;
    columns = (columns[step.columnIndex]!.blocks[step.blockIndex] as Extract<Block, { type: 'row' }>).columns;
  }
  return columns[location.trail[location.trail.length - 1]!.columnIndex]!;
}

/**
 * Moves a block one place up or down: within its column when it has a neighbour there, otherwise
 * its whole page row swaps with the neighbouring row. Nothing moves past the ends of the page.
 */
export function moveBlock(state: EditorState, blockId: string, direction: -1 | 1): EditorState {
  const document = documentOf(state);
  const location = locateBlock(document, blockId);
  if (!location) return state;
  const page = document.pages[location.pageIndex]!;
  if (location.trail.length === 1) {
    const step = location.trail[0]!;
    const row = page.rows[location.rowIndex]!;
    const column = row.columns[step.columnIndex]!;
    const target = step.blockIndex + direction;
    if (target >= 0 && target < column.blocks.length) {
      const blocks = column.blocks.slice();
      [blocks[step.blockIndex], blocks[target]] = [blocks[target]!, blocks[step.blockIndex]!];
      const columns = row.columns.map((c, i) => (i === step.columnIndex ? { ...c, blocks } : c));
      const rows = page.rows.map((r, i) => (i === location.rowIndex ? { ...r, columns } : r));
      return commitDocument(state, updateRows(document, page.id, rows));
    }
  }
  const targetRow = location.rowIndex + direction;
  if (targetRow < 0 || targetRow >= page.rows.length) return state;
  const rows = page.rows.slice();
  [rows[location.rowIndex], rows[targetRow]] = [rows[targetRow]!, rows[location.rowIndex]!];
  return commitDocument(state, updateRows(document, page.id, rows));
}

/** Adds a column holding a new block beside the block's column (widths normalised). */
export function addColumnBeside(state: EditorState, blockId: string, type: BlockType = 'richText'): EditorState {
  const document = documentOf(state);
  const location = rowOf(document, blockId);
  if (!location) return state;
  const page = document.pages[location.pageIndex]!;
  const row = page.rows[location.rowIndex]!;
  const step = locateBlock(document, blockId)!.trail[0]!;
  const block = createBlock(type);
  const share = 100 / (row.columns.length + 1);
  const columns = [...row.columns];
  columns.splice(step.columnIndex + 1, 0, createColumn([block], share));
  const scaled = normaliseWidths(
    columns.map((c) => (c.blocks.includes(block) ? c : { ...c, width: c.width * (1 - share / 100) })),
  );
  const rows = page.rows.map((r, i) => (i === location.rowIndex ? { ...r, columns: scaled } : r));
  return selectBlock(commitDocument(state, updateRows(document, page.id, rows)), block.id);
}

/** Sets a row's column widths (drag of a column divider); widths are normalised to sum to 100. */
export function setColumnWidths(state: EditorState, pageId: string, rowId: string, widths: number[]): EditorState {
  const document = documentOf(state);
  const page = document.pages.find((p) => p.id === pageId);
  const row = page?.rows.find((r) => r.id === rowId);
  if (!page || !row || widths.length !== row.columns.length) return state;
  const columns = normaliseWidths(row.columns.map((c, i) => ({ ...c, width: Math.max(5, widths[i]!) })));
  const rows: Row[] = page.rows.map((r) => (r.id === rowId ? { ...r, columns } : r));
  return commitDocument(state, updateRows(document, pageId, rows), `widths:${rowId}`);
}

// ───────────────────────────── tables ─────────────────────────────

export function updateCell(
  state: EditorState,
  blockId: string,
  row: number,
  col: number,
  patch: Partial<Omit<TableCell, 'id'>>,
): EditorState {
  return commitDocument(state, updateTableCell(documentOf(state), blockId, row, col, patch), blockUpdateGroup(blockId));
}

export type TableEdit =
  | { kind: 'insertRow'; index: number }
  | { kind: 'deleteRow'; index: number }
  | { kind: 'insertColumn'; index: number }
  | { kind: 'deleteColumn'; index: number }
  | { kind: 'merge'; range: CellRange }
  | { kind: 'split'; row: number; col: number }
  | { kind: 'set'; patch: Partial<Table> };

export function editTableBlock(state: EditorState, blockId: string, edit: TableEdit): EditorState {
  const document = documentOf(state);
  let next: TemplateDocument;
  switch (edit.kind) {
    case 'insertRow':
      next = insertTableRow(document, blockId, edit.index);
      break;
    case 'deleteRow':
      next = deleteTableRow(document, blockId, edit.index);
      break;
    case 'insertColumn':
      next = insertTableColumn(document, blockId, edit.index);
      break;
    case 'deleteColumn':
      next = deleteTableColumn(document, blockId, edit.index);
      break;
    case 'merge':
      next = mergeTableCells(document, blockId, edit.range);
      break;
    case 'split':
      next = splitTableCell(document, blockId, edit.row, edit.col);
      break;
    case 'set':
      next = editTable(document, blockId, (table) => ({ ...table, ...edit.patch }));
      break;
  }
  const after = commitDocument(state, next);
  const cell = after.selection.cell;
  const block = findBlock(documentOf(after), blockId);
  if (
    cell &&
    block?.type === 'table' &&
    (cell.row >= block.table.rows.length || cell.col >= block.table.columns.length)
  ) {
    return { ...after, selection: { ...after.selection, cell: null } };
  }
  return after;
}

// ───────────────────────────── pages and settings ─────────────────────────────

export type PageCommand = 'add' | 'delete' | 'duplicate' | 'up' | 'down';

export function pageCommand(state: EditorState, command: PageCommand, pageId = state.selection.pageId): EditorState {
  const document = documentOf(state);
  const index = document.pages.findIndex((p) => p.id === pageId);
  switch (command) {
    case 'add': {
      const next = addPage(document, { afterPageId: pageId });
      return selectPage(commitDocument(state, next), next.pages[index + 1]!.id);
    }
    case 'duplicate': {
      const next = duplicatePage(document, pageId);
      return selectPage(commitDocument(state, next), next.pages[index + 1]!.id);
    }
    case 'delete': {
      const next = deletePage(document, pageId);
      const neighbour = next.pages[Math.min(index, next.pages.length - 1)]!;
      return selectPage(commitDocument(state, next), neighbour.id);
    }
    case 'up':
      return commitDocument(state, movePageUp(document, pageId));
    case 'down':
      return commitDocument(state, movePageDown(document, pageId));
  }
}

export function setPageSetting(state: EditorState, patch: Partial<PageSetting>): EditorState {
  const present = contentOf(state);
  return {
    ...state,
    history: record(state.history, { ...present, pageSetting: { ...present.pageSetting, ...patch } }, 'pageSetting'),
  };
}

export function setSettings(state: EditorState, patch: Partial<Settings>): EditorState {
  const present = contentOf(state);
  return {
    ...state,
    history: record(state.history, { ...present, settings: { ...present.settings, ...patch } }, 'settings'),
  };
}

/** The document's named sections, its signature list and that list's layout (spec 001 §3.11). */
type DocumentParts = Partial<Pick<TemplateDocument, 'sections' | 'signatureList' | 'signatureLayout'>>;

/**
 * Changes the document's parts as one undo step; `group` merges a run of edits (the letters of a
 * label typed) into one step, as typing in a block does.
 */
export function setDocumentParts(state: EditorState, patch: DocumentParts, group?: string): EditorState {
  return commitDocument(state, { ...documentOf(state), ...patch }, group);
}

// ───────────────────────────── history and clipboard ─────────────────────────────

export function undo(state: EditorState): EditorState {
  return canUndo(state.history) ? repairSelection({ ...state, history: undoHistory(state.history) }) : state;
}

export function redo(state: EditorState): EditorState {
  return canRedo(state.history) ? repairSelection({ ...state, history: redoHistory(state.history) }) : state;
}

export function copyBlock(state: EditorState, blockId = state.selection.blockId): EditorState {
  const block = blockId ? findBlock(documentOf(state), blockId) : undefined;
  return block ? { ...state, clipboard: block } : state;
}

/** Pastes the copied block (with fresh ids) below the selection. */
export function pasteBlock(state: EditorState): EditorState {
  return state.clipboard ? insertBlock(state, reassignBlockIds(state.clipboard)) : state;
}

export { canRedo, canUndo };
