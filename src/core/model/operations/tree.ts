/**
 * Finding and replacing blocks anywhere in the layout tree (blocks nest through `row` blocks),
 * without mutating the input: every change copies the path from the page down.
 */
import { QuireError } from '../../errors';
import { createId } from '../ids';
import type { Block, Column, Page, Row, TemplateDocument } from '../types';

interface BlockLocation {
  pageIndex: number;
  rowIndex: number;
  /** Column/block indexes from the page row down; more than one entry means the block sits in nested rows. */
  trail: Array<{ columnIndex: number; blockIndex: number }>;
}

export function* walkBlocks(columns: readonly Column[]): Generator<Block> {
  for (const column of columns)
    for (const block of column.blocks) {
      yield block;
      if (block.type === 'row') yield* walkBlocks(block.columns);
    }
}

/** Every block of the document, depth first, nested row blocks included. */
export function* allBlocks(document: TemplateDocument): Generator<Block> {
  for (const page of document.pages) for (const row of page.rows) yield* walkBlocks(row.columns);
}

export function locateBlock(document: TemplateDocument, blockId: string): BlockLocation | undefined {
  const search = (columns: readonly Column[]): BlockLocation['trail'] | undefined => {
    for (let c = 0; c < columns.length; c++) {
      const blocks = columns[c]!.blocks;
      for (let b = 0; b < blocks.length; b++) {
        const block = blocks[b]!;
        if (block.id === blockId) return [{ columnIndex: c, blockIndex: b }];
        if (block.type === 'row') {
          const inner = search(block.columns);
          if (inner) return [{ columnIndex: c, blockIndex: b }, ...inner];
        }
      }
    }
    return undefined;
  };
  for (let p = 0; p < document.pages.length; p++) {
    const rows = document.pages[p]!.rows;
    for (let r = 0; r < rows.length; r++) {
      const trail = search(rows[r]!.columns);
      if (trail) return { pageIndex: p, rowIndex: r, trail };
    }
  }
  return undefined;
}

export function findBlock(document: TemplateDocument, blockId: string): Block | undefined {
  for (const block of allBlocks(document)) if (block.id === blockId) return block;
  return undefined;
}

/** The block, or `BlockNotFound`. */
export function getBlock(document: TemplateDocument, blockId: string): Block {
  const block = findBlock(document, blockId);
  if (!block) throw new QuireError('BlockNotFound', { detail: blockId, params: { blockId } });
  return block;
}

export function getPageIndex(document: TemplateDocument, pageId: string): number {
  const index = document.pages.findIndex((page) => page.id === pageId);
  if (index < 0) throw new QuireError('PageNotFound', { detail: pageId, params: { pageId } });
  return index;
}

/** Scales widths to sum to 100 (two decimals), keeping their proportions. */
export function normaliseWidths(columns: Column[]): Column[] {
  if (columns.length === 0) return columns;
  const total = columns.reduce((sum, column) => sum + column.width, 0);
  const scaled = columns.map((column) => Math.max(0.01, Math.round(((column.width * 100) / total) * 100) / 100));
  const othersSum = scaled.slice(0, -1).reduce((sum, width) => sum + width, 0);
  scaled[scaled.length - 1] = Math.max(0.01, Math.round((100 - othersSum) * 100) / 100);
  return columns.map((column, i) => ({ ...column, width: scaled[i]! }));
}

/**
 * Replaces the blocks of the column holding `blockId` with `edit(blocks, index)`. A column left
 * empty is removed and its siblings' widths normalised; a row (or row block) left without columns
 * is removed too. Throws `BlockNotFound`.
 */
export function editBlockList(
  document: TemplateDocument,
  blockId: string,
  edit: (blocks: Block[], index: number) => Block[],
): TemplateDocument {
  const location = locateBlock(document, blockId);
  if (!location) throw new QuireError('BlockNotFound', { detail: blockId, params: { blockId } });

  const editColumns = (columns: Column[], depth: number): Column[] => {
    const step = location.trail[depth]!;
    const column = columns[step.columnIndex]!;
    let blocks: Block[];
    if (depth === location.trail.length - 1) {
      blocks = edit(column.blocks, step.blockIndex);
    } else {
      const rowBlock = column.blocks[step.blockIndex] as Extract<Block, { type: 'row' }>;
      const innerColumns = editColumns(rowBlock.columns, depth + 1);
      blocks =
        innerColumns.length > 0
          ? replaceAt(column.blocks, step.blockIndex, { ...rowBlock, columns: innerColumns })
          : removeAt(column.blocks, step.blockIndex);
    }
    if (blocks.length === 0 && column.blocks.length > 0) {
      return normaliseWidths(removeAt(columns, step.columnIndex));
    }
    return replaceAt(columns, step.columnIndex, { ...column, blocks });
  };

  const page = document.pages[location.pageIndex]!;
  const row = page.rows[location.rowIndex]!;
  const columns = editColumns(row.columns, 0);
  const rows =
    columns.length > 0
      ? replaceAt(page.rows, location.rowIndex, { ...row, columns })
      : removeAt(page.rows, location.rowIndex);
  return { ...document, pages: replaceAt(document.pages, location.pageIndex, { ...page, rows }) };
}

export function replaceAt<T>(items: readonly T[], index: number, item: T): T[] {
  const copy = items.slice();
  copy[index] = item;
  return copy;
}

export function removeAt<T>(items: readonly T[], index: number): T[] {
  return [...items.slice(0, index), ...items.slice(index + 1)];
}

export function insertAt<T>(items: readonly T[], index: number, ...inserted: T[]): T[] {
  return [...items.slice(0, index), ...inserted, ...items.slice(index)];
}

// ───────────────────────────── fresh ids for copies ─────────────────────────────

export function reassignBlockIds(block: Block): Block {
  const copy = { ...block, id: createId('block') } as Block;
  if (copy.type === 'row') copy.columns = copy.columns.map(reassignColumnIds);
  if (copy.type === 'table') {
    copy.table = {
      ...copy.table,
      columns: copy.table.columns.map((column) => ({ ...column, id: createId('tcol') })),
      rows: copy.table.rows.map((row) => ({
        ...row,
        id: createId('trow'),
        cells: row.cells.map((cell) => ({ ...cell, id: createId('cell') })),
      })),
    };
  }
  return copy;
}

function reassignColumnIds(column: Column): Column {
  return { ...column, id: createId('col'), blocks: column.blocks.map(reassignBlockIds) };
}

function reassignRowIds(row: Row): Row {
  return { ...row, id: createId('row'), columns: row.columns.map(reassignColumnIds) };
}

export function reassignPageIds(page: Page): Page {
  return { ...page, id: createId('page'), rows: page.rows.map(reassignRowIds) };
}
