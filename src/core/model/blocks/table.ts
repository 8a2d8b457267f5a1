/**
 * The table block: columns of relative width, rows of one cell per column, merges, header/footer
 * rows, and dynamic body rows repeated per item of a list. Cross-field rules live in `../rules.ts`.
 */
import { z } from 'zod';
import { createId } from '../ids';
import type { Table, TableCell, TableColumn, TableRow } from '../types';
import { createParagraph, richTextField } from './content';
import { defineBlock } from './define';
import { BorderSideSchema, blockBase, color, DEFAULT_BORDER, FilterSchema, id } from './parts';

export const NEW_TABLE_ROWS = 2;
export const NEW_TABLE_COLUMNS = 3;
export const NEW_TABLE_COLUMN_WIDTH = 30;

export const TableCellSchema = z.object({
  id,
  verticalAlign: z.enum(['top', 'middle', 'bottom']).default('top'),
  background: color.optional(),
  borders: z
    .object({
      top: BorderSideSchema.optional(),
      right: BorderSideSchema.optional(),
      bottom: BorderSideSchema.optional(),
      left: BorderSideSchema.optional(),
    })
    .default({}),
  content: richTextField,
});

export const TableRowSchema = z.object({
  id,
  height: z.number().positive().optional(),
  cells: z.array(TableCellSchema),
});

export const TableColumnSchema = z.object({ id, width: z.number().positive().max(100_000) });

const index = z.number().int().nonnegative();
const span = z.number().int().min(1);
export const TableMergeSchema = z.object({ rowIndex: index, colIndex: index, rowSpan: span, colSpan: span });

export const DynamicRowsSchema = z.object({
  rootPath: z.string().min(1, 'dynamicRows rootPath must not be empty'),
  filter: FilterSchema.optional(),
});

export const TableSchema = z.object({
  headerRowCount: index.default(0),
  footerRowCount: index.default(0),
  repeatHeader: z.boolean().default(true),
  border: BorderSideSchema.prefault({}),
  columns: z.array(TableColumnSchema).min(1, 'a table needs at least one column'),
  rows: z.array(TableRowSchema).min(1, 'a table needs at least one row'),
  merges: z.array(TableMergeSchema).default([]),
  dynamicRows: DynamicRowsSchema.optional(),
});

export function createTableCell(text = ''): TableCell {
  return { id: createId('cell'), verticalAlign: 'top', borders: {}, content: [createParagraph(text)] };
}

export function createTableRow(columnCount: number): TableRow {
  return { id: createId('trow'), cells: Array.from({ length: columnCount }, () => createTableCell()) };
}

export function createTableColumn(width = NEW_TABLE_COLUMN_WIDTH): TableColumn {
  return { id: createId('tcol'), width };
}

export function createTable(rowCount = NEW_TABLE_ROWS, columnCount = NEW_TABLE_COLUMNS): Table {
  return {
    headerRowCount: 0,
    footerRowCount: 0,
    repeatHeader: true,
    border: { ...DEFAULT_BORDER },
    columns: Array.from({ length: columnCount }, () => createTableColumn()),
    rows: Array.from({ length: rowCount }, () => createTableRow(columnCount)),
    merges: [],
  };
}

/** With dynamic rows, the body rows read relative to each item; header and footer rows do not. */
function tableReads(table: Table) {
  const contentOf = (from: number, to: number) =>
    table.rows.slice(from, to).flatMap((row) => row.cells.map((cell) => cell.content));
  if (!table.dynamicRows) return { content: contentOf(0, table.rows.length) };
  const bodyStart = Math.min(table.headerRowCount, table.rows.length);
  const bodyEnd = Math.max(bodyStart, table.rows.length - table.footerRowCount);
  const { rootPath, filter } = table.dynamicRows;
  return {
    content: [...contentOf(0, bodyStart), ...contentOf(bodyEnd, table.rows.length)],
    itemContent: [{ rootPath, ...(filter ? { filter } : {}), content: contentOf(bodyStart, bodyEnd) }],
  };
}

export const tableBlock = defineBlock({
  type: 'table',
  schema: z.object({ ...blockBase, type: z.literal('table'), table: TableSchema }),
  create: () => ({ table: createTable() }),
  dependencies: (block) => tableReads(block.table),
});
