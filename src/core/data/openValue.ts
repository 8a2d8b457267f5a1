/**
 * Open values (spec 001 §3.7): the typed values every data source (table records, approval
 * instances, open documents) is converted into before a template reads them.
 *
 * Plain-scope decision (see CONTEXT.md): `toPlain` keeps numbers as numbers and booleans as
 * booleans so filters can format them; a datetime becomes its epoch milliseconds (an unambiguous
 * instant that date filters format in the template's time zone); attachments become an array of
 * file objects; map → object; list → array. `toPlain(v, { mode: 'display' })` gives the host's
 * display text instead wherever one exists.
 */
import { z } from 'zod';

const previewImagesSchema = z.discriminatedUnion('status', [
  /** 0: preview pages are ready. */
  z.object({ status: z.literal(0), images: z.array(z.string()) }),
  /** 1: preview still being produced. */
  z.object({ status: z.literal(1) }),
  /** 2: preview failed. */
  z.object({ status: z.literal(2), code: z.string(), message: z.string().optional() }),
]);
export type PreviewImages = z.infer<typeof previewImagesSchema>;

const attachmentSchema = z.object({
  fileName: z.string(),
  fileSize: z.number().nonnegative().optional(),
  url: z.string(),
  mime: z.string().optional(),
  /** Upload time, epoch ms. */
  timestamp: z.number().optional(),
  metaInfo: z
    .object({
      token: z.string().optional(),
      permission: z.record(z.string(), z.string()).optional(),
    })
    .optional(),
  previewImages: previewImagesSchema.optional(),
});
export type OpenAttachment = z.infer<typeof attachmentSchema>;

export type OpenValue =
  | { type: 'string'; value: string }
  | { type: 'text'; value: string }
  | { type: 'number'; numberValue: number; displayText?: string }
  | { type: 'bool'; value: boolean; displayText?: string }
  | { type: 'numberList'; numberListValue: number[]; displayText?: string }
  | { type: 'datetime'; timestamp: number; displayText?: string }
  | { type: 'attachments'; attachments: OpenAttachment[] }
  /** displayText: what the map prints as a whole (a linked record: its primary field's text). */
  | { type: 'map'; fields: Record<string, OpenValue | null>; displayText?: string }
  | { type: 'list'; items: OpenValue[] };

export const openValueSchema: z.ZodType<OpenValue> = z.lazy(() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('string'), value: z.string() }),
    z.object({ type: z.literal('text'), value: z.string() }),
    z.object({ type: z.literal('number'), numberValue: z.number(), displayText: z.string().optional() }),
    z.object({ type: z.literal('bool'), value: z.boolean(), displayText: z.string().optional() }),
    z.object({
      type: z.literal('numberList'),
      numberListValue: z.array(z.number()),
      displayText: z.string().optional(),
    }),
    z.object({ type: z.literal('datetime'), timestamp: z.number(), displayText: z.string().optional() }),
    z.object({ type: z.literal('attachments'), attachments: z.array(attachmentSchema) }),
    z.object({
      type: z.literal('map'),
      fields: z.record(z.string(), openValueSchema.nullable()),
      displayText: z.string().optional(),
    }),
    z.object({ type: z.literal('list'), items: z.array(openValueSchema) }),
  ]),
);

// Constructors keep call sites short and the shapes uniform.
export const str = (value: string): OpenValue => ({ type: 'string', value });
export const text = (value: string): OpenValue => ({ type: 'text', value });
export const num = (numberValue: number, displayText?: string): OpenValue =>
  displayText === undefined ? { type: 'number', numberValue } : { type: 'number', numberValue, displayText };
export const bool = (value: boolean, displayText?: string): OpenValue =>
  displayText === undefined ? { type: 'bool', value } : { type: 'bool', value, displayText };
export const numList = (numberListValue: number[], displayText?: string): OpenValue =>
  displayText === undefined
    ? { type: 'numberList', numberListValue }
    : { type: 'numberList', numberListValue, displayText };
export const datetime = (timestamp: number, displayText?: string): OpenValue =>
  displayText === undefined ? { type: 'datetime', timestamp } : { type: 'datetime', timestamp, displayText };
export const files = (attachments: OpenAttachment[]): OpenValue => ({ type: 'attachments', attachments });
export const map = (fields: Record<string, OpenValue | null>): OpenValue => ({ type: 'map', fields });
export const list = (items: OpenValue[]): OpenValue => ({ type: 'list', items });

/** A plain JSON value as templates read it. */
export type PlainValue = string | number | boolean | null | PlainValue[] | { [key: string]: PlainValue };

/** The plain form of one attachment: what a template sees in `{#files}{fileName}{/files}`. */
interface PlainAttachment {
  [key: string]: PlainValue;
  fileName: string;
  fileSize: number | null;
  url: string;
  mime: string | null;
  timestamp: number | null;
  token: string | null;
}

export interface ToPlainOptions {
  /** 'value' (default): numbers, booleans and epoch ms; 'display': the display text where one exists. */
  mode?: 'value' | 'display';
}

function plainAttachment(file: OpenAttachment): PlainAttachment {
  return {
    fileName: file.fileName,
    fileSize: file.fileSize ?? null,
    url: file.url,
    mime: file.mime ?? null,
    timestamp: file.timestamp ?? null,
    token: file.metaInfo?.token ?? null,
  };
}

export function toPlain(value: OpenValue | null | undefined, options: ToPlainOptions = {}): PlainValue {
  if (!value) return null;
  const display = options.mode === 'display';
  switch (value.type) {
    case 'string':
    case 'text':
      return value.value;
    case 'number':
      return display && value.displayText !== undefined ? value.displayText : value.numberValue;
    case 'bool':
      return display && value.displayText !== undefined ? value.displayText : value.value;
    case 'numberList':
      return display ? displayText(value) : [...value.numberListValue];
    case 'datetime':
      return display ? displayText(value) : value.timestamp;
    case 'attachments':
      return value.attachments.map(plainAttachment);
    case 'map': {
      // A null prototype keeps a field named `__proto__` an ordinary key.
      const out: { [key: string]: PlainValue } = Object.create(null);
      for (const [key, field] of Object.entries(value.fields)) out[key] = toPlain(field, options);
      return out;
    }
    case 'list':
      return value.items.map((item) => toPlain(item, options));
  }
}

/** ISO date-time in UTC, the neutral text of a datetime that has no display text. */
function isoText(timestamp: number): string {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

/** The text a user sees for a value when no filter formats it. */
export function displayText(value: OpenValue | null | undefined): string {
  if (!value) return '';
  switch (value.type) {
    case 'string':
    case 'text':
      return value.value;
    case 'number':
      return value.displayText ?? String(value.numberValue);
    case 'bool':
      return value.displayText ?? String(value.value);
    case 'numberList':
      return value.displayText ?? value.numberListValue.join(', ');
    case 'datetime':
      return value.displayText ?? isoText(value.timestamp);
    case 'attachments':
      return value.attachments.map((file) => file.fileName).join(', ');
    case 'map':
      if (value.displayText !== undefined) return value.displayText;
      return Object.values(value.fields)
        .map((field) => displayText(field))
        .filter((part) => part !== '')
        .join(', ');
    case 'list':
      return value.items
        .map((item) => displayText(item))
        .filter((part) => part !== '')
        .join(', ');
  }
}

/** True when a value carries nothing to print (empty text, no files, no items, no fields). */
export function isEmptyValue(value: OpenValue | null | undefined): boolean {
  if (!value) return true;
  switch (value.type) {
    case 'string':
    case 'text':
      return value.value.trim() === '';
    case 'number':
      return !Number.isFinite(value.numberValue);
    case 'bool':
      return false;
    case 'numberList':
      return value.numberListValue.length === 0;
    case 'datetime':
      return !Number.isFinite(value.timestamp);
    case 'attachments':
      return value.attachments.length === 0;
    case 'map':
      return Object.values(value.fields).every((field) => isEmptyValue(field));
    case 'list':
      return value.items.length === 0;
  }
}
