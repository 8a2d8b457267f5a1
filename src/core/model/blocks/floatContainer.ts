/** A box of rich text placed over the page at (x, y) px from the top-left of the content area. */
import { z } from 'zod';
import { createEmptyRichText, richTextField } from './content';
import { defineBlock } from './define';
import { blockBase } from './parts';

export const DEFAULT_FLOAT_WIDTH = 180;

export const floatContainerBlock = defineBlock({
  type: 'floatContainer',
  schema: z.object({
    ...blockBase,
    type: z.literal('floatContainer'),
    float: z
      .object({
        x: z.number().default(0),
        y: z.number().default(0),
        width: z.number().positive().default(DEFAULT_FLOAT_WIDTH),
        height: z.number().positive().optional(),
      })
      .prefault({}),
    content: richTextField,
  }),
  create: () => ({ float: { x: 0, y: 0, width: DEFAULT_FLOAT_WIDTH }, content: createEmptyRichText() }),
  dependencies: (block) => ({ content: [block.content] }),
});
