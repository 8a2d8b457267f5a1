/**
 * Filters only Office templates have, on top of core/expr's: `qr` and `barcode` turn a value into
 * a code the image tag draws (`{%link | qr}`, `{%sku | barcode:EAN13}`), `checkbox` prints a
 * check box glyph. They return plain data; drawing happens in images.ts.
 */
import type { FilterFn } from '../../core/expr/filters';
import { isTruthy, toText } from '../../core/expr/values';
import { BARCODE_FORMATS, type BarcodeFormat } from '../../core/model/types';
import type { RichValue } from './rich';

/** A code to draw: what `qr` and `barcode` return. */
export interface CodeValue {
  kind: 'code';
  symbology: 'qr' | BarcodeFormat;
  text: string;
  /** Size in px from the filter's arguments. */
  width?: number;
  height?: number;
}

const FORMATS: readonly BarcodeFormat[] = BARCODE_FORMATS;

function positive(text: string | undefined): number | undefined {
  const n = Number(text);
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

export function isCodeValue(value: unknown): value is CodeValue {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as CodeValue).kind === 'code' &&
    typeof (value as CodeValue).text === 'string'
  );
}

function rich(format: RichValue['format'], text: string): RichValue {
  return { kind: 'rich', format, text };
}

export const OFFICE_FILTERS: Readonly<Record<string, FilterFn>> = {
  /** qr[:size] — a QR code of the value's text (size in px, 100 by default: spec 001 §9.1). */
  qr: (value, args, ctx) => {
    const size = positive(args[0]) ?? 100;
    const code: CodeValue = {
      kind: 'code',
      symbology: 'qr',
      text: toText(value, ctx.toPlain),
      width: size,
      height: size,
    };
    return code;
  },
  /** barcode[:format[:width[:height]]] — a bar code (CODE128 by default). */
  barcode: (value, args, ctx) => {
    const wanted = (args[0] ?? '').trim().toUpperCase();
    const format = FORMATS.find((f) => f.toUpperCase() === wanted) ?? 'CODE128';
    const code: CodeValue = {
      kind: 'code',
      symbology: format,
      text: toText(value, ctx.toPlain),
      width: positive(args[1]),
      height: positive(args[2]),
    };
    return code;
  },
  /** html — the value is sanitised HTML, printed as formatted text (Word, PowerPoint). */
  html: (value, _args, ctx) => rich('html', toText(value, ctx.toPlain)),
  /** markdown — the value is Markdown, printed as formatted text (Word, PowerPoint). */
  markdown: (value, _args, ctx) => rich('markdown', toText(value, ctx.toPlain)),
  /** checkbox[:checked[:unchecked]] — ☒ or ☐ from the value's truthiness. */
  checkbox: (value, args, ctx) => {
    const on = isTruthy(ctx.toPlain(value)) && ctx.toPlain(value) !== 'false';
    return on ? (args[0] ?? '\u2612') : (args[1] ?? '\u2610');
  },
};

export const OFFICE_FILTER_NAMES: ReadonlySet<string> = new Set(Object.keys(OFFICE_FILTERS));
