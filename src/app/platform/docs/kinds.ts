/** What a template's stored content is, by the output catalogue, and what it renders to first. */
import type { RenderTarget } from '../../../api/contract';
import { defaultFormatOf, type TemplateKind } from '../../../core/outputs/catalogue';
import { readOutputKind } from '../../../core/outputs/kind';

/** The kind of stored content; none for a kind the catalogue does not know. */
export function kindOfContent(content: string): TemplateKind | undefined {
  const kind = readOutputKind(content);
  return typeof kind === 'string' ? kind : undefined;
}

/**
 * The format a template is previewed as: documents and canvases as PDF, an Office template as its
 * own file. A template of an unknown kind asks for a PDF, which the server refuses with the
 * template's TemplateParseError.
 */
export function previewTarget(content: string): RenderTarget {
  const kind = kindOfContent(content);
  return kind ? defaultFormatOf(kind) : 'pdf';
}
