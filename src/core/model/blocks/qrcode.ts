/** The QR code block; its config is shared with the inline QR code of rich text. */
import { z } from 'zod';
import type { QrConfig, QrValue } from '../types';
import { defineBlock } from './define';
import { blockBase, cloneJson, horizontalAlign, unknownKind } from './parts';

export const DEFAULT_QR_SIZE = 100;

export const DEFAULT_QR_CONFIG: Readonly<QrConfig> = Object.freeze({
  size: DEFAULT_QR_SIZE,
  align: 'center',
  value: Object.freeze({ type: 'custom', value: '' }),
});

export const QrValueSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('custom'), value: z.string().default('') }),
    z.object({ type: z.literal('currentView') }),
    z.object({ type: z.literal('view'), viewId: z.string() }),
    z.object({ type: z.literal('currentRecord') }),
    z.object({ type: z.literal('fieldValue'), fieldType: z.enum(['name', 'id']).default('name'), field: z.string() }),
    z.object({ type: z.literal('recordShareUrl') }),
  ],
  unknownKind('QR value', 'type'),
);

export const QrConfigSchema = z.object({
  size: z.number().positive().max(5000).default(DEFAULT_QR_SIZE),
  align: horizontalAlign.default('center'),
  value: QrValueSchema.default({ type: 'custom', value: '' }),
});

/** What a QR value reads: a field by name or id, or the tags of a custom value. */
function qrValueReads(value: QrValue) {
  if (value.type === 'fieldValue' && value.field) {
    return value.fieldType === 'id' ? { fieldIds: [value.field] } : { fields: [value.field] };
  }
  if (value.type === 'custom' && value.value.includes('{')) return { templates: [value.value] };
  return {};
}

export const qrcodeBlock = defineBlock({
  type: 'qrcode',
  schema: z.object({ ...blockBase, type: z.literal('qrcode'), qrcode: QrConfigSchema.prefault({}) }),
  create: () => ({ qrcode: cloneJson<QrConfig>(DEFAULT_QR_CONFIG) }),
  dependencies: (block) => qrValueReads(block.qrcode.value),
});
