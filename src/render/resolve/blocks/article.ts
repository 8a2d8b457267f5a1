import { resolveRichText } from '../rich-text';
import type { BlockResolver } from './resolver';

/** An article prints like rich text: its body flows across pages. */
export const resolveArticle: BlockResolver<'article'> = (ctx, scope, block) =>
  resolveRichText(ctx, scope, block.content);
