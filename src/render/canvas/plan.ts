/**
 * A canvas template validated and planned once (spec: each field's tags parsed, its kind of value
 * chosen, the font it is drawn with), apart from the drawing in `render.ts`: the output registry
 * parses and reads settings through this module alone, so @pdfme (about 1 s of CPU to load in a
 * worker) is loaded only when a canvas template is actually drawn.
 */
import { QuireError } from '../../core/errors';
import type { TemplateNode } from '../../core/expr/ast';
import { type EvalOptions, parseCached } from '../../core/expr/evaluate';
import type { PrintSettings } from '../../core/print/build';
import { type Piece, planPieces } from './expressions';
import { declaredFont } from './fonts';
import {
  BARCODE_TYPES,
  type CanvasField,
  type CanvasTemplateContent,
  isKnownFieldType,
  parseCanvasContent,
} from './schema';

type Mode = 'text' | 'variables' | 'code' | 'image' | 'check' | 'table' | 'list' | 'static' | 'unknown';

export interface FieldPlan {
  /** The generated template's field name (`f<page>_<index>`: unique, never the template's text). */
  key: string;
  field: CanvasField;
  mode: Mode;
  /** The content (or multi-variable text) parsed as a template of tags. */
  nodes?: TemplateNode[];
  /** Instead of `nodes`: a text with pdfme's expressions, as literal text, tags and expressions. */
  pieces?: Piece[];
  /** `{expression}` when the whole content is one tag (images, check boxes, lists). */
  expression?: string;
  /** Table: one parsed cell template per column. */
  columns?: TemplateNode[][];
  /** Whether its content (or multi-variable text) holds tags. */
  hasTags?: boolean;
  /** The shipped font its text is drawn with before script-specific choice. */
  font?: string;
  /** Whether its texts name `currentPage` or `totalPages` (pdfme's page placeholders). */
  pageTags?: boolean;
}

/** pdfme's page placeholders: the page number and page count of each record's own document. */
export interface PageNumbers {
  currentPage: number;
  totalPages: number;
}

const PAGE_TAG = /\{[^{}]*\b(currentPage|totalPages)\b[^{}]*\}/;

export interface CanvasTemplate {
  content: CanvasTemplateContent;
  /** One list of planned fields per page (static fields of a blank page on every page). */
  pages: FieldPlan[][];
  /** What the template asks for that Quire replaces (a font it lacks); said, never fatal. */
  warnings: string[];
  lang: string;
  options: EvalOptions;
}

const TEXT_TYPES = new Set(['text', 'date', 'time', 'dateTime', 'select']);
export const SHAPES = new Set(['line', 'rectangle', 'ellipse', 'svg']);

function modeOf(field: CanvasField): Mode {
  if (!isKnownFieldType(field.type)) return 'unknown';
  if (field.type === 'multiVariableText') return 'variables';
  if (TEXT_TYPES.has(field.type)) return 'text';
  if (BARCODE_TYPES.has(field.type)) return 'code';
  if (field.type === 'image' || field.type === 'signature') return 'image';
  if (field.type === 'checkbox' || field.type === 'radioGroup' || field.type === 'circleMark') return 'check';
  if (field.type === 'table') return 'table';
  if (field.type === 'list') return 'list';
  return 'static';
}

const SINGLE_TAG = /^\s*\{([^{}]+)\}\s*$/;
const FORBIDDEN_NAME = /\{[^}]*\b(__proto__|constructor|prototype)\b/;

function parseAt(text: string, path: string, options: EvalOptions): TemplateNode[] {
  return atPath(path, () => parseCached(text, options));
}

/** Runs a parse; a catalogued error becomes TemplateParseError naming `path`. */
function atPath<T>(path: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof QuireError) {
      const reason = error.issues[0]?.reason ?? error.message;
      throw new QuireError('TemplateParseError', { detail: `${path}: ${reason}`, issues: [{ path, reason }] });
    }
    throw error;
  }
}

/** What a template asks for that Quire replaces or leaves out, gathered while planning. */
interface Notes {
  /** Missing font name → the paths of the fields naming it. */
  fonts: Map<string, { font: string; paths: string[] }>;
  /** Unknown field type → the paths of its fields. */
  types: Map<string, string[]>;
  /** Placeholders refused (syntax, a forbidden name): `path: reason`. */
  expressions: string[];
}

/**
 * A text field's content: Quire's tags when the tag language reads it, else pdfme's placeholders
 * (`{orders.reduce(…)}`) as pieces — a refused placeholder is noted and prints an error mark.
 */
function parseText(
  text: string,
  path: string,
  options: EvalOptions,
  notes: Notes,
): Pick<FieldPlan, 'nodes' | 'pieces'> {
  // Quire's paths never resolve `__proto__` (they print nothing); as placeholders they print the
  // error mark, so whoever wrote one sees it refused.
  if (!FORBIDDEN_NAME.test(text))
    try {
      return { nodes: parseCached(text, options) };
    } catch (error) {
      if (!(error instanceof QuireError) || !text.includes('{')) return { nodes: parseAt(text, path, options) };
    }
  const { pieces, refused } = atPath(path, () => planPieces(text, options));
  for (const reason of refused) notes.expressions.push(`${path}: ${reason}`);
  return { pieces };
}

function listed(paths: string[]): string {
  return paths.length > 3 ? `${paths.slice(0, 3).join(', ')} and ${paths.length - 3} more` : paths.join(', ');
}

/** One warning per missing font and per unknown type, naming it and where it is used. */
function warningsOf(notes: Notes): string[] {
  return [
    ...[...notes.fonts].map(
      ([name, { font, paths }]) => `Quire has no font "${name}" (${listed(paths)}); ${font} is used instead`,
    ),
    ...[...notes.types].map(
      ([type, paths]) => `field type "${type}" is not one Quire draws (${listed(paths)}); left out, the rest printed`,
    ),
    ...notes.expressions.map((e) => `expression refused, printed as an error mark: ${e}`),
  ];
}

function planField(field: CanvasField, key: string, path: string, options: EvalOptions, notes: Notes): FieldPlan {
  const mode = modeOf(field);
  const plan: FieldPlan = { key, field, mode };
  const content = field.content ?? '';
  if (mode === 'unknown') {
    const paths = notes.types.get(field.type) ?? [];
    notes.types.set(field.type, [...paths, path]);
    return plan;
  }
  if (mode === 'variables') Object.assign(plan, parseText(field.text ?? '', `${path}.text`, options, notes));
  else if (mode === 'text' || mode === 'code')
    Object.assign(plan, parseText(content, `${path}.content`, options, notes));
  else if (mode === 'image' || mode === 'check' || mode === 'table' || mode === 'list') {
    const single = SINGLE_TAG.exec(content);
    if (single && !((mode === 'table' || mode === 'list') && content.trim().startsWith('['))) {
      parseAt(content, `${path}.content`, options);
      plan.expression = single[1]!;
    }
    if (mode === 'check' && !single) plan.nodes = parseAt(content, `${path}.content`, options);
    if (mode === 'table' && field.columns)
      plan.columns = field.columns.map((c, i) => parseAt(c, `${path}.columns[${i}]`, options));
  }
  plan.hasTags =
    (plan.nodes ?? []).some((n) => n.type !== 'text') || (plan.pieces ?? []).some((p) => p.kind !== 'text');
  plan.pageTags = [content, field.text ?? '', ...(field.columns ?? [])].some((t) => PAGE_TAG.test(t));
  if (mode === 'text' || mode === 'variables' || mode === 'table' || mode === 'list') {
    // A table names its fonts in its head and body styles (pdfme's designer), not on the field.
    const styles = [field.headStyles, field.bodyStyles].map((s) =>
      s && typeof s === 'object' && 'fontName' in s ? (s as { fontName?: unknown }).fontName : undefined,
    );
    const name = field.fontName ?? styles.find((n): n is string => typeof n === 'string' && n !== '');
    const font = declaredFont(name);
    if (font.missing) {
      const seen = notes.fonts.get(font.missing) ?? { font: font.font, paths: [] };
      seen.paths.push(`${path}.fontName`);
      notes.fonts.set(font.missing, seen);
    }
    plan.font = font.font;
  }
  return plan;
}

/** Validates and plans a canvas template (throws TemplateParseError naming the path). */
export function parseCanvas(content: unknown): CanvasTemplate {
  const parsed = parseCanvasContent(content);
  const lang = parsed.settings?.lang ?? 'en-US';
  const options: EvalOptions = {
    ...(parsed.settings?.lang ? { locale: parsed.settings.lang } : {}),
    ...(parsed.settings?.timeZone ? { timeZone: parsed.settings.timeZone } : {}),
  };
  const notes: Notes = { fonts: new Map(), types: new Map(), expressions: [] };
  const statics =
    typeof parsed.basePdf === 'object'
      ? (parsed.basePdf.staticSchema ?? []).map((field, i) =>
          planField(field, `s_${i}`, `basePdf.staticSchema[${i}]`, options, notes),
        )
      : [];
  const pages = parsed.schemas.map((page, p) => [
    ...statics.map((s) => ({ ...s, key: `${s.key}_${p}` })),
    ...page.map((field, f) => planField(field, `f${p}_${f}`, `schemas[${p}][${f}]`, options, notes)),
  ]);
  return { content: parsed, pages, warnings: warningsOf(notes), lang, options };
}

export function canvasSettings(template: CanvasTemplate): PrintSettings {
  const s = template.content.settings;
  return { ...(s?.lang ? { lang: s.lang } : {}), ...(s?.timeZone ? { timeZone: s.timeZone } : {}) };
}
