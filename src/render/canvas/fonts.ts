/**
 * Fonts of canvas templates: the TTF files Quire ships (wasm/fonts), named for pdfme. pdfme draws
 * a field's text with one font and no per-glyph fallback, so each text field gets the family its
 * text needs (Thai, or the language's CJK family with SC as the widest), Latin otherwise. A font
 * the template names that Quire lacks becomes Noto Sans, with a warning.
 */
import { FONT_FILES, type FontGroup, type FontGroupLoader, fontGroupsForText } from '../../../wasm/fonts';

interface CanvasFont {
  group: FontGroup;
  /** Index into the group's files (in FONT_FILES order: regular, bold, …). */
  index: number;
}

function fileStem(file: string): string {
  return (file.split('/').pop() ?? file).replace(/\.ttf$/i, '');
}

/** Font name (as a template names it) → shipped file. `NotoSans_400Regular` style stems. */
export const CANVAS_FONTS: Record<string, CanvasFont> = (() => {
  const fonts: Record<string, CanvasFont> = Object.create(null);
  const counters = new Map<FontGroup, number>();
  for (const f of FONT_FILES) {
    const index = counters.get(f.group) ?? 0;
    counters.set(f.group, index + 1);
    fonts[fileStem(f.file)] = { group: f.group, index };
  }
  return fonts;
})();

/** The fallback every generate call carries (pdfme wants exactly one). */
export const FALLBACK_FONT = 'NotoSans_400Regular';

/** pdfme's own default font name; templates from its designer often name it. */
const PDFME_DEFAULT_FONTS = new Set(['Roboto', 'NotoSerifJP-Regular', 'NotoSansJP-Regular']);

/** The regular (or bold) font of a group. */
function fontOf(group: FontGroup, bold: boolean): string {
  const names = Object.keys(CANVAS_FONTS).filter((n) => CANVAS_FONTS[n]!.group === group);
  const pick = names.find((n) => (bold ? /Bold(?!_Italic)/.test(n) && !/Italic/.test(n) : /400Regular$/.test(n)));
  return pick ?? names[0] ?? FALLBACK_FONT;
}

/** A declared font name resolved to a shipped one; `missing` when Quire does not have it. */
export function declaredFont(name: string | undefined): { font: string; missing?: string } {
  if (!name || PDFME_DEFAULT_FONTS.has(name)) return { font: FALLBACK_FONT };
  if (Object.hasOwn(CANVAS_FONTS, name)) return { font: name };
  return { font: fontOf('latin', /bold/i.test(name)), missing: name };
}

/** Which family wins when a field's text needs several (one font per field in pdfme). */
const SCRIPT_ORDER: FontGroup[] = ['jp', 'kr', 'tc', 'sc', 'thai'];

/** The font a field's texts need: its declared font for Latin text, the script's family otherwise. */
export function fontForTexts(declared: string, texts: readonly string[], lang: string): string {
  const groups = new Set<FontGroup>();
  for (const text of texts) for (const g of fontGroupsForText(text, lang)) groups.add(g);
  const group = SCRIPT_ORDER.find((g) => groups.has(g));
  if (!group) return declared;
  if (keepsDeclaredCjk(declared, texts)) return declared;
  return fontOf(group, /Bold/.test(declared));
}

const CJK_GROUPS = new Set<FontGroup>(['jp', 'kr', 'tc', 'sc']);

/**
 * A CJK font the template names itself (Noto Sans TC for traditional Chinese) stays when it has
 * every script the texts use: Han is in each CJK family, kana only in JP's, Hangul only in KR's.
 */
function keepsDeclaredCjk(declared: string, texts: readonly string[]): boolean {
  const group = CANVAS_FONTS[declared]?.group;
  if (!group || !CJK_GROUPS.has(group)) return false;
  // Without a language, Han adds only SC: what remains says which scripts besides Han are used.
  const scripts = new Set(texts.flatMap((t) => fontGroupsForText(t, 'en')));
  if (scripts.has('thai')) return false;
  if (scripts.has('jp') && group !== 'jp') return false;
  return !(scripts.has('kr') && group !== 'kr');
}

const loaded = new WeakMap<FontGroupLoader, Map<FontGroup, Promise<Uint8Array[]>>>();

/** pdfme's font map for the names used, loading each group once per loader. */
export async function loadCanvasFonts(
  names: Iterable<string>,
  loader: FontGroupLoader,
): Promise<Record<string, { data: Uint8Array; fallback?: boolean; subset?: boolean }>> {
  let cache = loaded.get(loader);
  if (!cache) {
    cache = new Map();
    loaded.set(loader, cache);
  }
  const wanted = new Set([FALLBACK_FONT, ...names]);
  const out: Record<string, { data: Uint8Array; fallback?: boolean; subset?: boolean }> = {};
  for (const name of wanted) {
    const font = CANVAS_FONTS[name];
    if (!font) continue;
    let files = cache.get(font.group);
    if (!files) {
      files = loader(font.group);
      cache.set(font.group, files);
      files.catch(() => cache.delete(font.group));
    }
    const data = (await files)[font.index];
    if (data) out[name] = { data, ...(name === FALLBACK_FONT ? { fallback: true } : {}) };
  }
  return out;
}
