/**
 * Block operations on a document: insert (at the bottom of a page or before a row), duplicate,
 * delete, update, table-cell updates, table structure edits, and replacing a page's rows.
 * Each returns a new document and validates what it changed.
 */
import { QuireError } from '../../errors';
import { zodIssues } from '../../issues';
import { createRow } from '../defaults';
import { parseBlock } from '../parse';
import { joinPath } from '../paths';
import { documentIssues, tableIssues } from '../rules';
import { RowSchema } from '../schema';
import type { Block, BlockOfType, Row, Table, TableCell, TemplateDocument } from '../types';
import * as TableOps from './table';
import { editBlockList, getBlock, getPageIndex, insertAt, reassignBlockIds, removeAt, replaceAt } from './tree';

/**
 * Adds `block` in a new full-width row: before the row `beforeRowId`, or at the bottom of the page.
 * Throws `PageNotFound`, or `TemplateParseError` for an invalid block or a duplicate id.
 */
export function insertBlock(
  document: TemplateDocument,
  pageId: string,
  block: Block,
  options: { beforeRowId?: string } = {},
): TemplateDocument {
  const pageIndex = getPageIndex(document, pageId);
  const page = document.pages[pageIndex]!;
  const valid = parseBlock(block, 'block');
  let index = page.rows.length;
  if (options.beforeRowId !== undefined) {
    index = page.rows.findIndex((row) => row.id === options.beforeRowId);
    if (index < 0) throw new QuireError('BlockNotFound', { detail: `row ${options.beforeRowId}` });
  }
  const rows = insertAt(page.rows, index, createRow([valid]));
  return checked({ ...document, pages: replaceAt(document.pages, pageIndex, { ...page, rows }) });
}

/** Inserts a copy with fresh ids right after the block, in the same column. */
export function duplicateBlock(document: TemplateDocument, blockId: string): TemplateDocument {
  return editBlockList(document, blockId, (blocks, index) =>
    insertAt(blocks, index + 1, reassignBlockIds(blocks[index]!)),
  );
}

/** Removes the block; an emptied column goes and its siblings' widths are normalised to 100. */
export function deleteBlock(document: TemplateDocument, blockId: string): TemplateDocument {
  return editBlockList(document, blockId, (blocks, index) => removeAt(blocks, index));
}

export type BlockPatch = Partial<Omit<Block, 'id' | 'type'>> & Record<string, unknown>;

/**
 * Applies a shallow patch (or an updater) to a block. The id and type stay; the result is validated.
 * Throws `BlockNotFound` or `TemplateParseError` (paths start at `block`).
 */
export function updateBlock(
  document: TemplateDocument,
  blockId: string,
  patch: BlockPatch | ((block: Block) => Block),
): TemplateDocument {
  const current = getBlock(document, blockId);
  const next = typeof patch === 'function' ? patch(current) : ({ ...current, ...patch } as Block);
  const candidate = { ...next, id: current.id, type: current.type } as Block;
  const valid = parseBlock(candidate, 'block');
  if (valid.type === 'table') {
    const issues = tableIssues(valid.table, ['block', 'table']);
    if (issues.length > 0) throw new QuireError('TemplateParseError', { issues });
  }
  const result = editBlockList(document, blockId, (blocks, index) => replaceAt(blocks, index, valid));
  return valid.type === 'row' ? checked(result) : result;
}

function getTableBlock(document: TemplateDocument, blockId: string): BlockOfType<'table'> {
  const block = getBlock(document, blockId);
  if (block.type !== 'table') throw new QuireError('NotTable', { detail: blockId, params: { blockId } });
  return block;
}

/** Replaces a table block's table with `edit(table)`, validating the result. Throws `NotTable`. */
export function editTable(
  document: TemplateDocument,
  blockId: string,
  edit: (table: Table) => Table,
): TemplateDocument {
  const block = getTableBlock(document, blockId);
  const table = edit(block.table);
  if (table === block.table) return document;
  const issues = tableIssues(table, ['block', 'table']);
  if (issues.length > 0) throw new QuireError('TemplateParseError', { issues });
  return editBlockList(document, blockId, (blocks, index) => replaceAt(blocks, index, { ...block, table }));
}

/** Patches one cell (its id stays). Throws `NotTable`, `CellNotFound` or `TemplateParseError`. */
export function updateTableCell(
  document: TemplateDocument,
  blockId: string,
  rowIndex: number,
  colIndex: number,
  patch: Partial<Omit<TableCell, 'id'>>,
): TemplateDocument {
  return editTable(document, blockId, (table) => {
    const cell = TableOps.getCell(table, rowIndex, colIndex);
    const next = { ...cell, ...patch, id: cell.id };
    const block = parseBlock(
      { ...getTableBlock(document, blockId), table: TableOps.setCell(table, rowIndex, colIndex, next) },
      'block',
    ) as BlockOfType<'table'>;
    return block.table;
  });
}

export const insertTableRow = (document: TemplateDocument, blockId: string, index: number) =>
  editTable(document, blockId, (table) => TableOps.insertRow(table, index));
export const deleteTableRow = (document: TemplateDocument, blockId: string, index: number) =>
  editTable(document, blockId, (table) => TableOps.deleteRow(table, index));
export const insertTableColumn = (document: TemplateDocument, blockId: string, index: number, width?: number) =>
  editTable(document, blockId, (table) => TableOps.insertColumn(table, index, width));
export const deleteTableColumn = (document: TemplateDocument, blockId: string, index: number) =>
  editTable(document, blockId, (table) => TableOps.deleteColumn(table, index));
export const mergeTableCells = (document: TemplateDocument, blockId: string, range: TableOps.CellRange) =>
  editTable(document, blockId, (table) => TableOps.mergeCells(table, range));
export const splitTableCell = (document: TemplateDocument, blockId: string, rowIndex: number, colIndex: number) =>
  editTable(document, blockId, (table) => TableOps.splitCell(table, rowIndex, colIndex));

/**
 * Replaces a page's rows (drag and drop, column resizing). Rows are validated; ids must stay unique.
 * Throws `PageNotFound` or `TemplateParseError` (paths start at `pages[i].rows`).
 */
export function updateRows(document: TemplateDocument, pageId: string, rows: Row[]): TemplateDocument {
  const pageIndex = getPageIndex(document, pageId);
  const parsed = RowSchema.array().safeParse(rows);
  if (!parsed.success) {
    throw new QuireError('TemplateParseError', {
      issues: zodIssues(parsed.error, { path: (segments) => joinPath(`pages[${pageIndex}].rows`, segments) }),
    });
  }
  const page = document.pages[pageIndex]!;
  return checked({ ...document, pages: replaceAt(document.pages, pageIndex, { ...page, rows: parsed.data as Row[] }) });
}

function checked(document: TemplateDocument): TemplateDocument {
  const issues = documentIssues(document);
  if (issues.length > 0) throw new QuireError('TemplateParseError', { issues });
  return document;
}
