import { resolveColumns } from '../layout';
import type { BlockResolver } from './resolver';

export const resolveRow: BlockResolver<'row'> = (ctx, scope, block) => resolveColumns(ctx, scope, block.columns);
