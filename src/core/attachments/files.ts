/**
 * Which files one record gives an attachment template, and what each is. Pure: the renderer
 * fetches the bytes and assembles the PDF (render/attachments); this module decides order, kinds
 * and the catalogued refusals (100006–100008), each naming the field or the file.
 */
import type { OpenValue } from '../data/openValue';
import { QuireError } from '../errors';
import type { PrintInput } from '../print/input';
import type { AttachmentTemplate } from './template';

/** One file to print, in the template's order. */
export interface AttachmentFile {
  /** The field (by name) the file came from. */
  field: string;
  fileName: string;
  url: string;
  mime?: string;
}

/** What a file becomes in the PDF. */
export type AttachmentKind = 'pdf' | 'png' | 'jpeg' | 'office';

const OFFICE_EXTENSIONS = new Set(['doc', 'docx', 'rtf', 'xls', 'xlsx', 'ppt', 'pptx']);
const OFFICE_MIMES = new Set([
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/rtf',
  'text/rtf',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
]);

/** Lower-case extension of a file name or URL ('' when none). */
export function extensionOfFile(name: string): string {
  const path = name.split(/[?#]/, 1)[0] ?? '';
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot === -1 ? '' : base.slice(dot + 1).toLowerCase();
}

function baseName(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  const base = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
  try {
    return decodeURIComponent(base) || url;
  } catch {
    return base || url;
  }
}

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

/** The kind the bytes themselves show (a PDF, a PNG or a JPEG), whatever the name says. */
function sniffKind(bytes: Uint8Array): AttachmentKind | undefined {
  // A PDF may have a little junk before its header (the format allows 1024 bytes).
  const head = bytes.subarray(0, 1024);
  for (let i = 0; i + 4 < head.length; i++) if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d], i)) return 'pdf';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  return undefined;
}

function isOfficeFile(file: AttachmentFile): boolean {
  const mime = (file.mime ?? '').split(';', 1)[0]!.trim().toLowerCase();
  return OFFICE_EXTENSIONS.has(extensionOfFile(file.fileName)) || OFFICE_MIMES.has(mime);
}

/**
 * What a fetched file is: its bytes decide for PDFs and images (a `.png` holding a JPEG is a
 * JPEG); Word, Excel and PowerPoint files go by name or MIME type. Anything else — a GIF, a ZIP,
 * a `.pdf` that is not a PDF — is AttachmentTypeMismatch naming the file.
 */
export function attachmentKindOf(file: AttachmentFile, bytes: Uint8Array): AttachmentKind {
  const sniffed = sniffKind(bytes);
  if (sniffed) return sniffed;
  if (isOfficeFile(file)) return 'office';
  throw new QuireError('AttachmentTypeMismatch', {
    detail: `${file.fileName} (field ${file.field}) is not a PDF, a PNG or JPEG image, or a Word, Excel or PowerPoint file`,
    params: { file: file.fileName },
    issues: [{ path: file.field, reason: `${file.fileName}: unsupported file type` }],
  });
}

function isOpenAttachments(value: unknown): value is Extract<OpenValue, { type: 'attachments' }> {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { type?: unknown }).type === 'attachments' &&
    Array.isArray((value as { attachments?: unknown }).attachments)
  );
}

/** One entry of a plain value: a path or URL, or an object with `url` (and `fileName`, `mime`). */
function fileOfEntry(entry: unknown, field: string): AttachmentFile | undefined {
  if (typeof entry === 'string') return entry === '' ? undefined : { field, fileName: baseName(entry), url: entry };
  if (typeof entry !== 'object' || entry === null) return undefined;
  const record = entry as Record<string, unknown>;
  const url = typeof record.url === 'string' ? record.url : typeof record.path === 'string' ? record.path : undefined;
  if (!url) return undefined;
  const name =
    typeof record.fileName === 'string' ? record.fileName : typeof record.name === 'string' ? record.name : '';
  const mime =
    typeof record.mime === 'string' ? record.mime : typeof record.type === 'string' ? record.type : undefined;
  return { field, fileName: name || baseName(url), url, ...(mime ? { mime } : {}) };
}

function noAttachmentField(field: string, reason: string): QuireError {
  return new QuireError('NoAttachmentField', {
    detail: `${field}: ${reason}`,
    params: { field },
    issues: [{ path: field, reason }],
  });
}

/** The files of one field's value; a value that cannot hold files means the field is not an attachment field. */
function filesOfValue(value: unknown, field: string): AttachmentFile[] {
  if (value === null || value === undefined || value === '') return [];
  if (isOpenAttachments(value)) {
    return value.attachments.map((file) => ({
      field,
      fileName: file.fileName || baseName(file.url),
      url: file.url,
      ...(file.mime ? { mime: file.mime } : {}),
    }));
  }
  const entries = Array.isArray(value) ? value : [value];
  const files = entries.map((entry) => fileOfEntry(entry, field));
  if (files.some((file, i) => file === undefined && entries[i] !== '' && entries[i] !== null)) {
    throw noAttachmentField(field, 'its value is not a list of files');
  }
  return files.filter((file): file is AttachmentFile => file !== undefined);
}

/**
 * The files of one record, field by field in the template's order, each field's files in their
 * own order. NoAttachmentForAttachmentTemplate when the template names no field, or when there is
 * nothing at all to print (no file and no cover); NoAttachmentField when a named field is not one
 * of the table's attachment fields (or, for plain data, is absent or holds no files).
 */
export function attachmentFilesOf(template: AttachmentTemplate, input: PrintInput): AttachmentFile[] {
  if (template.fields.length === 0) {
    throw new QuireError('NoAttachmentForAttachmentTemplate', {
      detail: 'the template names no attachment field',
      params: { fields: '—' },
      issues: [{ path: 'fields', reason: 'choose at least one attachment field' }],
    });
  }
  const names = template.fields.map((field) => input.fieldIds[field] ?? field);
  const files: AttachmentFile[] = [];
  for (const name of names) {
    if (input.attachmentFields && !input.attachmentFields.includes(name)) {
      throw noAttachmentField(name, 'the table has no attachment field of this name');
    }
    if (!input.attachmentFields && !Object.hasOwn(input.scope, name)) {
      throw noAttachmentField(name, 'the record has no such field');
    }
    files.push(...filesOfValue(input.scope[name], name));
  }
  if (files.length === 0 && !template.cover) {
    throw new QuireError('NoAttachmentForAttachmentTemplate', {
      detail: `the record has no file in ${names.join(', ')}`,
      params: { fields: names.join(', ') },
    });
  }
  return files;
}
