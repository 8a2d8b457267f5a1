/**
 * The shape of a block resolver, apart from the registry (`index.ts`): each block's file needs the
 * type, and importing it from the registry that imports every block file made a cycle.
 */
import type { Scope } from '../../../core/expr/evaluate';
import type { BlockOfType, BlockType } from '../../../core/model/types';
import type { VBlock } from '../../view-model';
import type { ResolveContext } from '../context';

export type BlockResolver<T extends BlockType> = (
  ctx: ResolveContext,
  scope: Scope,
  block: BlockOfType<T>,
) => Promise<VBlock[]>;
