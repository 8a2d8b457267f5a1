/**
 * The designer's model: a canvas template's content (pdfme's template format, see
 * render/canvas/schema.ts) edited as plain JSON. Positions and sizes are in mm, as pdfme stores
 * them. Pure functions, so moves, resizes, nudges and undo are tested without a browser.
 */
import { readOutputKind } from '../../core/outputs/kind';
import type { CanvasField, CanvasTemplateContent } from '../../render/canvas/schema';

export type { CanvasField, CanvasTemplateContent };

/** Field types the designer's toolbar adds (the renderer takes every pdfme type). */
export const ADDABLE_TYPES = [
  'text',
  'multiVariableText',
  'date',
  'image',
  'signature',
  'qrcode',
  'code128',
  'table',
  'checkbox',
  'line',
  'rectangle',
  'ellipse',
] as const;
export type AddableType = (typeof ADDABLE_TYPES)[number];

/** Bar code kinds a code field can switch between (QR code and the common 1-D and 2-D codes). */
export const CODE_TYPES = [
  'qrcode',
  'code128',
  'code39',
  'ean13',
  'ean8',
  'upca',
  'upce',
  'itf14',
  'nw7',
  'japanpost',
  'gs1datamatrix',
  'pdf417',
] as const;
export const CODE_TYPE_SET = new Set<string>(CODE_TYPES);

export const A4 = { width: 210, height: 297 };
/** Arrow keys move the selection 1 mm; with Shift, 10 mm. */
const NUDGE_MM = 1;
const NUDGE_SHIFT_MM = 10;
export const MIN_SIZE_MM = 2;

export function blankCanvas(): CanvasTemplateContent {
  return { kind: 'canvas', basePdf: { width: A4.width, height: A4.height, padding: [0, 0, 0, 0] }, schemas: [[]] };
}

/** Whether stored content is a canvas template (the output catalogue's one reading of a kind). */
export function isCanvasContent(content: unknown): boolean {
  return readOutputKind(content) === 'canvas';
}

/** Reads stored content for the designer; the older object form of `schemas` becomes lists. */
export function readCanvas(content: string): CanvasTemplateContent {
  const value = JSON.parse(content) as CanvasTemplateContent & { schemas: unknown[] };
  const schemas = (Array.isArray(value.schemas) ? value.schemas : [[]]).map((page) =>
    Array.isArray(page)
      ? (page as CanvasField[])
      : Object.entries((page ?? {}) as Record<string, CanvasField>).map(([name, field]) => ({ ...field, name })),
  );
  return { ...value, kind: 'canvas', schemas: schemas.length ? schemas : [[]] };
}

/** Page size in mm: the blank page's, or (for a base PDF) the size pdf.js reported. */
export function pageSize(content: CanvasTemplateContent, pdfSize?: { width: number; height: number }) {
  const base = content.basePdf;
  if (typeof base === 'object') return { width: base.width, height: base.height };
  return pdfSize ?? A4;
}

function uniqueName(content: CanvasTemplateContent, stem: string): string {
  const names = new Set(content.schemas.flat().map((f) => f.name));
  for (let i = 1; ; i++) if (!names.has(`${stem}${i}`)) return `${stem}${i}`;
}

const TEXT_STYLE = {
  fontSize: 12,
  alignment: 'left',
  verticalAlignment: 'top',
  lineHeight: 1,
  characterSpacing: 0,
  fontColor: '#000000',
} as const;

const DEFAULTS: Record<AddableType, Partial<CanvasField>> = {
  text: { width: 60, height: 8, content: '', ...TEXT_STYLE },
  multiVariableText: { width: 80, height: 16, content: '', text: '', ...TEXT_STYLE },
  date: { width: 40, height: 8, content: '', ...TEXT_STYLE },
  signature: { width: 50, height: 20, content: '' },
  table: {
    width: 170,
    height: 30,
    content: '',
    head: ['1', '2'],
    columns: ['', ''],
    headWidthPercentages: [50, 50],
    showHead: true,
  },
  ellipse: { width: 30, height: 30, borderWidth: 0.3, borderColor: '#000000', color: '' },
  qrcode: { width: 25, height: 25, content: '', backgroundColor: '#ffffff', barColor: '#000000' },
  code128: { width: 50, height: 15, content: '', backgroundColor: '#ffffff', barColor: '#000000', includetext: true },
  image: { width: 30, height: 30, content: '' },
  checkbox: { width: 5, height: 5, content: '', color: '#000000' },
  rectangle: { width: 60, height: 30, borderWidth: 0.3, borderColor: '#000000', color: '' },
  line: { width: 60, height: 0.5, color: '#000000' },
};

/** A new field of `type` near the page's top left (cascading), with a unique name. */
export function addField(
  content: CanvasTemplateContent,
  page: number,
  type: AddableType,
): { content: CanvasTemplateContent; name: string } {
  const name = uniqueName(content, type === 'text' ? 'field' : type);
  const offset = (content.schemas[page]?.length ?? 0) % 10;
  const field = {
    name,
    type,
    position: { x: 20 + offset * 5, y: 20 + offset * 8 },
    ...DEFAULTS[type],
  } as CanvasField;
  const schemas = content.schemas.map((p, i) => (i === page ? [...p, field] : p));
  return { content: { ...content, schemas }, name };
}

export function findField(content: CanvasTemplateContent, name: string): CanvasField | undefined {
  return content.schemas.flat().find((f) => f.name === name);
}

/** Applies `patch` to the named field (a new content object; the old one stays for undo). */
export function updateField(
  content: CanvasTemplateContent,
  name: string,
  patch: (field: CanvasField) => CanvasField,
): CanvasTemplateContent {
  return { ...content, schemas: content.schemas.map((p) => p.map((f) => (f.name === name ? patch(f) : f))) };
}

const round = (n: number) => Math.round(n * 10) / 10;

/** Moves a field by (dx, dy) mm, kept on the page. */
export function moveField(
  content: CanvasTemplateContent,
  name: string,
  dx: number,
  dy: number,
  page: { width: number; height: number },
): CanvasTemplateContent {
  return updateField(content, name, (f) => ({
    ...f,
    position: {
      x: round(Math.min(Math.max(0, f.position.x + dx), Math.max(0, page.width - f.width))),
      y: round(Math.min(Math.max(0, f.position.y + dy), Math.max(0, page.height - f.height))),
    },
  }));
}

/** Resizes a field from its bottom-right corner by (dw, dh) mm, at least MIN_SIZE_MM (lines may be thin). */
export function resizeField(
  content: CanvasTemplateContent,
  name: string,
  dw: number,
  dh: number,
  page: { width: number; height: number },
): CanvasTemplateContent {
  return updateField(content, name, (f) => {
    const minH = f.type === 'line' ? 0.1 : MIN_SIZE_MM;
    return {
      ...f,
      width: round(Math.min(Math.max(MIN_SIZE_MM, f.width + dw), page.width - f.position.x)),
      height: round(Math.min(Math.max(minH, f.height + dh), page.height - f.position.y)),
    };
  });
}

/** The arrow key's move in mm, or undefined for other keys. */
export function nudgeOf(key: string, shift: boolean): { dx: number; dy: number } | undefined {
  const step = shift ? NUDGE_SHIFT_MM : NUDGE_MM;
  if (key === 'ArrowLeft') return { dx: -step, dy: 0 };
  if (key === 'ArrowRight') return { dx: step, dy: 0 };
  if (key === 'ArrowUp') return { dx: 0, dy: -step };
  if (key === 'ArrowDown') return { dx: 0, dy: step };
  return undefined;
}

/** A tag for a table field: `{Name}`; dots in the name are escaped as the tag language wants. */
export function tagFor(fieldName: string): string {
  return `{${fieldName.replace(/\./g, '\\.')}}`;
}

/** Undo/redo history of contents, at most `limit` steps back. */
export interface History {
  past: CanvasTemplateContent[];
  present: CanvasTemplateContent;
  future: CanvasTemplateContent[];
}

export const HISTORY_LIMIT = 100;

export function pushHistory(h: History, next: CanvasTemplateContent): History {
  if (next === h.present) return h;
  return { past: [...h.past, h.present].slice(-HISTORY_LIMIT), present: next, future: [] };
}

export function undo(h: History): History {
  const prev = h.past[h.past.length - 1];
  if (!prev) return h;
  return { past: h.past.slice(0, -1), present: prev, future: [h.present, ...h.future] };
}

export function redo(h: History): History {
  const next = h.future[0];
  if (!next) return h;
  return { past: [...h.past, h.present], present: next, future: h.future.slice(1) };
}

/** Changes a code field's kind (QR code, EAN-13…), keeping its place and content. */
export function setCodeType(content: CanvasTemplateContent, name: string, type: string): CanvasTemplateContent {
  if (!CODE_TYPE_SET.has(type)) return content;
  return updateField(content, name, (f) => ({ ...f, type: type as CanvasField['type'] }));
}

/** A table field with these columns: header labels and one cell template each, widths shared evenly. */
export function withColumns(field: CanvasField, columns: readonly { head: string; cell: string }[]): CanvasField {
  const n = Math.max(columns.length, 1);
  return {
    ...field,
    head: columns.map((c) => c.head),
    columns: columns.map((c) => c.cell),
    headWidthPercentages: columns.map(() => Math.round(1000 / n) / 10),
  };
}

export function setTableColumns(
  content: CanvasTemplateContent,
  name: string,
  columns: readonly { head: string; cell: string }[],
): CanvasTemplateContent {
  return updateField(content, name, (f) => withColumns(f, columns));
}

/** The template as pdfme's designer and generator take it: Quire's kind and settings left out. */
export function exportPdfme(content: CanvasTemplateContent): string {
  const { kind: _kind, settings: _settings, ...pdfme } = content;
  return JSON.stringify(pdfme, null, 2);
}

/**
 * A pdfme template file brought in as it is (older object form of `schemas` included). Only the
 * shape is checked here; the renderer validates every field when it previews or prints.
 */
export function importPdfme(text: string): CanvasTemplateContent {
  const value = JSON.parse(text) as unknown;
  if (
    typeof value !== 'object' ||
    value === null ||
    !('basePdf' in value) ||
    !Array.isArray((value as { schemas?: unknown }).schemas)
  )
    throw new SyntaxError('not a pdfme template');
  return readCanvas(text);
}

/**
 * Fonts a text field can name: the TTFs Quire ships (render/canvas/fonts.ts, checked by a test),
 * covering the scripts of the 15 languages. A field whose text needs Thai or CJK gets that family
 * when it prints, whatever is chosen here.
 */
export const FONT_CHOICES = [
  'NotoSans_400Regular',
  'NotoSans_700Bold',
  'NotoSans_400Regular_Italic',
  'NotoSans_700Bold_Italic',
  'NotoSansSC_400Regular',
  'NotoSansSC_700Bold',
  'NotoSansTC_400Regular',
  'NotoSansTC_700Bold',
  'NotoSansJP_400Regular',
  'NotoSansJP_700Bold',
  'NotoSansKR_400Regular',
  'NotoSansKR_700Bold',
  'NotoSansThai_400Regular',
  'NotoSansThai_700Bold',
] as const;
