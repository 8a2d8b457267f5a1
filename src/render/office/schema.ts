/**
 * Stored content of an Office-authored template: the uploaded file itself (base64, so the content
 * stays JSON for IndexedDB, sync and the API) plus a few settings. Version 1.
 */

import { z } from 'zod';
import { QuireError } from '../../core/errors';
import { zodIssues } from '../../core/issues';
import {
  FILE_FORMATS,
  isMacroFileName,
  MAX_TEMPLATE_FILE_BYTES,
  OFFICE_KINDS,
  type OfficeKind,
  officeKindOfFileName,
} from '../../core/outputs/catalogue';
import { NOT_A_PACKAGE_REASON, notAPackage } from '../../core/outputs/sniff';
import { packageError } from './zip';

export { MAX_TEMPLATE_FILE_BYTES, OFFICE_KINDS, type OfficeKind } from '../../core/outputs/catalogue';

/** The MIME type of each Office kind's file, from the output catalogue. */
export const OFFICE_MIME: Record<OfficeKind, string> = {
  docx: FILE_FORMATS.docx.mime,
  xlsx: FILE_FORMATS.xlsx.mime,
  pptx: FILE_FORMATS.pptx.mime,
};

export const officeTemplateSchema = z.object({
  kind: z.enum(OFFICE_KINDS as [OfficeKind, ...OfficeKind[]]),
  version: z.literal(1),
  /** The uploaded file's name (shown to the designer; its extension must match `kind`). */
  fileName: z.string().min(1).max(255),
  /** The file's bytes, base64. */
  file: z
    .string()
    .min(1)
    .max(Math.ceil(MAX_TEMPLATE_FILE_BYTES / 3) * 4)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'not base64'),
  settings: z
    .object({
      lang: z.string().max(35).optional(),
      timeZone: z.string().max(64).optional(),
      /** `{tag}` (default) or `{{tag}}` (spec 001 §9.2). */
      delimiters: z.enum(['single', 'double']).optional(),
    })
    .strict()
    .optional(),
});

export type OfficeTemplateContent = z.infer<typeof officeTemplateSchema>;

export function base64ToBytes(text: string): Uint8Array {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const step = 0x8000;
  for (let i = 0; i < bytes.length; i += step) {
    binary += String.fromCharCode(...bytes.subarray(i, i + step));
  }
  return btoa(binary);
}

/** Validates stored content of one kind; a JSON string is accepted too. */
export function parseOfficeContent(content: unknown, kind: OfficeKind): OfficeTemplateContent {
  let value = content;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      throw new QuireError('TemplateParseError', { detail: 'not JSON', issues: [{ path: '', reason: 'not JSON' }] });
    }
  }
  const result = officeTemplateSchema.safeParse(value);
  if (!result.success) {
    const issues = zodIssues(result.error);
    throw new QuireError('TemplateParseError', {
      detail: issues.map((i) => `${i.path}: ${i.reason}`).join('; '),
      issues,
    });
  }
  if (result.data.kind !== kind) {
    throw new QuireError('TemplateParseError', {
      detail: `a ${result.data.kind} template given to the ${kind} renderer`,
      issues: [{ path: 'kind', reason: `expected '${kind}'` }],
    });
  }
  return result.data;
}

/** Content for an uploaded file (the kind follows its extension). */
export function officeContentFromFile(bytes: Uint8Array, fileName: string): OfficeTemplateContent {
  // Named as a macro-enabled file: refused as such, not as an unknown kind (the CLI reads paths).
  if (isMacroFileName(fileName)) throw packageError('macro-enabled', fileName, 'macro-enabled files are refused');
  // An empty file, a .doc/.xls/.ppt or a password-protected file: said in one sentence each.
  const not = notAPackage(bytes);
  if (not) throw packageError(not, fileName, NOT_A_PACKAGE_REASON[not]);
  const kind = officeKindOfFileName(fileName);
  if (!kind) {
    throw new QuireError('TemplateParseError', {
      detail: `'${fileName}' is not a .docx, .xlsx or .pptx file`,
      issues: [{ path: 'fileName', reason: 'expected .docx, .xlsx or .pptx' }],
    });
  }
  return { kind, version: 1, fileName, file: bytesToBase64(bytes) };
}
