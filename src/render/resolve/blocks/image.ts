/**
 * Images, as blocks and inside rich text: an attachment field's images (side by side or one per
 * line) or one static image. The inline image of a line of text reads its field the same way.
 */
import type { Scope } from '../../../core/expr/evaluate';
import type { ImageConfig } from '../../../core/model/types';
import type { VBlock } from '../../view-model';
import type { ResolveContext } from '../context';
import { imageUrlsOf, resolveAttachmentImages, resolveStaticImage } from '../images';
import { variableValue } from '../values';
import type { BlockResolver } from './resolver';

export async function resolveImage(ctx: ResolveContext, scope: Scope, config: ImageConfig): Promise<VBlock[]> {
  if (config.mode === 'attachment') return resolveAttachmentImages(ctx, scope, config);
  const image = await resolveStaticImage(ctx, config);
  return image ? [image] : [];
}

/** Image URLs of a field's value (attachments, image values, URL strings). */
export function fieldImageUrls(ctx: ResolveContext, scope: Scope, name: string): string[] {
  return imageUrlsOf(variableValue(ctx, scope, name));
}

export const resolveImageBlock: BlockResolver<'image'> = (ctx, scope, block) => resolveImage(ctx, scope, block.image);
