import { PX } from '../context';
import { normalizeColor, resolveRichText } from '../rich-text';
import type { BlockResolver } from './resolver';

function optionalColor(key: 'bg' | 'border', color: string | undefined): { bg?: string; border?: string } {
  const c = normalizeColor(color);
  return c ? { [key]: c } : {};
}

/** Placed over the page; it carries its own background and border (layout does not wrap it). */
export const resolveFloatContainer: BlockResolver<'floatContainer'> = async (ctx, scope, block) => [
  {
    t: 'float',
    x: block.float.x * PX,
    y: block.float.y * PX,
    width: block.float.width * PX,
    ...(block.float.height ? { height: block.float.height * PX } : {}),
    ...optionalColor('bg', block.background),
    ...optionalColor('border', block.borderColor),
    blocks: await resolveRichText(ctx, scope, block.content),
  },
];
