import { resolveImage } from './image';
import type { BlockResolver } from './index';

export const resolveStaticImageBlock: BlockResolver<'staticImage'> = (ctx, scope, block) =>
  resolveImage(ctx, scope, block.image);
