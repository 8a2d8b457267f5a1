import { resolveRichText } from '../rich-text';
import type { BlockResolver } from './index';

export const resolveRichTextBlock: BlockResolver<'richText'> = (ctx, scope, block) =>
  resolveRichText(ctx, scope, block.content);
