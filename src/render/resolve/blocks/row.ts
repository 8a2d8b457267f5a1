import { resolveColumns } from '../layout';
import type { BlockResolver } from './index';

export const resolveRow: BlockResolver<'row'> = (ctx, scope, block) => resolveColumns(ctx, scope, block.columns);
