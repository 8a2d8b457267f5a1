/** The image block (an attachment field's images or one static image); its configs are shared with rich text. */
import { z } from 'zod';
import type { AttachmentImageConfig, ImageConfig, StaticImageConfig } from '../types';
import { defineBlock } from './define';
import { blockBase, horizontalAlign, nonNegative, unknownKind } from './parts';

export const StoredFileSchema = z.object({
  fileName: z.string(),
  url: z.string().optional(),
  token: z.string().optional(),
  mime: z.string().optional(),
  fileSize: nonNegative.optional(),
});

export const AttachmentImageConfigSchema = z.object({
  mode: z.literal('attachment'),
  fieldName: z.string().default(''),
  hideWhenEmpty: z.boolean().default(false),
  emptyContent: z.string().default(''),
  imageDisplayMode: z.enum(['fitWidth', 'oneImagePerLine']).default('fitWidth'),
});

export const StaticImageConfigSchema = z.object({
  mode: z.literal('static'),
  url: z.string().default(''),
  width: z.number().positive().optional(),
  align: horizontalAlign.default('center'),
  file: StoredFileSchema.optional(),
});

export const ImageConfigSchema = z.discriminatedUnion(
  'mode',
  [AttachmentImageConfigSchema, StaticImageConfigSchema],
  unknownKind('image config', 'mode'),
);

function createAttachmentImageConfig(): AttachmentImageConfig {
  return { mode: 'attachment', fieldName: '', hideWhenEmpty: false, emptyContent: '', imageDisplayMode: 'fitWidth' };
}

export function createStaticImageConfig(): StaticImageConfig {
  return { mode: 'static', url: '', align: 'center' };
}

/** An image config reads its attachment field; a static image reads nothing. */
function imageConfigReads(config: ImageConfig) {
  return config.mode === 'attachment' && config.fieldName ? { fields: [config.fieldName] } : {};
}

export const imageBlock = defineBlock({
  type: 'image',
  schema: z.object({ ...blockBase, type: z.literal('image'), image: ImageConfigSchema }),
  create: () => ({ image: createAttachmentImageConfig() }),
  dependencies: (block) => imageConfigReads(block.image),
});
