/**
 * The output catalogue: every template kind Quire stores, every file format it makes, and which
 * kind makes which format. Plain data: the app (choices, uploads, labels), the CLI (arguments,
 * targets), the server (render targets) and render (the renderer registry's mapped type, the
 * print run's merges) all read it, so a new format or kind is one entry here — the typecheck then
 * names the renderer that must make it.
 */
import { EditorMode } from '../model/types';

/** Facts about one file format. */
interface FileFormatInfo {
  /** The product name people know the format by, the same in every language. */
  name: string;
  mime: string;
  /** Without the dot. */
  extension: string;
  /**
   * Whether many documents of this format merge into one file: PDFs page after page, Word
   * documents a section per record. Workbooks and decks of many records are one file each.
   */
  mergeable: boolean;
}

export const FILE_FORMATS = {
  pdf: { name: 'PDF', mime: 'application/pdf', extension: 'pdf', mergeable: true },
  docx: {
    name: 'Word',
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extension: 'docx',
    mergeable: true,
  },
  xlsx: {
    name: 'Excel',
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extension: 'xlsx',
    mergeable: false,
  },
  pptx: {
    name: 'PowerPoint',
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    extension: 'pptx',
    mergeable: false,
  },
  /**
   * Page images (spec 001 §9.1, core/outputs/images): one image per page (a tall page cut in
   * bands); a document of several images is a ZIP of them. A PNG past 6 MB is stored as JPEG.
   */
  png: { name: 'PNG', mime: 'image/png', extension: 'png', mergeable: false },
  jpeg: { name: 'JPEG', mime: 'image/jpeg', extension: 'jpg', mergeable: false },
} as const satisfies Record<string, FileFormatInfo>;

export type FileFormat = keyof typeof FILE_FORMATS;
export type MergeableFormat = {
  [F in FileFormat]: (typeof FILE_FORMATS)[F]['mergeable'] extends true ? F : never;
}[FileFormat];

/** An uploaded file a template kind is made from (Word, Excel, PowerPoint). */
interface UploadInfo {
  /** The extension an upload must have (the kind follows it). */
  extension: string;
  /** Macro-enabled variants of the format, refused by name before anything is read. */
  macroExtensions: readonly string[];
  /** Spec 001 §3.5: the editor mode stored as the template's type. */
  editorMode: EditorMode;
}

interface TemplateKindInfo {
  /** The formats the kind makes, the first being what it prints by default. */
  formats: readonly FileFormat[];
  /** Kinds authored elsewhere and uploaded as a file; none for templates designed in Quire. */
  upload?: UploadInfo;
}

export const TEMPLATE_KINDS = {
  /** The rich-text editor's templates: typeset as PDF, or written as Word, Excel or PowerPoint. */
  document: { formats: ['pdf', 'docx', 'xlsx', 'pptx', 'png', 'jpeg'] },
  /** Fields placed on a page (pdfme's template format), drawn as PDF, or its pages as images. */
  canvas: { formats: ['pdf', 'png', 'jpeg'] },
  /**
   * A record's attachment fields as one PDF: its PDFs page for page, images one per page, Office
   * files through LibreOffice, after an optional cover (core/attachments, render/attachments).
   */
  attachment: { formats: ['pdf'] },
  /** Office files authored in Word, Excel or PowerPoint, filled with Quire's tags: each makes its own kind. */
  docx: {
    formats: ['docx'],
    upload: { extension: 'docx', macroExtensions: ['docm', 'dotm'], editorMode: EditorMode.DocxTemplate },
  },
  xlsx: {
    formats: ['xlsx'],
    upload: { extension: 'xlsx', macroExtensions: ['xlsm', 'xltm'], editorMode: EditorMode.XlsxTemplate },
  },
  pptx: {
    formats: ['pptx'],
    upload: { extension: 'pptx', macroExtensions: ['pptm', 'potm', 'ppsm'], editorMode: EditorMode.PptxTemplate },
  },
} as const satisfies Record<string, TemplateKindInfo>;

export type TemplateKind = keyof typeof TEMPLATE_KINDS;
/** The formats kind `K` makes. */
export type FormatOf<K extends TemplateKind> = (typeof TEMPLATE_KINDS)[K]['formats'][number];
/** Kinds uploaded as an Office file. */
export type OfficeKind = {
  [K in TemplateKind]: (typeof TEMPLATE_KINDS)[K] extends { upload: UploadInfo } ? K : never;
}[TemplateKind];

export const TEMPLATE_KIND_LIST = Object.keys(TEMPLATE_KINDS) as TemplateKind[];
export const FILE_FORMAT_LIST = Object.keys(FILE_FORMATS) as FileFormat[];
export const OFFICE_KINDS = TEMPLATE_KIND_LIST.filter((kind): kind is OfficeKind => uploadOf(kind) !== undefined);

/** Far above real templates (a few MB) but bounded: an uploaded file is decoded in memory. */
export const MAX_TEMPLATE_FILE_BYTES = 50 * 1024 * 1024;

/** Every macro-enabled extension of every uploaded kind (lower case, no dot). */
const MACRO_EXTENSIONS: readonly string[] = OFFICE_KINDS.flatMap((kind) => TEMPLATE_KINDS[kind].upload.macroExtensions);

export function isTemplateKind(value: unknown): value is TemplateKind {
  return typeof value === 'string' && Object.hasOwn(TEMPLATE_KINDS, value);
}

export function isFileFormat(value: unknown): value is FileFormat {
  return typeof value === 'string' && Object.hasOwn(FILE_FORMATS, value);
}

export function isOfficeKind(value: unknown): value is OfficeKind {
  return isTemplateKind(value) && uploadOf(value) !== undefined;
}

function uploadOf(kind: TemplateKind): UploadInfo | undefined {
  const info: TemplateKindInfo = TEMPLATE_KINDS[kind];
  return info.upload;
}

/** The formats a kind makes, its default first. */
export function formatsOf<K extends TemplateKind>(kind: K): readonly FormatOf<K>[] {
  return TEMPLATE_KINDS[kind].formats as readonly FormatOf<K>[];
}

export function defaultFormatOf<K extends TemplateKind>(kind: K): FormatOf<K> {
  return formatsOf(kind)[0]!;
}

export function makesFormat<K extends TemplateKind>(kind: K, format: unknown): format is FormatOf<K> {
  return (formatsOf(kind) as readonly unknown[]).includes(format);
}

export function isMergeable(format: FileFormat): format is MergeableFormat {
  return FILE_FORMATS[format].mergeable;
}

/** The extension of a file name, lower case, without the dot ('' when none). */
function extensionOf(fileName: string): string {
  return /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
}

/** Whether a file name is a macro-enabled Office file (refused before it is read). */
export function isMacroFileName(fileName: string): boolean {
  return MACRO_EXTENSIONS.includes(extensionOf(fileName));
}

/** The uploaded kind a file name's extension names, if any. */
export function officeKindOfFileName(fileName: string): OfficeKind | undefined {
  const extension = extensionOf(fileName);
  return OFFICE_KINDS.find((kind) => TEMPLATE_KINDS[kind].upload.extension === extension);
}

/** `accept` of a file input for one uploaded kind: its extension and its MIME type. */
export function acceptOf(kind: OfficeKind): string {
  return `.${TEMPLATE_KINDS[kind].upload.extension},${FILE_FORMATS[kind].mime}`;
}

/**
 * What a print run delivers: `merged` one file of every document (a PDF, or a Word document with
 * a section per record), `zip` an archive of one file each, `file` the one document alone. (The
 * CLI also writes one file each into a folder: render/jobs.)
 */
export type PrintOutput = 'merged' | 'zip' | 'file';

/**
 * The outputs the print dialog offers for `count` documents of a format, in order of preference:
 * a PDF merges or zips (one PDF record is its merge); one Office record is its own file; several
 * merge when the format does.
 */
export function printOutputsOf(format: FileFormat, count: number): PrintOutput[] {
  if (format === 'pdf') return ['merged', 'zip'];
  if (count === 1) return ['file', 'zip'];
  return isMergeable(format) ? ['merged', 'zip'] : ['zip'];
}
