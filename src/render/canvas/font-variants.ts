/**
 * Per-record fonts for a merged canvas print. pdfme draws a field with one font for every input of
 * a generate call, and Quire's fonts have no glyph fallback between them (Noto Sans SC has no `ć`).
 * Picking one font from every record's text made a Polish name after a Chinese one print missing
 * glyphs, while its single print was right. So a text field whose records need different fonts
 * becomes one pdfme field per font at the same place; each record fills the one its own text needs
 * and leaves the others empty (an empty text draws nothing). Tables and lists keep one font per field:
 * an empty table still draws its head.
 */
import { fontForTexts } from './fonts';
import type { FieldPlan } from './plan';

interface FieldVariant {
  /** The pdfme field name: the plan's key for the first font, `key~n` for the others. */
  name: string;
  font: string;
}

export interface FieldFonts {
  variants: FieldVariant[];
  /** Per record (in input order), the variant name its value goes to. */
  recordVariant: string[];
}

/** Modes whose empty value draws nothing, so a field may be split into one copy per font. */
const SPLITTABLE = new Set<FieldPlan['mode']>(['text', 'variables']);

/**
 * The fonts of each field with a font: one variant when every record needs the same font (or the
 * field cannot be split: then the font all its texts need together), else one per font needed.
 */
export function fieldFonts(
  plan: Pick<FieldPlan, 'key' | 'font' | 'mode'>,
  textsPerRecord: readonly (readonly string[])[],
  lang: string,
): FieldFonts | undefined {
  const declared = plan.font;
  if (!declared) return undefined;
  if (!SPLITTABLE.has(plan.mode) || textsPerRecord.length < 2) {
    const font = fontForTexts(declared, textsPerRecord.flat(), lang);
    return { variants: [{ name: plan.key, font }], recordVariant: textsPerRecord.map(() => plan.key) };
  }
  const variants: FieldVariant[] = [];
  const recordVariant = textsPerRecord.map((texts) => {
    const font = fontForTexts(declared, texts, lang);
    let variant = variants.find((v) => v.font === font);
    if (!variant) {
      variant = { name: variants.length ? `${plan.key}~${variants.length}` : plan.key, font };
      variants.push(variant);
    }
    return variant.name;
  });
  if (!variants.length) variants.push({ name: plan.key, font: fontForTexts(declared, [], lang) });
  return { variants, recordVariant };
}

/** Moves each record's value of a split field to its variant; the other variants get ''. */
export function routeValues(key: string, fonts: FieldFonts, values: Record<string, string>[]): void {
  if (fonts.variants.length < 2) return;
  for (const [i, record] of values.entries()) {
    const value = record[key] ?? '';
    for (const variant of fonts.variants) record[variant.name] = variant.name === fonts.recordVariant[i] ? value : '';
  }
}
