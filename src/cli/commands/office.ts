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
  officeContentFromFile,
  officeTemplateVars,
  pptxRenderer,
  xlsxRenderer,
} from '../../render/office';

/** Office files, macro-enabled ones included (those are refused with their own reason). */
const OFFICE_PATH = /\.(docx|xlsx|pptx|docm|xlsm|pptm|dotm|xltm|potm|ppsm)$/i;

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

/** The template's kind and the field paths it reads; throws what an upload would meet. */
export async function readOfficeTemplate(path: string): Promise<{ kind: OfficeKind; label: string; vars: string[] }> {
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
  const content = officeContentFromFile(bytes, basename(path));
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
  // Inside a loop a tag may also read a field of the record around it: `lines.customer` is known
  // when the items have `customer` or the record has.
  const known = (path: string) => {
    const keys = path.split(/(?<!\\)\./).map((k) => k.replace(/\\\./g, '.'));
    return keys.some((_, start) => has(keys.slice(start)));
  };
  return vars.filter((path) => !path.startsWith('~') && !path.startsWith('$') && !known(path));
}
