/**
 * An uploaded Office file as stored template content (`{ kind, version: 1, fileName, file }`, the
 * shape render/office validates). The UI thread only checks the name and size and encodes the
 * bytes; the package itself (zip limits, DTDs, macros inside, path traversal) is checked by the
 * render worker, so a hostile file is never unzipped here before the worker has accepted it.
 */
import { QuireError } from '../../core/errors';
import {
  isMacroFileName,
  isOfficeKind,
  MAX_TEMPLATE_FILE_BYTES,
  OFFICE_KINDS,
  type OfficeKind,
  officeKindOfFileName,
} from '../../core/outputs/catalogue';
import { readOutputKind } from '../../core/outputs/kind';
import { NOT_A_PACKAGE_REASON, notAPackage } from '../../core/outputs/sniff';

export interface OfficeContent {
  kind: OfficeKind;
  version: 1;
  fileName: string;
  file: string;
  settings?: { lang?: string; timeZone?: string; delimiters?: 'single' | 'double' };
}

/** The Office kind a stored content declares, or undefined for any other kind (and unknown ones). */
export function officeKindOf(content: unknown): OfficeKind | undefined {
  const kind = readOutputKind(content);
  return isOfficeKind(kind) ? kind : undefined;
}

/** The stored content when it is an Office template (validated further by the worker). */
export function officeContentOf(content: unknown): OfficeContent | undefined {
  if (!officeKindOf(content)) return undefined;
  const value = (typeof content === 'string' ? JSON.parse(content) : content) as OfficeContent;
  return typeof value.file === 'string' && typeof value.fileName === 'string' ? value : undefined;
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const step = 0x8000;
  for (let i = 0; i < bytes.length; i += step) binary += String.fromCharCode(...bytes.subarray(i, i + step));
  return btoa(binary);
}

export function base64ToBytes(text: string): Uint8Array {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

function refused(problem: string, fileName: string, reason: string): QuireError {
  return new QuireError('TemplateParseError', {
    detail: `${problem}: ${reason}`,
    issues: [{ path: fileName, reason: `${problem}: ${reason}` }],
    params: { problem },
  });
}

/**
 * Content for an uploaded file. `expected` is the kind the user asked for ("New Word template");
 * a macro-enabled file, another kind or an oversized file is refused with TemplateParseError.
 */
export function officeContentFromUpload(bytes: Uint8Array, fileName: string, expected?: OfficeKind): OfficeContent {
  if (isMacroFileName(fileName)) refusedThrow('macro-enabled', fileName, 'macro-enabled files are refused');
  const kind = officeKindOfFileName(fileName);
  if (!kind || (expected && kind !== expected)) {
    const wanted = expected ? `.${expected}` : OFFICE_KINDS.map((k) => `.${k}`).join(', ');
    refusedThrow('wrong-kind', fileName, `expected a ${wanted} file`);
  }
  if (bytes.length > MAX_TEMPLATE_FILE_BYTES)
    refusedThrow('too-large', fileName, `over ${MAX_TEMPLATE_FILE_BYTES} bytes`);
  const not = notAPackage(bytes);
  if (not) refusedThrow(not, fileName, NOT_A_PACKAGE_REASON[not]);
  if (bytes.length < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b)
    refusedThrow('not-a-zip', fileName, 'not a zip package');
  return { kind, version: 1, fileName, file: bytesToBase64(bytes) };
}

function refusedThrow(problem: string, fileName: string, reason: string): never {
  throw refused(problem, fileName, reason);
}

/** Same content with another file (Replace file keeps settings). */
export function withFile(content: OfficeContent, next: OfficeContent): OfficeContent {
  return { ...next, ...(content.settings ? { settings: content.settings } : {}) };
}

/** Size for people: 12 KB, 3.4 MB. */
export function fileSizeLabel(bytes: number, lang: string): string {
  const units = ['byte', 'kilobyte', 'megabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return new Intl.NumberFormat(lang, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

export function base64Size(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}
