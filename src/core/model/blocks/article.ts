/** A free-flowing document body (the Docs modes): rich text, printed like a rich-text block. */
import { z } from 'zod';
import { createEmptyRichText, richTextField } from './content';
import { defineBlock } from './define';
import { blockBase } from './parts';

export const articleBlock = defineBlock({
  type: 'article',
  schema: z.object({ ...blockBase, type: z.literal('article'), content: richTextField }),
  create: () => ({ content: createEmptyRichText() }),
  dependencies: (block) => ({ content: [block.content] }),
});
