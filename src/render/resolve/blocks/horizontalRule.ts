import { strokeOf } from '../table';
import type { BlockResolver } from './resolver';

export const resolveHorizontalRule: BlockResolver<'horizontalRule'> = async (_ctx, _scope, block) => [
  { t: 'hr', stroke: strokeOf(block.rule) ?? null },
];
