/**
 * A headless driver for editor commands: holds an EditorState and applies the same pure commands the
 * UI dispatches, so unit tests read like a user's session ("insert a table, undo, redo") without a DOM.
 */
import {
  type Block,
  type BlockType,
  createDocument,
  createPageSetting,
  createSettings,
  findBlock,
  type ParsedTemplateContent,
} from '../../../core/model';
import { moveBlockToNewRow } from '../canvas/moves';
import * as C from '../state/commands';

export function blankContent(): ParsedTemplateContent {
  return {
    document: createDocument(),
    pageSetting: createPageSetting(),
    settings: createSettings(),
    tagModePageSetting: null,
  };
}

export class TestEditor {
  state: C.EditorState;

  constructor(content: ParsedTemplateContent = blankContent()) {
    this.state = C.createEditorState(content);
  }

  private apply(next: C.EditorState): this {
    this.state = next;
    return this;
  }

  get document() {
    return C.documentOf(this.state);
  }
  get content() {
    return C.contentOf(this.state);
  }
  get pages() {
    return this.document.pages;
  }
  get selectedId() {
    return this.state.selection.blockId;
  }
  /** Block types page by page, row by row, column by column. */
  get layout(): string[][] {
    return this.pages.map((page) =>
      page.rows.flatMap((row) => row.columns.flatMap((col) => col.blocks.map((b) => b.type))),
    );
  }
  block(id = this.selectedId): Block {
    const block = id ? findBlock(this.document, id) : undefined;
    if (!block) throw new Error(`no block ${id}`);
    return block;
  }

  insert(type: BlockType) {
    return this.apply(C.insertBlock(this.state, type));
  }
  select(id: string | null) {
    return this.apply(C.selectBlock(this.state, id));
  }
  selectPage(index: number) {
    return this.apply(C.selectPage(this.state, this.pages[index]!.id));
  }
  update(patch: Parameters<typeof C.updateBlock>[2], id = this.selectedId!) {
    return this.apply(C.updateBlock(this.state, id, patch));
  }
  move(direction: -1 | 1, id = this.selectedId!) {
    return this.apply(C.moveBlock(this.state, id, direction));
  }
  drop(id: string, pageIndex: number, beforeRowIndex: number | null) {
    const page = this.pages[pageIndex]!;
    const before = beforeRowIndex === null ? null : page.rows[beforeRowIndex]!.id;
    // The canvas's drop between rows, which also handles blocks leaving nested rows.
    return this.apply(moveBlockToNewRow(this.state, id, page.id, before));
  }
  duplicate(id = this.selectedId!) {
    return this.apply(C.duplicateBlock(this.state, id));
  }
  delete(id = this.selectedId!) {
    return this.apply(C.deleteBlock(this.state, id));
  }
  addColumn(id = this.selectedId!) {
    return this.apply(C.addColumnBeside(this.state, id));
  }
  widths(pageIndex: number, rowIndex: number, widths: number[]) {
    const page = this.pages[pageIndex]!;
    return this.apply(C.setColumnWidths(this.state, page.id, page.rows[rowIndex]!.id, widths));
  }
  table(edit: C.TableEdit, id = this.selectedId!) {
    return this.apply(C.editTableBlock(this.state, id, edit));
  }
  cell(row: number, col: number, patch: Parameters<typeof C.updateCell>[4], id = this.selectedId!) {
    return this.apply(C.updateCell(this.state, id, row, col, patch));
  }
  page(command: C.PageCommand) {
    return this.apply(C.pageCommand(this.state, command));
  }
  pageSetting(patch: Parameters<typeof C.setPageSetting>[1]) {
    return this.apply(C.setPageSetting(this.state, patch));
  }
  settings(patch: Parameters<typeof C.setSettings>[1]) {
    return this.apply(C.setSettings(this.state, patch));
  }
  undo(times = 1) {
    for (let i = 0; i < times; i++) this.apply(C.undo(this.state));
    return this;
  }
  redo(times = 1) {
    for (let i = 0; i < times; i++) this.apply(C.redo(this.state));
    return this;
  }
  copy() {
    return this.apply(C.copyBlock(this.state));
  }
  paste() {
    return this.apply(C.pasteBlock(this.state));
  }
}
