/**
 * One interface for every output kind: a renderer turns a template of its kind plus one print
 * input into the bytes of a file of each format its kind makes. The registry (`registry.ts`) maps
 * each catalogued kind to its renderer; its type requires an entry for every kind and a writer
 * for every format, so a new kind or format fails the typecheck until it renders.
 */
import type { FontGroupLoader } from '../../../wasm/fonts';
import type { AttachmentPreviewLoader } from '../../core/attachments/preview';
import type { FileFormat } from '../../core/outputs/catalogue';
import type { ImageRules } from '../../core/outputs/images';
import type { PrintSettings } from '../../core/print/build';
import type { PrintInput } from '../../core/print/input';
import type { PageImage } from '../images/pdf-pages';
import type { ImageLoader } from '../resolve/context';
import type { TypstEngine } from '../typst/engine';

/** What the environment (browser worker, Node CLI, server) lends a renderer. */
export interface OutputEnvironment {
  /** The warm Typst engine; created on first use, so outputs that do not typeset never load it. */
  typst: () => Promise<TypstEngine>;
  /**
   * A fresh Typst engine in a memory of its own, given back by `dispose()`: a long document moves
   * its next chunks to one when the warm engine's memory passes its budget (render-pdf-chunks).
   * Environments whose engine frees its own memory (native) leave it out.
   */
  freshTypst?: () => Promise<TypstEngine>;
  /** Fetches an image the print input's assets do not hold (http in Node; none in browsers). */
  loadImage?: ImageLoader;
  /**
   * Fetches an attachment file the print input's assets do not hold (attachment templates: local
   * paths and http in the CLI, the fetch policy on the server); `loadImage` when absent.
   */
  loadAttachment?: ImageLoader;
  /**
   * An Office attachment (doc, docx, rtf, xls, xlsx, ppt, pptx, by extension) as PDF: LibreOffice
   * headless in Node; absent in browsers, where such a file is AttachmentNeedsLibreOffice.
   */
  officeToPdf?: (bytes: Uint8Array, extension: string) => Promise<Uint8Array>;
  /**
   * An attachment preview loader over a way to read the files' bytes (the print input's own first):
   * document templates print previewed attachments' pages (spec 001 §7). Node only for now; without
   * it attachments print their file names.
   */
  previewAttachments?: (read: ImageLoader) => AttachmentPreviewLoader;
  /** The shipped fonts of a group, for outputs that draw text without Typst (canvas). */
  loadFontGroup?: FontGroupLoader;
  /** Rows typeset so far of a long document printed in chunks (render-pdf-chunks). */
  onProgress?: (done: number, total: number) => void;
  /** Stops a long document between chunks (DocGenerationError 'cancelled'). */
  signal?: AbortSignal;
  /**
   * Draws a PDF's pages as images (pdf.js in the browser's render worker, pdf.js with a canvas in
   * Node): the PNG and JPEG formats of every kind. Without it those formats fail with a catalogued error.
   */
  rasterize?: PdfRasterizer;
  /** Image export asked with compression off (spec 001 §9.1: 3× and quality 90). */
  imageExport?: { noCompress?: boolean };
}

/** A PDF's pages as images under the image-export rules, in page order. */
export type PdfRasterizer = (pdf: Uint8Array, rules: ImageRules) => Promise<PageImage[]>;

export interface RenderedFile {
  bytes: Uint8Array;
  mime: string;
  /** Without the dot: `pdf`, `docx`, `xlsx`, `pptx`, `png`, `jpg`, or `zip` for several images. */
  extension: string;
}

/** Writes one input as a file of one format. */
export type FormatWriter<Template> = (
  template: Template,
  input: PrintInput,
  env: OutputEnvironment,
) => Promise<Uint8Array>;

/**
 * Writes several inputs as one file, each starting afresh (a merged PDF typeset once, so its fonts
 * are embedded once).
 */
export type GroupWriter<Template> = (
  template: Template,
  inputs: readonly PrintInput[],
  env: OutputEnvironment,
) => Promise<Uint8Array>;

/**
 * The renderer of one template kind. `Format` is the formats the output catalogue says the kind
 * makes (core/outputs `FormatOf<K>`): `formats` must answer each of them, so a format added to
 * the catalogue fails the typecheck at the renderer that has to make it.
 */
export interface OutputRenderer<Template, Format extends FileFormat> {
  /** Validates stored content of this kind (throws TemplateParseError naming the path). */
  parse(content: unknown): Template;
  /** The template's language and time zone, which the print input's display texts follow. */
  settings(template: Template): PrintSettings;
  formats: { [F in Format]: FormatWriter<Template> };
  /** Formats that can typeset several inputs as one file; the others are merged file by file. */
  groups?: { [F in Format]?: GroupWriter<Template> };
}

/**
 * A renderer of a kind that makes one format (Office files, canvases). The registry declares the
 * format it makes (`makes(format, renderer)`), checked against the catalogue there.
 */
export interface FileRenderer<Template> {
  parse(content: unknown): Template;
  settings(template: Template): PrintSettings;
  render: FormatWriter<Template>;
  renderGroup?: GroupWriter<Template>;
}
