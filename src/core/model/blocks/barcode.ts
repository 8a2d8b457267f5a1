/** The bar code block: a custom value (which may hold `{tags}`) or a record field, in one of the formats. */
import { z } from 'zod';
import { BARCODE_FORMATS, type BarcodeConfig } from '../types';
import { defineBlock } from './define';
import { blockBase, color, horizontalAlign, nonNegative } from './parts';

export const DEFAULT_BARCODE_CONFIG: Readonly<BarcodeConfig> = Object.freeze({
  width: 2,
  height: 30,
  align: 'center',
  format: 'CODE128',
  fontSize: 9,
  displayValue: true,
  background: '#FFFFFF',
  lineColor: '#000000',
  valueType: 'custom',
  value: '',
});

export const BarcodeConfigSchema = z.object({
  width: z.number().positive().max(100).default(DEFAULT_BARCODE_CONFIG.width),
  height: z.number().positive().max(5000).default(DEFAULT_BARCODE_CONFIG.height),
  align: horizontalAlign.default(DEFAULT_BARCODE_CONFIG.align),
  format: z.enum(BARCODE_FORMATS).default(DEFAULT_BARCODE_CONFIG.format),
  fontSize: nonNegative.max(1000).default(DEFAULT_BARCODE_CONFIG.fontSize),
  displayValue: z.boolean().default(DEFAULT_BARCODE_CONFIG.displayValue),
  background: color.default(DEFAULT_BARCODE_CONFIG.background),
  lineColor: color.default(DEFAULT_BARCODE_CONFIG.lineColor),
  valueType: z.enum(['custom', 'field']).default(DEFAULT_BARCODE_CONFIG.valueType),
  value: z.string().default(DEFAULT_BARCODE_CONFIG.value),
  fieldName: z.string().optional(),
});

export const barcodeBlock = defineBlock({
  type: 'barcode',
  schema: z.object({ ...blockBase, type: z.literal('barcode'), barcode: BarcodeConfigSchema.prefault({}) }),
  create: () => ({ barcode: { ...DEFAULT_BARCODE_CONFIG } }),
  dependencies: ({ barcode }) => {
    if (barcode.valueType === 'field') return barcode.fieldName ? { fields: [barcode.fieldName] } : {};
    return barcode.value.includes('{') ? { templates: [barcode.value] } : {};
  },
});
