/** What the canvas views of several block types share. */
import type { ComponentType } from 'react';
import type { BlockOfType, BlockType } from '../../../../core/model';

/** The canvas view of one block type: the block as it will print, editable where it holds text. */
export type BlockView<T extends BlockType> = ComponentType<{ block: BlockOfType<T> }>;

export const justify = { left: 'flex-start', center: 'center', right: 'flex-end' } as const;
