/**
 * `renderPdf`: template + record → PDF bytes, the same in Node and in a worker. The template is
 * parsed once per content (cached), resolved per record into the view model, and compiled by a
 * warm Typst engine that only receives a new `/data.json` and the record's images.
 */
import { fontFamilies, fontGroupsForText } from '../../wasm/fonts';
import { isQuireError, QuireError } from '../core/errors';
import { parseTemplateContent } from '../core/model/parse';
import type { ParsedTemplateContent } from '../core/model/types';
import { type ChunkOptions, compileChunked, longTableOf } from './render-pdf-chunks';
import type { ResolveOptions } from './resolve/context';
import { resolveDocument } from './resolve/document';
import type { TypstEngine } from './typst/engine';
import type { VBlock, ViewDocument } from './view-model';

interface RenderOptions extends ResolveOptions, ChunkOptions {
  engine: TypstEngine;
}

/** Template content as stored (JSON text), as a value, or already parsed. */
type TemplateInput = string | ParsedTemplateContent | unknown;

const parsedByText = new Map<string, ParsedTemplateContent>();
const parsedByObject = new WeakMap<object, ParsedTemplateContent>();
const PARSE_CACHE_LIMIT = 32;

function isParsed(value: unknown): value is ParsedTemplateContent {
  return (
    typeof value === 'object' &&
    value !== null &&
    !('schemaVersion' in value) &&
    'document' in value &&
    'settings' in value &&
    'pageSetting' in value
  );
}

/**
 * Parses (and caches) template content; a batch parses its template once. `json` is the text
 * already JSON-parsed by the caller, used instead of parsing it again on a cache miss.
 */
export function prepareTemplate(template: TemplateInput, json?: unknown): ParsedTemplateContent {
  if (typeof template === 'string') {
    const hit = parsedByText.get(template);
    if (hit) return hit;
    const parsed = parseTemplateContent(json === undefined ? template : json);
    if (parsedByText.size >= PARSE_CACHE_LIMIT) parsedByText.delete(parsedByText.keys().next().value!);
    parsedByText.set(template, parsed);
    return parsed;
  }
  if (typeof template === 'object' && template !== null) {
    const hit = parsedByObject.get(template);
    if (hit) return hit;
    const parsed = isParsed(template) ? template : parseTemplateContent(template);
    parsedByObject.set(template, parsed);
    return parsed;
  }
  return parseTemplateContent(template);
}

/** Every string the document prints, to pick the fonts it needs. */
export function documentText(doc: ViewDocument): string {
  const parts: string[] = [];
  const visit = (blocks: readonly VBlock[]): void => {
    for (const b of blocks) {
      if (b.t === 'par') {
        for (const s of b.spans) if (s.t === 'text') parts.push(s.s);
      } else if (b.t === 'list') b.items.forEach(visit);
      else if (b.t === 'table') {
        for (const row of [...b.header, ...b.body, ...b.footer]) for (const cell of row) visit(cell.blocks);
      } else if (b.t === 'row') {
        for (const c of b.cols) visit(c.blocks);
      } else if (b.t === 'box' || b.t === 'float') visit(b.blocks);
      else if (b.t === 'image' && b.text) parts.push(b.text);
    }
  };
  for (const section of doc.sections) visit(section.blocks);
  return parts.join('');
}

/**
 * Rewrites every image path of the blocks: `map` answers the new path, or undefined to drop the
 * image (a broken one). Used to drop images Typst cannot decode and to keep each record's images
 * apart when several records are typeset as one document.
 */
export function mapImagePaths(blocks: readonly VBlock[], map: (path: string) => string | undefined): VBlock[] {
  const out: VBlock[] = [];
  for (const b of blocks) {
    if (b.t === 'image') {
      const path = map(b.path);
      if (path !== undefined) out.push(path === b.path ? b : { ...b, path });
    } else if (b.t === 'par') {
      const spans: typeof b.spans = [];
      for (const s of b.spans) {
        if (s.t !== 'img') spans.push(s);
        else {
          const path = map(s.path);
          if (path !== undefined) spans.push(path === s.path ? s : { ...s, path });
        }
      }
      out.push({ ...b, spans });
    } else if (b.t === 'list') out.push({ ...b, items: b.items.map((i) => mapImagePaths(i, map)) });
    else if (b.t === 'table') {
      const rows = (rs: typeof b.body) => rs.map((r) => r.map((c) => ({ ...c, blocks: mapImagePaths(c.blocks, map) })));
      out.push({ ...b, header: rows(b.header), body: rows(b.body), footer: rows(b.footer) });
    } else if (b.t === 'row')
      out.push({ ...b, cols: b.cols.map((c) => ({ ...c, blocks: mapImagePaths(c.blocks, map) })) });
    else if (b.t === 'box' || b.t === 'float') out.push({ ...b, blocks: mapImagePaths(b.blocks, map) });
    else out.push(b);
  }
  return out;
}

const encoder = new TextEncoder();

/** Finds the images Typst cannot decode by compiling each alone. */
async function brokenImages(engine: TypstEngine, assets: Record<string, Uint8Array>): Promise<Set<string>> {
  const broken = new Set<string>();
  for (const [path, bytes] of Object.entries(assets)) {
    try {
      await engine.compilePdf({
        main: '/probe.typ',
        files: { '/probe.json': encoder.encode(JSON.stringify({ path })), [path]: bytes },
        fontGroups: ['latin'],
      });
    } catch {
      broken.add(path);
    }
  }
  return broken;
}

/** Resolves one record into the view model; anything thrown becomes a catalogued error. */
export async function resolveForPdf(
  content: ParsedTemplateContent,
  record: unknown,
  options: ResolveOptions,
): Promise<Awaited<ReturnType<typeof resolveDocument>>> {
  try {
    return await resolveDocument(content, record, options);
  } catch (error) {
    if (isQuireError(error)) throw error;
    if (error instanceof RangeError)
      throw new QuireError('DocGenerationError', { detail: error.message, cause: error });
    throw new QuireError('TemplateRendererror', {
      detail: error instanceof Error ? error.message : String(error),
      cause: error,
    });
  }
}

interface RenderResult {
  pdf: Uint8Array;
  doc: ViewDocument;
}

/** Resolves and compiles one record; throws only catalogued errors. */
export async function renderPdfDetailed(
  template: TemplateInput,
  record: unknown,
  options: RenderOptions,
): Promise<RenderResult> {
  const content = prepareTemplate(template);
  const { doc, assets } = await resolveForPdf(content, record, options);
  const groups = fontGroupsForText(documentText(doc), content.settings.lang);
  doc.text.fonts = fontFamilies(groups, content.settings.lang);
  const compile = (d: ViewDocument, files: Record<string, Uint8Array>) => {
    // A table longer than a chunk is typeset chunk by chunk, so memory stays bounded.
    const long = longTableOf(d, options.chunkRows);
    if (long) return compileChunked(d, long, files, groups, options.engine, options);
    return options.engine.compilePdf({
      main: '/main.typ',
      files: { '/data.json': encoder.encode(JSON.stringify(d)), ...files },
      fontGroups: groups,
    });
  };
  try {
    return { pdf: await compile(doc, assets), doc };
  } catch (error) {
    if (Object.keys(assets).length === 0) throw toRenderError(error);
    const broken = await brokenImages(options.engine, assets);
    if (broken.size === 0) throw toRenderError(error);
    const kept = Object.fromEntries(Object.entries(assets).filter(([path]) => !broken.has(path)));
    const retry: ViewDocument = {
      ...doc,
      sections: doc.sections.map((s) => ({
        ...s,
        blocks: mapImagePaths(s.blocks, (path) => (broken.has(path) ? undefined : path)),
      })),
    };
    try {
      return { pdf: await compile(retry, kept), doc: retry };
    } catch (second) {
      throw toRenderError(second);
    }
  }
}

export async function renderPdf(template: TemplateInput, record: unknown, options: RenderOptions): Promise<Uint8Array> {
  return (await renderPdfDetailed(template, record, options)).pdf;
}

function toRenderError(error: unknown): QuireError {
  if (isQuireError(error)) return error;
  return new QuireError('TemplateRendererror', {
    detail: error instanceof Error ? error.message : String(error),
    cause: error,
  });
}
