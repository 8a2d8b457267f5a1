/**
 * The output registry: which renderer makes which kind of template, in which formats. The kinds
 * and the formats each makes are the output catalogue's (core/outputs); the map's type requires a
 * renderer for every catalogued kind with a writer for every format of it, so adding either to the
 * catalogue fails the typecheck here, at the renderer that must answer it.
 */

import type { ParsedTemplateContent } from '../../core/model/types';
import type { FileFormat, FormatOf, TemplateKind } from '../../core/outputs/catalogue';
import { type AttachmentTemplate, attachmentRenderer } from '../attachments';
import { type CanvasTemplate, canvasRenderer } from '../canvas';
import { imageWriter } from '../images/writer';
import {
  type DocxTemplate,
  docxRenderer,
  type PptxTemplate,
  pptxRenderer,
  type XlsxTemplate,
  xlsxRenderer,
} from '../office';
import { documentRenderer } from './document';
import type { FileRenderer, FormatWriter, GroupWriter, OutputRenderer } from './types';

/** Each output kind and the parsed template its renderer takes. */
export interface OutputTemplates {
  document: ParsedTemplateContent;
  /** Office files authored in Word, Excel or PowerPoint, filled with Quire's tags (render/office). */
  docx: DocxTemplate;
  xlsx: XlsxTemplate;
  pptx: PptxTemplate;
  /** Fields placed on a page (pdfme's template format), drawn with @pdfme/generator (render/canvas). */
  canvas: CanvasTemplate;
  /** A record's attachment fields as one PDF, after an optional cover (render/attachments). */
  attachment: AttachmentTemplate;
}

export type OutputKind = TemplateKind;

/** A renderer of one file format, registered as making `format`. */
function makes<F extends FileFormat, Template>(
  format: F,
  renderer: FileRenderer<Template>,
): OutputRenderer<Template, F> {
  // One key, `format`: the object is exactly `{ [K in F]: … }` for the single format F.
  const formats = { [format]: renderer.render } as { [K in F]: FormatWriter<Template> };
  const group = renderer.renderGroup;
  return {
    parse: renderer.parse,
    settings: renderer.settings,
    formats,
    ...(group ? { groups: { [format]: group } as { [K in F]?: GroupWriter<Template> } } : {}),
  };
}

/** A PDF renderer that also makes its pages as PNG and JPEG images. */
function withImages<Template>(
  renderer: OutputRenderer<Template, 'pdf'>,
): OutputRenderer<Template, 'pdf' | 'png' | 'jpeg'> {
  const pdf = renderer.formats.pdf;
  return {
    ...renderer,
    formats: { pdf, png: imageWriter(pdf, 'png'), jpeg: imageWriter(pdf, 'jpeg') },
  };
}

export const OUTPUTS: { [K in OutputKind]: OutputRenderer<OutputTemplates[K], FormatOf<K>> } = {
  document: documentRenderer,
  canvas: withImages(makes('pdf', canvasRenderer)),
  attachment: makes('pdf', attachmentRenderer),
  docx: makes('docx', docxRenderer),
  xlsx: makes('xlsx', xlsxRenderer),
  pptx: makes('pptx', pptxRenderer),
};

export { isTemplateKind as isOutputKind } from '../../core/outputs/catalogue';
export { contentObject, outputKindOf } from '../../core/outputs/kind';
