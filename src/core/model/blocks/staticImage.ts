/** A static image block: one uploaded or linked image, the same config as a static `image` block. */
import { z } from 'zod';
import { defineBlock } from './define';
import { createStaticImageConfig, StaticImageConfigSchema } from './image';
import { blockBase } from './parts';

export const staticImageBlock = defineBlock({
  type: 'staticImage',
  schema: z.object({ ...blockBase, type: z.literal('staticImage'), image: StaticImageConfigSchema }),
  create: () => ({ image: createStaticImageConfig() }),
  dependencies: () => ({}),
});
