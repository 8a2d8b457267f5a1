/** A block of rich text. */
import { z } from 'zod';
import { createEmptyRichText, richTextField } from './content';
import { defineBlock } from './define';
import { blockBase } from './parts';

export const richTextBlock = defineBlock({
  type: 'richText',
  schema: z.object({ ...blockBase, type: z.literal('richText'), content: richTextField }),
  create: () => ({ content: createEmptyRichText() }),
  dependencies: (block) => ({ content: [block.content] }),
});
