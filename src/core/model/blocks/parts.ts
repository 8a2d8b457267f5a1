/**
 * Schema pieces and constants every block file shares: ids, colours, alignment, spacing, borders,
 * filters, number formats, the fields every block carries, and the readable reason for an unknown
 * discriminator. A leaf module: it imports only zod, `../ids` and the model's types, so any block file (and
 * `../defaults`, `../schema`) can import it without an import cycle.
 */
import { z } from 'zod';
import { createId } from '../ids';
import { type BlockBase, type BorderSide, FILTER_OPERATORS, type NumberFormat } from '../types';

export const id = z.string().min(1, 'id must not be empty').max(200);
export const color = z.string().max(100);
export const nonNegative = z.number().nonnegative();
export const horizontalAlign = z.enum(['left', 'center', 'right']);

/** Readable reasons for a discriminated union whose discriminator matched no option. */
export function unknownKind(kind: string, key: string, hint = '') {
  return {
    error: (issue: { code?: string; input?: unknown; options?: unknown }) => {
      if (issue.code !== 'invalid_union') return undefined;
      const value = (issue.input as Record<string, unknown> | undefined)?.[key];
      const options = Array.isArray(issue.options) ? issue.options.filter((o) => o !== undefined).join(', ') : '';
      const found =
        value === undefined ? `${kind} has no ${key}${hint}` : `unknown ${kind} ${key} ${JSON.stringify(value)}`;
      return `${found}; expected one of: ${options}`;
    },
  };
}

/** Plain deep copy for JSON data (the model holds nothing else); `undefined` properties are dropped. */
export function cloneJson<T>(value: T): T {
  return structuredCloneJson(value) as T;
}

function structuredCloneJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(structuredCloneJson);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) if (inner !== undefined) out[key] = structuredCloneJson(inner);
    return out;
  }
  return value;
}

// ───────────────────────────── borders, spacing, number formats ─────────────────────────────

export const DEFAULT_BORDER: Readonly<BorderSide> = Object.freeze({ width: 1, color: '#000000', style: 'solid' });

export const DEFAULT_NUMBER_FORMAT: Readonly<NumberFormat> = Object.freeze({
  thousandSeparator: false,
  fixedDecimalScale: false,
  decimalScale: 2,
  prefix: '',
  suffix: '',
});

export const BorderSideSchema = z.object({
  width: nonNegative.max(100).default(DEFAULT_BORDER.width),
  color: color.default(DEFAULT_BORDER.color),
  style: z.enum(['solid', 'dashed', 'dotted', 'none']).default(DEFAULT_BORDER.style),
});

export const SpacingSchema = z.object({
  top: z.number().default(0),
  right: z.number().default(0),
  bottom: z.number().default(0),
  left: z.number().default(0),
});

export const NumberFormatSchema = z.object({
  thousandSeparator: z.boolean().default(DEFAULT_NUMBER_FORMAT.thousandSeparator),
  fixedDecimalScale: z.boolean().default(DEFAULT_NUMBER_FORMAT.fixedDecimalScale),
  decimalScale: z.number().int().min(0).max(20).default(DEFAULT_NUMBER_FORMAT.decimalScale),
  prefix: z.string().default(DEFAULT_NUMBER_FORMAT.prefix),
  suffix: z.string().default(DEFAULT_NUMBER_FORMAT.suffix),
});

// ───────────────────────────── list filters ─────────────────────────────

export const FilterOperatorSchema = z.enum(FILTER_OPERATORS);

export const FilterEntrySchema = z.object({
  fieldName: z.string(),
  operator: FilterOperatorSchema,
  strValue: z.string().optional(),
  dateTime: z.union([z.number(), z.string()]).optional(),
  numValue: z.number().optional(),
});

export const FilterSchema = z.object({
  type: z.enum(['every', 'some']).default('every'),
  filters: z.array(FilterEntrySchema).default([]),
});

// ───────────────────────────── the fields every block carries ─────────────────────────────

/** Spread into each block's `z.object({...blockBase, type: z.literal(…), …})`. */
export const blockBase = {
  id,
  margins: SpacingSchema.prefault({}),
  background: color.optional(),
  borderColor: color.optional(),
  width: z.number().positive().max(100).default(100),
  style: z.record(z.string(), z.union([z.string(), z.number()])).default({}),
};

/** A new block's common fields with a fresh id. */
export function newBlockBase(): BlockBase {
  return { id: createId('block'), margins: { top: 0, right: 0, bottom: 0, left: 0 }, width: 100, style: {} };
}
