import { resolveRichText } from '../rich-text';
import type { BlockResolver } from './resolver';

export const resolveRichTextBlock: BlockResolver<'richText'> = (ctx, scope, block) =>
  resolveRichText(ctx, scope, block.content);
