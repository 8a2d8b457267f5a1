import { resolveTable } from '../table';
import type { BlockResolver } from './resolver';

export const resolveTableBlock: BlockResolver<'table'> = async (ctx, scope, block) => [
  await resolveTable(ctx, scope, block.table),
];
