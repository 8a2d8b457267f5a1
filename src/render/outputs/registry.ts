/**
 * The output registry: which renderer makes which kind of template. Template content names its
 * kind (`kind: 'docx'`, …); document-mode content, which predates kinds, has none. The map's type
 * requires a renderer for every kind in `OutputTemplates`, so adding a kind there fails the
 * typecheck until its renderer is registered here.
 */
import { QuireError } from '../../core/errors';
import type { ParsedTemplateContent } from '../../core/model/types';
import { type CanvasTemplate, canvasRenderer, isPdfmeTemplate } from '../canvas';
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

export type OutputKind = keyof OutputTemplates;

export const OUTPUTS: { [K in OutputKind]: OutputRenderer<OutputTemplates[K]> } = {
  document: documentRenderer,
  docx: docxRenderer,
  xlsx: xlsxRenderer,
  pptx: pptxRenderer,
  canvas: canvasRenderer,
};

export function isOutputKind(value: unknown): value is OutputKind {
  return typeof value === 'string' && Object.hasOwn(OUTPUTS, value);
}

/** Stored content as a value: JSON text parsed (undefined when it is not JSON), anything else as is. */
export function contentObject(content: unknown): unknown {
  if (typeof content !== 'string') return content;
  try {
    return JSON.parse(content);
  } catch {
    // Not JSON: the document parser reports it with its own catalogued error.
    return undefined;
  }
}

/** The kind a stored template content declares (none: document mode). */
export function outputKindOf(content: unknown): OutputKind {
  const value = contentObject(content);
  // A pdfme template (basePdf + schemas) as pdfme's designer exports it, with no kind of its own.
  if (isPdfmeTemplate(value)) return 'canvas';
  if (typeof value !== 'object' || value === null || !('kind' in value)) return 'document';
  const kind = (value as { kind: unknown }).kind;
  if (isOutputKind(kind)) return kind;
  throw new QuireError('TemplateParseError', {
    issues: [{ path: 'kind', reason: `unknown template kind ${JSON.stringify(kind)}` }],
  });
}
