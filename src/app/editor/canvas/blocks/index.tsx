/**
 * The canvas body of a block: the view of its type (one file per type here, listed with the
 * type's panel and icon in `../../blocks.ts`).
 */
import type { BlockOfType, BlockType } from '../../../../core/model';
import { editorBlock } from '../../blocks';

/** The block's canvas view; a type this build does not know shows nothing. */
export function BlockBody<T extends BlockType>({ block }: { block: BlockOfType<T> }) {
  const View = editorBlock<T>(block.type as T)?.view;
  return View ? <View block={block} /> : null;
}
