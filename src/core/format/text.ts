/** Booleans (true/false, yes/no, 1/0, on/off, custom) and text cases (spec 001 §9.2). */

export const BOOLEAN_FORMATS = ['trueFalse', 'yesNo', 'oneZero', 'onOff', 'custom'] as const;
export type BooleanFormat = (typeof BOOLEAN_FORMATS)[number];

const BOOLEAN_WORDS: Record<Exclude<BooleanFormat, 'custom'>, readonly [string, string]> = {
  trueFalse: ['true', 'false'],
  yesNo: ['yes', 'no'],
  oneZero: ['1', '0'],
  onOff: ['on', 'off'],
};

/** Aliases a template author may type for a format (`{x | boolean:yes/no}`). */
const BOOLEAN_ALIASES: Record<string, BooleanFormat> = {
  'true/false': 'trueFalse',
  truefalse: 'trueFalse',
  'yes/no': 'yesNo',
  yesno: 'yesNo',
  '1/0': 'oneZero',
  onezero: 'oneZero',
  'on/off': 'onOff',
  onoff: 'onOff',
  custom: 'custom',
};

export function toBooleanFormat(name: string | undefined): BooleanFormat | undefined {
  if (name === undefined) return undefined;
  return BOOLEAN_ALIASES[name.trim().toLowerCase()];
}

const TRUE_TEXT = new Set(['true', 'yes', 'y', '1', 'on', 'checked', '是', '✓', '☑']);

/** Whether a value reads as "true": true, non-zero numbers, and words like yes/on/1/checked. */
export function isTruthyValue(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0 && !Number.isNaN(value);
  if (typeof value === 'string') return TRUE_TEXT.has(value.trim().toLowerCase());
  return false;
}

export interface BooleanFormatOptions {
  format?: BooleanFormat;
  trueText?: string;
  falseText?: string;
}

export function formatBoolean(value: unknown, options: BooleanFormatOptions = {}): string {
  const truth = isTruthyValue(value);
  const format = options.format ?? 'trueFalse';
  if (format === 'custom') return (truth ? options.trueText : options.falseText) ?? (truth ? 'true' : 'false');
  const words = BOOLEAN_WORDS[format];
  return truth ? words[0] : words[1];
}

/**
 * How Word shows a checkbox value (spec 001 §9.2 "checkbox glyphs are shown in Word"): the ballot
 * boxes Word's own check box uses, so a filled template and a document exported as Word agree.
 */
export const CHECKBOX_GLYPHS = { checked: '\u2612', unchecked: '\u2610' } as const;

export const TEXT_CASES = ['upper', 'lower', 'title', 'sentence'] as const;
export type TextCase = (typeof TEXT_CASES)[number];

/** upper, lower, title ("Hello World") or sentence ("Hello world. Next one"). */
export function formatCase(text: string, textCase: TextCase): string {
  switch (textCase) {
    case 'upper':
      return text.toUpperCase();
    case 'lower':
      return text.toLowerCase();
    case 'title':
      return text
        .toLowerCase()
        .replace(/(^|[\s\-_/(])(\p{L})/gu, (_, sep: string, ch: string) => sep + ch.toUpperCase());
    case 'sentence':
      return text
        .toLowerCase()
        .replace(/(^\s*|[.!?。！？]\s*)(\p{L})/gu, (_, sep: string, ch: string) => sep + ch.toUpperCase());
    default:
      return text;
  }
}
