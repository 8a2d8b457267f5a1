/**
 * Canvas templates rendered with @pdfme/generator from the print input every kind uses. Each field
 * is planned once per template (its tags parsed, its pdfme type chosen); per record only values are
 * computed. Text is filled with Quire's tag language (core/expr) before pdfme sees it, and every
 * field reaches pdfme as an input (never `readOnly`), so pdfme's own placeholder expressions are
 * never evaluated. QR and bar codes are drawn as SVG; dates and selects print as text.
 */
import { type CommonOptions, type Font, getDynamicTemplate, type Schema, type Template } from '@pdfme/common';
import { generate } from '@pdfme/generator';
import { checkbox, circleMark, ellipse, image, line, list, radioGroup, rectangle, svg, text } from '@pdfme/schemas';
import { getDynamicLayoutForSchema, isDynamicLayoutSchema } from '@pdfme/schemas/dynamicLayout';
import type { FontGroupLoader } from '../../../wasm/fonts';
import { QuireError } from '../../core/errors';
import { evaluateExpression, renderTemplate, rootScope, type Scope, withItem } from '../../core/expr/evaluate';
import { defaultToPlain, getChild, isPlainObject, isTruthy, toText } from '../../core/expr/values';
import type { PrintInput } from '../../core/print/input';
import type { OutputEnvironment } from '../outputs/types';
import { imageUrlsOf } from '../resolve/images';
import { codeSvg } from './codes';
import { type PieceContext, pdfmeDates, renderPieces } from './expressions';
import { type FieldFonts, fieldFonts, routeValues } from './font-variants';
import { FALLBACK_FONT, loadCanvasFonts } from './fonts';
import { type CanvasTemplate, type FieldPlan, type PageNumbers, SHAPES } from './plan';
import { rotatedTable } from './rotated-table';

/**
 * A value the input gives a field by its name, as pdfme templates expect — only for fields whose
 * content holds no tags (tags say where the value comes from) and that are not read-only.
 */
function direct(plan: FieldPlan, input: PrintInput): unknown {
  if (plan.field.readOnly || plan.expression !== undefined) return undefined;
  // pdfme's placeholders are the content of a read-only field; an input field prints its input.
  if (plan.pieces && plan.mode !== 'variables')
    return Object.hasOwn(input.scope, plan.field.name) ? input.scope[plan.field.name] : undefined;
  // Multi-variable text: the input is its variables (JSON), the text's tags read them.
  if (plan.hasTags && plan.mode !== 'variables') return undefined;
  return Object.hasOwn(input.scope, plan.field.name) ? input.scope[plan.field.name] : undefined;
}

/** What pdfme's placeholders read: page numbers, then the record (or variables), then the dates. */
function pieceContext(
  template: CanvasTemplate,
  record: unknown,
  page: PageNumbers,
  scope: Scope,
  now: number,
): PieceContext {
  const dates = pdfmeDates(now, template.options.timeZone);
  return { scope, first: { ...page }, record, last: dates, options: template.options };
}

function textOf(
  plan: FieldPlan,
  input: PrintInput,
  template: CanvasTemplate,
  scope: Scope,
  page: PageNumbers,
  now: number,
): string {
  const given = direct(plan, input);
  if (given !== undefined) return toText(given);
  if (plan.pieces) return renderPieces(plan.pieces, pieceContext(template, input.scope, page, scope, now));
  return renderTemplate(plan.nodes ?? [], undefined, template.options, scope);
}

function isPng(b: Uint8Array): boolean {
  return b.length > 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47;
}
function isJpeg(b: Uint8Array): boolean {
  return b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function dataUrlBytes(url: string): Uint8Array | undefined {
  const match = /^data:[^;,]*;base64,(.*)$/s.exec(url);
  if (!match) return undefined;
  try {
    const binary = atob(match[1]!.replace(/\s/g, ''));
    const out = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
    return out;
  } catch {
    return undefined;
  }
}

/** The first PNG or JPEG a value names, as a data URL ('' when none can be read). */
async function imageOf(value: unknown, input: PrintInput, env: OutputEnvironment): Promise<string> {
  for (const url of imageUrlsOf(value)) {
    let bytes: Uint8Array | undefined;
    if (Object.hasOwn(input.assets, url)) bytes = input.assets[url];
    else if (url.startsWith('data:')) bytes = dataUrlBytes(url);
    else {
      try {
        bytes = (await env.loadImage?.(url)) ?? undefined;
      } catch {
        bytes = undefined;
      }
    }
    if (!bytes) continue;
    if (isPng(bytes)) return `data:image/png;base64,${base64(bytes)}`;
    if (isJpeg(bytes)) return `data:image/jpeg;base64,${base64(bytes)}`;
  }
  return '';
}

const CHECKED = /^(true|1|yes|on|x|✓|✔|☑|☒)$/i;

function tableRows(plan: FieldPlan, value: unknown, template: CanvasTemplate, scope: Scope): string[][] {
  const plain = defaultToPlain(value);
  if (!Array.isArray(plain)) return [];
  const head = Array.isArray(plan.field.head) ? (plan.field.head as unknown[]).map((h) => String(h)) : [];
  return plain.map((entry, i) => {
    const item = defaultToPlain(entry);
    if (Array.isArray(item)) return item.map((cell) => toText(cell));
    if (plan.columns) {
      const itemScope = withItem(scope, entry, i);
      return plan.columns.map((nodes) => renderTemplate(nodes, undefined, template.options, itemScope));
    }
    return head.map((h) => (isPlainObject(item) ? toText(getChild(item, h, defaultToPlain)) : ''));
  });
}

/** The pdfme input value of one field for one record. */
async function fieldValue(
  plan: FieldPlan,
  input: PrintInput,
  template: CanvasTemplate,
  env: OutputEnvironment,
  page: PageNumbers,
  now: number,
): Promise<string> {
  // As in pdfme, the page's numbers come before a record field of the same name.
  const scope = plan.pageTags ? withItem(rootScope(input.scope), page) : rootScope(input.scope);
  const given = direct(plan, input);
  const expressionValue = () =>
    given !== undefined
      ? given
      : plan.expression !== undefined
        ? evaluateExpression(plan.expression, undefined, template.options, scope)
        : undefined;
  switch (plan.mode) {
    case 'text':
      return textOf(plan, input, template, scope, page, now);
    case 'variables': {
      let variables: unknown;
      if (typeof given === 'string') {
        try {
          variables = JSON.parse(given);
        } catch {
          variables = undefined;
        }
      } else if (isPlainObject(given)) variables = given;
      const inner = isPlainObject(variables) ? withItem(scope, variables) : scope;
      if (plan.pieces) {
        const record = isPlainObject(variables) ? { ...input.scope, ...variables } : input.scope;
        return renderPieces(plan.pieces, pieceContext(template, record, page, inner, now));
      }
      return renderTemplate(plan.nodes ?? [], undefined, template.options, inner);
    }
    case 'code':
      return codeSvg(plan.field.type, textOf(plan, input, template, scope, page, now).trim(), plan.field) ?? '';
    case 'image': {
      const value = expressionValue() ?? plan.field.content ?? '';
      return imageOf(value, input, env);
    }
    case 'check': {
      const value = expressionValue();
      if (value === undefined)
        return CHECKED.test(textOf(plan, input, template, scope, page, now).trim()) ? 'true' : 'false';
      if (typeof value === 'string') return CHECKED.test(value.trim()) ? 'true' : 'false';
      return isTruthy(defaultToPlain(value)) ? 'true' : 'false';
    }
    case 'table': {
      const value = expressionValue();
      if (typeof value === 'string') return value;
      if (value === undefined) return plan.field.content?.trim().startsWith('[') ? plan.field.content : '[]';
      return JSON.stringify(tableRows(plan, value, template, scope));
    }
    case 'list': {
      const value = expressionValue();
      if (typeof value === 'string') return value;
      if (value === undefined) return plan.field.content?.trim().startsWith('[') ? plan.field.content : '[]';
      const plain = defaultToPlain(value);
      return JSON.stringify((Array.isArray(plain) ? plain : [plain]).map((item) => toText(item)));
    }
    case 'static':
      return plan.field.content ?? '';
    case 'unknown':
      return '';
  }
}

const TEXT_DEFAULTS = {
  fontSize: 12,
  alignment: 'left',
  verticalAlignment: 'top',
  lineHeight: 1,
  characterSpacing: 0,
  fontColor: '#000000',
  backgroundColor: '',
};

const CELL_DEFAULTS = {
  ...TEXT_DEFAULTS,
  fontSize: 10,
  verticalAlignment: 'middle',
  borderColor: '#888888',
  borderWidth: { top: 0.1, right: 0.1, bottom: 0.1, left: 0.1 },
  padding: { top: 1, right: 1, bottom: 1, left: 1 },
};

/** The field as pdfme draws it: its generated key, the type Quire hands over, the chosen font. */
function pdfmeSchema(plan: FieldPlan, font: string | undefined): Record<string, unknown> {
  // pdfme checks every fontName against its font map: only the font Quire chose reaches it.
  const { name: _name, columns: _columns, text: _text, variables: _variables, fontName: _font, ...field } = plan.field;
  const base = { ...field, name: plan.key, readOnly: false, required: false, content: '' };
  switch (plan.mode) {
    case 'text':
    case 'variables':
      return { ...TEXT_DEFAULTS, ...base, type: 'text', fontName: font };
    case 'code':
      return { ...base, type: 'svg' };
    case 'image':
      return { ...base, type: 'image' };
    case 'check':
      // circleMark draws nothing without a border width (pdfme's designer default is 1 mm).
      return { color: '#000000', ...(plan.field.type === 'circleMark' ? { borderWidth: 1 } : {}), ...base };
    case 'list':
      return {
        ...TEXT_DEFAULTS,
        listStyle: 'bullet',
        markerWidth: 6,
        markerGap: 2,
        itemSpacing: 1,
        ...base,
        fontName: font,
      };
    case 'table': {
      const styles = (key: string, extra: Record<string, unknown> = {}) => ({
        ...CELL_DEFAULTS,
        ...extra,
        ...(isPlainObject(field[key]) ? (field[key] as Record<string, unknown>) : {}),
        fontName: font,
      });
      const head = Array.isArray(field.head) ? field.head : [];
      return {
        showHead: head.length > 0,
        headWidthPercentages: head.map(() => 100 / Math.max(head.length, 1)),
        columnStyles: {},
        ...base,
        head,
        tableStyles: { borderColor: '#888888', borderWidth: 0.3, ...(field.tableStyles as object | undefined) },
        headStyles: styles('headStyles', { backgroundColor: '#EEEEEE' }),
        bodyStyles: styles('bodyStyles', { alternateBackgroundColor: '' }),
      };
    }
    case 'static':
      return SHAPES.has(plan.field.type) ? { color: '#000000', borderWidth: 0.3, ...base } : base;
    case 'unknown':
      return base;
  }
}

function basePdfOf(template: CanvasTemplate): Template['basePdf'] {
  const base = template.content.basePdf;
  if (typeof base === 'string') return base.startsWith('data:') ? base : `data:application/pdf;base64,${base.trim()}`;
  const { staticSchema: _static, ...blank } = base;
  return blank as Template['basePdf'];
}

// pdfme's table ignores `rotate`; Quire's wraps it so a rotated table prints rotated.
const PLUGINS = {
  text,
  image,
  svg,
  table: rotatedTable,
  line,
  rectangle,
  ellipse,
  checkbox,
  radioGroup,
  circleMark,
  list,
};

/** Texts a field draws, for picking its font. */
function textsOf(plan: FieldPlan, value: string): string[] {
  if (plan.mode === 'table') {
    const head = Array.isArray(plan.field.head) ? plan.field.head.map(String) : [];
    return [head.join(' '), value];
  }
  return [value];
}

const PDFME_LANGS = ['ja', 'zh', 'th', 'ko', 'en', 'de', 'es', 'fr', 'it', 'ar', 'pl'] as const;
type PdfmeLang = (typeof PDFME_LANGS)[number] | 'zh-TW';

/** The document language pdfme records (it knows a short list). */
function pdfmeLang(lang: string): PdfmeLang {
  const l = lang.toLowerCase();
  if (l === 'zh-tw' || l === 'zh-hk' || l.startsWith('zh-hant')) return 'zh-TW';
  const short = l.slice(0, 2);
  return (PDFME_LANGS as readonly string[]).includes(short) ? (short as PdfmeLang) : 'en';
}

/** One PDF of every input in order (each filling the template's pages afresh). */
export async function renderCanvas(
  template: CanvasTemplate,
  inputs: readonly PrintInput[],
  env: OutputEnvironment,
): Promise<Uint8Array> {
  const loader: FontGroupLoader | undefined = env.loadFontGroup;
  if (!loader)
    throw new QuireError('TemplateRendererror', { detail: 'canvas templates need the shipped fonts (loadFontGroup)' });
  const plans = template.pages.flat();
  // Each record fills the template's pages afresh, so its pages are numbered from 1 (as pdfme
  // numbers each input), in a merged print too.
  const totalPages = template.pages.length;
  // One clock reading per print: pdfme's `{date}` is the same on every record.
  const now = Date.now();
  const values = await Promise.all(
    inputs.map(async (input) => {
      const out: Record<string, string> = {};
      for (const [p, page] of template.pages.entries())
        for (const plan of page)
          out[plan.key] = await fieldValue(plan, input, template, env, { currentPage: p + 1, totalPages }, now);
      return out;
    }),
  );
  // pdfme has one font per field for every input: a text field whose records need different
  // fonts becomes one field per font (font-variants.ts), so each record prints as it does alone.
  const fonts = new Map<string, FieldFonts>();
  for (const plan of plans) {
    const chosen = fieldFonts(
      plan,
      values.map((v) => textsOf(plan, v[plan.key] ?? '')),
      template.lang,
    );
    if (chosen) fonts.set(plan.key, chosen);
  }
  const pdfmeTemplate = {
    basePdf: basePdfOf(template),
    // A field of a type Quire does not draw is left out (parseCanvas warned, naming its type).
    schemas: template.pages.map((page) =>
      page
        .filter((plan) => plan.mode !== 'unknown')
        .flatMap((plan) => {
          const variants = fonts.get(plan.key)?.variants;
          if (!variants) return [pdfmeSchema(plan, undefined)];
          return variants.map((v) => ({ ...pdfmeSchema(plan, v.font), name: v.name }));
        }),
    ),
  } as unknown as Template;
  const used = [...fonts.values()].flatMap((f) => f.variants.map((v) => v.font));
  const font = (await loadCanvasFonts([FALLBACK_FONT, ...used], loader)) as Font;
  const options = { font, lang: pdfmeLang(template.lang), creator: 'Quire', producer: 'Quire' };
  await numberGrownPages(template, pdfmeTemplate, inputs, values, options, env, now);
  for (const [key, chosen] of fonts) routeValues(key, chosen, values);
  const pdf = await generate({
    template: pdfmeTemplate,
    inputs: values.length ? values : [{}],
    plugins: PLUGINS,
    options,
  });
  return pdf;
}

/**
 * On a blank page, pdfme lets a long table (or list, or growing text) run onto pages it adds per
 * record and pushes the fields below it along. There, a field's page and the record's page count
 * come from pdfme's own layout of that record, so its page numbers are filled again from it.
 */
async function numberGrownPages(
  template: CanvasTemplate,
  pdfmeTemplate: Template,
  inputs: readonly PrintInput[],
  values: Record<string, string>[],
  options: CommonOptions,
  env: OutputEnvironment,
  now: number,
): Promise<void> {
  const numbered = template.pages.flat().filter((plan) => plan.pageTags);
  if (!numbered.length || typeof template.content.basePdf !== 'object') return;
  if (!pdfmeTemplate.schemas.some((page) => page.some((schema) => isDynamicLayoutSchema(schema as Schema)))) return;
  for (const [i, input] of inputs.entries()) {
    const laid = await getDynamicTemplate({
      template: pdfmeTemplate,
      input: values[i]!,
      options,
      _cache: new Map(),
      getDynamicHeights: getDynamicLayoutForSchema,
    });
    const totalPages = laid.schemas.length;
    for (const plan of numbered) {
      const page = laid.schemas.findIndex((schemas) => schemas.some((schema) => schema.name === plan.key));
      if (page < 0) continue;
      values[i]![plan.key] = await fieldValue(plan, input, template, env, { currentPage: page + 1, totalPages }, now);
    }
  }
}
