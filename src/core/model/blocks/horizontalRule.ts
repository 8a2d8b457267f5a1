/** A horizontal line across the column. */
import { z } from 'zod';
import { defineBlock } from './define';
import { BorderSideSchema, blockBase, DEFAULT_BORDER } from './parts';

export const horizontalRuleBlock = defineBlock({
  type: 'horizontalRule',
  schema: z.object({ ...blockBase, type: z.literal('horizontalRule'), rule: BorderSideSchema.prefault({}) }),
  create: () => ({ rule: { ...DEFAULT_BORDER } }),
  dependencies: () => ({}),
});
