import { resolveImage } from './image';
import type { BlockResolver } from './resolver';

export const resolveStaticImageBlock: BlockResolver<'staticImage'> = (ctx, scope, block) =>
  resolveImage(ctx, scope, block.image);
