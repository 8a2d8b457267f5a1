/**
 * The output registry: which renderer makes which kind of template. Template content names its
 * kind (`kind: 'docx'`, …); document-mode content, which predates kinds, has none. The map's type
 * requires a renderer for every kind in `OutputTemplates`, so adding a kind there fails the
 * typecheck until its renderer is registered here.
 */

import type { ParsedTemplateContent } from '../../core/model/types';
import type { TemplateKind } from '../../core/outputs/catalogue';
import { type CanvasTemplate, canvasRenderer } from '../canvas';
import {
  type DocxTemplate,
  docxRenderer,
  type PptxTemplate,
  pptxRenderer,
  type XlsxTemplate,
  xlsxRenderer,
} from '../office';
import { documentRenderer } from './document';
import type { OutputRenderer } from './types';

/** Each output kind and the parsed template its renderer takes. */
export interface OutputTemplates {
  document: ParsedTemplateContent;
  /** Office files authored in Word, Excel or PowerPoint, filled with Quire's tags (render/office). */
  docx: DocxTemplate;
  xlsx: XlsxTemplate;
  pptx: PptxTemplate;
  /** Fields placed on a page (pdfme's template format), drawn with @pdfme/generator (render/canvas). */
  canvas: CanvasTemplate;
}

export type OutputKind = TemplateKind;

export const OUTPUTS: { [K in OutputKind]: OutputRenderer<OutputTemplates[K]> } = {
  document: documentRenderer,
  docx: docxRenderer,
  xlsx: xlsxRenderer,
  pptx: pptxRenderer,
  canvas: canvasRenderer,
};

export { isTemplateKind as isOutputKind } from '../../core/outputs/catalogue';
export { contentObject, outputKindOf } from '../../core/outputs/kind';
