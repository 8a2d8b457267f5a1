/**
 * The block registry of the model: one definition per block type, one file per type. Adding a
 * type to `Block` in `../types.ts` fails the typecheck here (and in the render and editor
 * registries) until its file exists and is listed.
 */
import { z } from 'zod';
import type { Block, BlockOfType, BlockType } from '../types';
import { approvalFlowBlock } from './approvalFlow';
import { articleBlock } from './article';
import { barcodeBlock } from './barcode';
import type { BlockDefinition, BlockReads } from './define';
import { editItemBlock } from './editItem';
import { floatContainerBlock } from './floatContainer';
import { horizontalRuleBlock } from './horizontalRule';
import { imageBlock } from './image';
import { newBlockBase, unknownKind } from './parts';
import { qrcodeBlock } from './qrcode';
import { richTextBlock } from './richText';
import { rowBlock } from './row';
import { staticImageBlock } from './staticImage';
import { tableBlock } from './table';

export const BLOCKS = {
  richText: richTextBlock,
  editItem: editItemBlock,
  row: rowBlock,
  table: tableBlock,
  qrcode: qrcodeBlock,
  image: imageBlock,
  horizontalRule: horizontalRuleBlock,
  staticImage: staticImageBlock,
  floatContainer: floatContainerBlock,
  article: articleBlock,
  barcode: barcodeBlock,
  approvalFlow: approvalFlowBlock,
} satisfies { [T in BlockType]: BlockDefinition<T> };

export const BLOCK_TYPES = Object.keys(BLOCKS) as BlockType[];

export const BlockSchema: z.ZodType<Block> = z.discriminatedUnion(
  'type',
  [
    BLOCKS.richText.schema,
    BLOCKS.editItem.schema,
    BLOCKS.row.schema,
    BLOCKS.table.schema,
    BLOCKS.qrcode.schema,
    BLOCKS.image.schema,
    BLOCKS.horizontalRule.schema,
    BLOCKS.staticImage.schema,
    BLOCKS.floatContainer.schema,
    BLOCKS.article.schema,
    BLOCKS.barcode.schema,
    BLOCKS.approvalFlow.schema,
  ],
  unknownKind('block', 'type'),
);

function definitionOf<T extends BlockType>(type: T): BlockDefinition<T> {
  // The `satisfies` above proves each entry is the definition of its own key.
  const definitions: { [K in BlockType]: BlockDefinition<K> } = BLOCKS;
  return definitions[type];
}

/** A new block of `type` with the spec's defaults; `overrides` replace top-level fields. */
export function createBlock<T extends BlockType>(type: T, overrides: Partial<BlockOfType<T>> = {}): BlockOfType<T> {
  const block = { ...newBlockBase(), type, ...definitionOf(type).create(), ...overrides };
  // Spreading a generic mapped type loses its link to the union member; the parts are typed above.
  return block as BlockOfType<T>;
}

/** What a block reads, with every list present. */
export function blockDependencies<T extends BlockType>(block: BlockOfType<T>): BlockReads {
  const reads = definitionOf<T>(block.type as T).dependencies(block);
  return {
    fields: reads.fields ?? [],
    fieldIds: reads.fieldIds ?? [],
    templates: reads.templates ?? [],
    content: reads.content ?? [],
    itemContent: reads.itemContent ?? [],
    blocks: reads.blocks ?? [],
  };
}

export type { BlockConfig, BlockDefinition, BlockReads, ItemContent } from './define';
// Row and column are reached only through this module (see row.ts).
export { ColumnSchema, createColumn, DEFAULT_COLUMN_WIDTH } from './row';
