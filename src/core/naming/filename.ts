/**
 * Output file names (spec 001 §9.3). A name template is text with tags over the record's fields
 * plus NAME, TABLE_NAME, FIRST_FIELD, PRINT_TIME, SUB_RECORD and DOC_NAME. The rendered text is
 * cleaned for every file system; an empty result falls back to the default template, then NULL;
 * any error gives 'error-render-filename'. The extension is added by the caller.
 */
import { type EvalOptions, renderTemplate } from '../expr';
import { DEFAULT_TIME_ZONE, formatDate } from '../format';

export const FILE_NAME_MAX_LENGTH = 160;
export const EMPTY_FILE_NAME = 'NULL';
export const ERROR_FILE_NAME = 'error-render-filename';
export const DEFAULT_FILE_NAME_TEMPLATE = '{NAME}';
export const FILE_NAME_VARIABLES = [
  'NAME',
  'TABLE_NAME',
  'FIRST_FIELD',
  'PRINT_TIME',
  'SUB_RECORD',
  'DOC_NAME',
] as const;
/** How PRINT_TIME prints; `{PRINT_TIME | customDate:"yyyyMMdd"}` picks another format. */
export const PRINT_TIME_FORMAT = 'yyyy-MM-dd HH:mm:ss';

export interface FileNameVariables {
  /** The template's name. */
  NAME?: string;
  TABLE_NAME?: string;
  /** The record's first (primary) field, as text. */
  FIRST_FIELD?: string;
  /** Epoch ms of the print; formatted as PRINT_TIME_FORMAT in the time zone. */
  PRINT_TIME?: number;
  /** The child record's name when printing sub-records. */
  SUB_RECORD?: string;
  /** The open-platform document's name. */
  DOC_NAME?: string;
}

export interface FileNameInput {
  template: string | undefined;
  /** The record's fields by name (plain or open values). */
  record?: Record<string, unknown>;
  variables?: FileNameVariables;
  /** Tried when the template renders empty. */
  defaultTemplate?: string;
  options?: EvalOptions;
}

/**
 * The spec's characters (/ < > : " | ? newline tab) plus `\`, `*` and other control characters,
 * which Windows and zip tools also refuse.
 */
const UNSAFE = /[/<>:"|?\n\t\r\\*\u0000-\u001f\u007f]/g;

/** Cleans rendered text into a file name: unsafe → space, whitespace collapsed, spaces → '_', ≤ 160. */
export function sanitizeFileName(text: string): string {
  const cleaned = text.replace(UNSAFE, ' ').replace(/\s+/g, ' ').trim().replace(/ /g, '_');
  const chars = [...cleaned];
  return chars.length > FILE_NAME_MAX_LENGTH ? chars.slice(0, FILE_NAME_MAX_LENGTH).join('') : cleaned;
}

function scopeOf(input: FileNameInput): Record<string, unknown> {
  const scope: Record<string, unknown> = Object.create(null);
  for (const [key, value] of Object.entries(input.record ?? {})) scope[key] = value;
  const vars = input.variables ?? {};
  const timeZone = input.options?.timeZone ?? DEFAULT_TIME_ZONE;
  for (const name of FILE_NAME_VARIABLES) {
    const value = vars[name];
    if (value === undefined) continue;
    scope[name] =
      name === 'PRINT_TIME' && typeof value === 'number' ? formatDate(value, PRINT_TIME_FORMAT, timeZone) : value;
  }
  return scope;
}

/** Renders a file name (without extension) for one record. Never throws. */
export function renderFileName(input: FileNameInput): string {
  try {
    const scope = scopeOf(input);
    for (const template of [input.template, input.defaultTemplate ?? DEFAULT_FILE_NAME_TEMPLATE]) {
      if (!template?.trim()) continue;
      const name = sanitizeFileName(renderTemplate(template, scope, input.options));
      if (name) return name;
    }
    return EMPTY_FILE_NAME;
  } catch {
    return ERROR_FILE_NAME;
  }
}

/** Makes names unique within a batch: 'a', 'a(1)', 'a(2)'… (the extension stays outside). */
export function uniqueFileNames(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  const taken = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    let n = seen.get(name) ?? 0;
    while (taken.has(candidate)) candidate = `${name}(${++n})`;
    seen.set(name, n);
    taken.add(candidate);
    return candidate;
  });
}
