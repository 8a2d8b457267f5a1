/** The kinds of template a document holds, read from stored content, and what each renders to first. */
import type { RenderTarget } from '../../../api/contract';
import { isCanvasContent } from '../../canvas/content';
import { OFFICE_KINDS, officeKindOf } from '../../office/officeFile';

export const TEMPLATE_KINDS = ['document', 'canvas', ...OFFICE_KINDS] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

export function kindOfContent(content: string): TemplateKind {
  const office = officeKindOf(content);
  if (office) return office;
  return isCanvasContent(content) ? 'canvas' : 'document';
}

/** Documents and canvases are shown as PDF; an Office template makes its own kind of file. */
export function previewTarget(content: string): RenderTarget {
  const kind = kindOfContent(content);
  return kind === 'document' || kind === 'canvas' ? 'pdf' : kind;
}
