/**
 * A nested row of columns inside a column, and the column itself (shared with page rows).
 * Columns hold blocks of every type, so `BlockSchema` is reached lazily: import this file through
 * `./index` (or the model's index), never on its own, or the registry is read before it exists.
 */
import { z } from 'zod';
import { createId } from '../ids';
import type { Block, Column } from '../types';
import { defineBlock } from './define';
import { BlockSchema } from './index';
import { blockBase, id } from './parts';

export const DEFAULT_COLUMN_WIDTH = 100;

export const ColumnSchema: z.ZodType<Column> = z.object({
  id,
  width: z.number().positive().max(100).default(DEFAULT_COLUMN_WIDTH),
  blocks: z.array(z.lazy((): z.ZodType<Block> => BlockSchema)).default([]),
});

export function createColumn(blocks: Block[] = [], width = DEFAULT_COLUMN_WIDTH): Column {
  return { id: createId('col'), width, blocks };
}

export const rowBlock = defineBlock({
  type: 'row',
  schema: z.object({ ...blockBase, type: z.literal('row'), columns: z.array(ColumnSchema).min(1) }),
  create: () => ({ columns: [createColumn([], 50), createColumn([], 50)] }),
  dependencies: (block) => ({ blocks: block.columns.flatMap((column) => column.blocks) }),
});
