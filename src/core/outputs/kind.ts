/**
 * The one answer to "what kind of template is this stored content?", for the app, the CLI, the
 * server and render alike. Content names its kind (`kind: 'docx'`, …); a pdfme template as
 * pdfme's designer exports it (`basePdf` + `schemas`, no kind) is a canvas; document-mode content,
 * which predates kinds, has none. A kind the catalogue does not know (`{ kind: 'odt' }`) is a
 * TemplateParseError everywhere — never silently a document in one place and an error in another.
 */
import { isQuireError, QuireError } from '../errors';
import { isTemplateKind, type TemplateKind } from './catalogue';

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

/** pdfme's template format with no kind of its own (or Quire's `canvas`). */
function isPdfmeShape(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    'basePdf' in value &&
    'schemas' in value &&
    (!('kind' in value) || (value as { kind: unknown }).kind === 'canvas')
  );
}

/**
 * Document content is large JSON with neither key at the top: text without them (and without
 * `\u` escapes, which could spell them) is a document without parsing it.
 */
const MAY_NAME_A_KIND = /"kind"|"basePdf"|\\u/;

function kindOfValue(value: unknown): TemplateKind {
  if (isPdfmeShape(value)) return 'canvas';
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !('kind' in value)) return 'document';
  const kind = (value as { kind: unknown }).kind;
  if (isTemplateKind(kind)) return kind;
  throw new QuireError('TemplateParseError', {
    detail: `unknown template kind ${JSON.stringify(kind)}`,
    issues: [{ path: 'kind', reason: `unknown template kind ${JSON.stringify(kind)}` }],
  });
}

/** The kind stored content (JSON text or a value) declares; throws TemplateParseError for an unknown kind. */
export function outputKindOf(content: unknown): TemplateKind {
  if (typeof content === 'string' && !MAY_NAME_A_KIND.test(content)) return 'document';
  return kindOfValue(contentObject(content));
}

/** The same answer as a value, for code that shows an error rather than throwing it (screens). */
export function readOutputKind(content: unknown): TemplateKind | QuireError {
  try {
    return outputKindOf(content);
  } catch (error) {
    if (isQuireError(error)) return error;
    throw error;
  }
}
