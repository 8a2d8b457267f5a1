/**
 * Word, Excel and PowerPoint templates for `quire validate` and `quire vars`: read by their file
 * extension and parsed exactly as the app parses an upload (hostile packages refused, every tag
 * problem listed with its part and the text around it).
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { QuireError } from '../../core/errors';
import {
  docxRenderer,
  MAX_TEMPLATE_FILE_BYTES,
  type OfficeKind,
  type OfficeTemplateContent,
  officeContentFromFile,
  officeTemplateVars,
  pptxRenderer,
  xlsxRenderer,
} from '../../render/office';

/**
 * Office files, macro-enabled and legacy binary ones included (those are refused with their own
 * reason, not read as JSON).
 */
const OFFICE_PATH = /\.(docx|xlsx|pptx|docm|xlsm|pptm|dotm|xltm|potm|ppsm|doc|xls|ppt)$/i;

export function isOfficeTemplatePath(path: string): boolean {
  return OFFICE_PATH.test(path);
}

const KIND_NAME: Record<OfficeKind, string> = {
  docx: 'Word template',
  xlsx: 'Excel template',
  pptx: 'PowerPoint template',
};

function parse(kind: OfficeKind, content: unknown) {
  if (kind === 'docx') return docxRenderer.parse(content);
  if (kind === 'xlsx') return xlsxRenderer.parse(content);
  return pptxRenderer.parse(content);
}

export type OfficeSettings = NonNullable<OfficeTemplateContent['settings']>;

/**
 * `--tz`, `--lang` and `--delimiters` for an Office file (what the app keeps in the template's
 * settings): an unknown time zone or delimiter style is a usage error, said before any work.
 */
export function officeSettingsOf(options: Record<string, string | boolean | undefined>): OfficeSettings | string {
  const settings: OfficeSettings = {};
  const { tz, lang, delimiters } = options;
  if (tz !== undefined) {
    if (typeof tz !== 'string' || !isTimeZone(tz))
      return `--tz: '${String(tz)}' is not a time zone (e.g. Europe/Paris, UTC)`;
    settings.timeZone = tz;
  }
  if (lang !== undefined) {
    if (typeof lang !== 'string' || !isLanguageTag(lang))
      return `--lang: '${String(lang)}' is not a language tag (e.g. en-US, de-DE)`;
    settings.lang = lang;
  }
  if (delimiters !== undefined) {
    if (delimiters !== 'single' && delimiters !== 'double')
      return `--delimiters: 'single' ({tag}) or 'double' ({{tag}})`;
    settings.delimiters = delimiters;
  }
  return settings;
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function isLanguageTag(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}

/** The template's kind and the field paths it reads; throws what an upload would meet. */
export async function readOfficeTemplate(
  path: string,
  settings: OfficeSettings = {},
): Promise<{ kind: OfficeKind; label: string; vars: string[] }> {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await readFile(path));
  } catch (cause) {
    throw new QuireError('NoTempalte', { detail: `cannot read ${path}`, cause });
  }
  if (bytes.length > MAX_TEMPLATE_FILE_BYTES)
    throw new QuireError('TemplateParseError', {
      detail: `${path} is larger than ${MAX_TEMPLATE_FILE_BYTES} bytes`,
      issues: [{ path: 'file', reason: `larger than ${MAX_TEMPLATE_FILE_BYTES} bytes` }],
    });
  const file = officeContentFromFile(bytes, basename(path));
  const content = Object.keys(settings).length ? { ...file, settings } : file;
  const vars = officeTemplateVars(parse(content.kind, content));
  return { kind: content.kind, label: KIND_NAME[content.kind], vars };
}

/**
 * Field paths the given record lacks (`validate --data`): the same check as
 * the editor's "unknown field" against the bound table. A loop's inner fields are looked up in
 * the list's first item.
 */
export function unknownFields(vars: readonly string[], record: Record<string, unknown>): string[] {
  const has = (keys: readonly string[]): boolean => {
    let value: unknown = record;
    for (const key of keys) {
      if (Array.isArray(value)) value = value[0];
      if (value === null || typeof value !== 'object' || !(key in value)) return false;
      value = (value as Record<string, unknown>)[key];
    }
    return true;
  };
  // Inside a loop a tag may also read a field of any scope around it: `orders.lines.note` is known
  // when the lines have `note`, the orders have (`orders.note`) or the record has (`note`) — the
  // loop prefix kept up to some depth, then the tag's own path.
  const known = (path: string) => {
    const keys = path.split(/(?<!\\)\./).map((k) => k.replace(/\\\./g, '.'));
    for (let own = 0; own < keys.length; own++)
      for (let outer = 0; outer <= own; outer++) if (has([...keys.slice(0, outer), ...keys.slice(own)])) return true;
    return false;
  };
  return vars.filter((path) => !path.startsWith('~') && !path.startsWith('$') && !known(path));
}
