/** A labelled form line: the label, then rich text (typically a variable). */
import { z } from 'zod';
import { createEmptyRichText, richTextField } from './content';
import { defineBlock } from './define';
import { blockBase } from './parts';

export const DEFAULT_LABEL_WIDTH = 30;

export const editItemBlock = defineBlock({
  type: 'editItem',
  schema: z.object({
    ...blockBase,
    type: z.literal('editItem'),
    label: z.string().default(''),
    labelWidth: z.number().min(0).max(100).default(DEFAULT_LABEL_WIDTH),
    content: richTextField,
  }),
  create: () => ({ label: '', labelWidth: DEFAULT_LABEL_WIDTH, content: createEmptyRichText() }),
  dependencies: (block) => ({ content: [block.content] }),
});
