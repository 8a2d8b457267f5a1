/**
 * What one block type declares in the model: its schema (parsing yields exactly its type), the
 * settings of a new block, and what it reads from a record. `./index.ts` lists one definition per
 * block type in a map the compiler checks for completeness.
 */
import type { z } from 'zod';
import type { BlockBase, BlockOfType, BlockType, Filter, RichText } from '../types';

/** A block's own fields: everything but the common ones and `type`. */
export type BlockConfig<T extends BlockType> = Omit<BlockOfType<T>, keyof BlockBase | 'type'>;

/** Rich text read relative to the items of a list (a table's dynamic rows). */
export interface ItemContent {
  rootPath: string;
  filter?: Filter;
  content: RichText[];
}

/**
 * What a block reads from the record, as the model sees it. Variable names in `content` are left to
 * `core/expr` (which parses tags); the model only says where they are.
 */
export interface BlockReads {
  /** Variable names the block's own settings read (an attachment field, a bar code's field…). */
  fields: string[];
  /** Fields named by id (a QR code of a field value with fieldType 'id'). */
  fieldIds: string[];
  /** Text that may hold `{tags}` (custom QR and bar code values). */
  templates: string[];
  /** Rich text read in the block's own scope. */
  content: RichText[];
  /** Rich text read once per item of a list. */
  itemContent: ItemContent[];
  /** Nested blocks (a row's columns). */
  blocks: BlockOfType<BlockType>[];
}

export interface BlockDefinition<T extends BlockType> {
  type: T;
  /** Validates a stored block of this type, fills defaults, strips unknown keys. */
  schema: z.ZodType<BlockOfType<T>>;
  /** The spec's defaults for a new block's own fields. */
  create: () => BlockConfig<T>;
  dependencies: (block: BlockOfType<T>) => Partial<BlockReads>;
}

/** Identity with the types checked: `defineBlock({ type: 'qrcode', … })`. */
export function defineBlock<T extends BlockType, S extends z.ZodType<BlockOfType<T>>>(
  definition: BlockDefinition<T> & { schema: S },
): BlockDefinition<T> & { schema: S } {
  return definition;
}
