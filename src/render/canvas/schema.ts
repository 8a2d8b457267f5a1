/**
 * Stored content of a canvas template: pdfme's template format (`basePdf` + `schemas`, one list of
 * fields per page) with `kind: 'canvas'` and optional Quire settings. A pdfme template without a
 * kind is accepted as it is, including the older form of `schemas` (one object per page keyed by
 * field name). Everything is validated here; nothing of the template is evaluated as code.
 */
import { z } from 'zod';
import { QuireError } from '../../core/errors';
import { zodIssues } from '../../core/issues';

/** pdfme's bar code field types (QR code included), drawn by Quire as SVG. */
const BARCODE_FIELD_TYPES = [
  'qrcode',
  'japanpost',
  'ean13',
  'ean8',
  'code39',
  'code128',
  'nw7',
  'itf14',
  'upca',
  'upce',
  'gs1datamatrix',
  'pdf417',
] as const;

/** Field types Quire draws (pdfme's built-in types and its playground's); others are left out with a warning. */
export const CANVAS_FIELD_TYPES = [
  'text',
  'multiVariableText',
  'image',
  'signature',
  'svg',
  ...BARCODE_FIELD_TYPES,
  'table',
  'line',
  'rectangle',
  'ellipse',
  'checkbox',
  'date',
  'time',
  'dateTime',
  'select',
  'radioGroup',
  'circleMark',
  'list',
] as const;
export type CanvasFieldType = (typeof CANVAS_FIELD_TYPES)[number];

export const BARCODE_TYPES = new Set<string>(BARCODE_FIELD_TYPES);

const KNOWN_TYPES = new Set<string>(CANVAS_FIELD_TYPES);
/** Whether Quire draws fields of this type (a plugin's own type is kept, reported and left out). */
export function isKnownFieldType(type: string): type is CanvasFieldType {
  return KNOWN_TYPES.has(type);
}

/** Far above real forms but bounded: the base PDF is decoded in memory. */
const MAX_BASE_PDF_BYTES = 30 * 1024 * 1024;
const MAX_FIELDS = 2000;
const MAX_PAGES = 500;

const finite = z.number().finite();
const size = z.number().finite().min(0).max(5000);

/** One field. pdfme's type-specific properties (fontSize, alignment, colours…) pass through. */
const canvasFieldSchema = z
  .object({
    name: z.string().min(1).max(200),
    /** A type of CANVAS_FIELD_TYPES, or a custom plugin's (reported by name, not drawn). */
    type: z.string().min(1).max(100),
    position: z.object({ x: finite, y: finite }),
    width: size,
    height: size,
    rotate: finite.optional(),
    opacity: z.number().min(0).max(1).optional(),
    readOnly: z.boolean().optional(),
    required: z.boolean().optional(),
    /** Text with Quire's tags (`{amount | cnFinancial}`), or the type's static value. */
    content: z.string().max(1_000_000).optional(),
    fontName: z.string().max(200).optional(),
    fontSize: z.number().finite().min(1).max(1000).optional(),
    alignment: z.enum(['left', 'center', 'right', 'justify']).optional(),
    verticalAlignment: z.enum(['top', 'middle', 'bottom']).optional(),
    /** multiVariableText: the text with `{variables}`. */
    text: z.string().max(1_000_000).optional(),
    /** table (Quire): one cell template per column, read per item of the list the content names. */
    columns: z.array(z.string().max(10_000)).max(100).optional(),
  })
  .passthrough();

export type CanvasField = z.infer<typeof canvasFieldSchema>;

const blankPage = z
  .object({
    width: z.number().finite().min(1).max(5000),
    height: z.number().finite().min(1).max(5000),
    padding: z.tuple([finite, finite, finite, finite]),
    staticSchema: z.array(canvasFieldSchema).max(MAX_FIELDS).optional(),
  })
  .passthrough();

const basePdfText = z
  .string()
  .max(Math.ceil(MAX_BASE_PDF_BYTES / 3) * 4 + 64)
  .refine((s) => /^data:application\/pdf;base64,/.test(s) || /^[A-Za-z0-9+/=\s]+$/.test(s.slice(0, 4096)), {
    message: 'a base PDF is a data:application/pdf;base64 URL or base64 text (a PDF by address is not fetched)',
  });

const pageArray = z.array(canvasFieldSchema).max(MAX_FIELDS);

export const canvasTemplateSchema = z
  .object({
    kind: z.literal('canvas').optional(),
    basePdf: z.union([blankPage, basePdfText]),
    schemas: z.array(pageArray).min(1).max(MAX_PAGES),
    pdfmeVersion: z.string().max(40).optional(),
    settings: z
      .object({ lang: z.string().max(35).optional(), timeZone: z.string().max(64).optional() })
      .strict()
      .optional(),
  })
  .passthrough();

export type CanvasTemplateContent = z.infer<typeof canvasTemplateSchema>;
export type CanvasBasePdf = CanvasTemplateContent['basePdf'];

function parseError(issues: Array<{ path: string; reason: string }>): QuireError {
  return new QuireError('TemplateParseError', {
    detail: issues.map((i) => `${i.path}: ${i.reason}`).join('; '),
    issues,
  });
}

/**
 * pdfme before 4.0 stored each page as an object keyed by field name (`{ name: { type, … } }`);
 * 4.0 made it a list of fields that carry their `name`. Both become the list form.
 */
function schemasAsLists(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return value.map((page) => {
    if (Array.isArray(page) || page === null || typeof page !== 'object') return page;
    return Object.entries(page as Record<string, unknown>).map(([name, field]) =>
      field !== null && typeof field === 'object' && !Array.isArray(field) ? { ...field, name } : field,
    );
  });
}

/** Validates stored canvas content (object or JSON text); names the path of what is wrong. */
export function parseCanvasContent(content: unknown): CanvasTemplateContent {
  let value = content;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      throw parseError([{ path: '', reason: 'not JSON' }]);
    }
  }
  if (typeof value === 'object' && value !== null && 'schemas' in value)
    value = { ...value, schemas: schemasAsLists((value as { schemas: unknown }).schemas) };
  const result = canvasTemplateSchema.safeParse(value);
  if (!result.success) throw parseError(zodIssues(result.error, { limit: 20 }));
  const parsed = result.data;
  const issues: Array<{ path: string; reason: string }> = [];
  parsed.schemas.forEach((page, p) => {
    const seen = new Set<string>();
    page.forEach((field, f) => {
      if (seen.has(field.name))
        issues.push({ path: `schemas[${p}][${f}].name`, reason: `two fields named ${field.name}` });
      seen.add(field.name);
    });
  });
  if (issues.length) throw parseError(issues);
  return { ...parsed, kind: 'canvas' };
}

/** The template as pdfme stores it: without Quire's kind and settings (for export). */
export function toPdfmeTemplate(content: CanvasTemplateContent): Record<string, unknown> {
  const { kind: _kind, settings: _settings, ...rest } = content;
  return rest;
}

/** A blank A4 page, the designer's starting point. */
export function blankCanvasContent(): CanvasTemplateContent {
  return {
    kind: 'canvas',
    basePdf: { width: 210, height: 297, padding: [0, 0, 0, 0] },
    schemas: [[]],
  };
}
