/**
 * The one rendering path every caller uses — the editor's live preview, the preview screen, batch
 * print, the CLI and the server: a prepared template (kind + parsed content), one print source,
 * mapped to the print input here (in the worker or Node process), rendered by the kind's renderer.
 */
import { isQuireError, QuireError } from '../../core/errors';
import { buildPrintInput } from '../../core/print/build';
import { type FileNameContext, printFileName } from '../../core/print/fileName';
import type { PrintInput } from '../../core/print/input';
import { EXPORTS, type ExportFormat, exportDocument } from '../export';
import { prepareTemplate } from '../render-pdf';
import { contentObject, OUTPUTS, type OutputKind, type OutputTemplates, outputKindOf } from './registry';
import type { OutputEnvironment, OutputRenderer, RenderedFile } from './types';

/** A template ready to render: its kind and its parsed content (a union discriminated by kind). */
export type PreparedTemplate = { [K in OutputKind]: { kind: K; template: OutputTemplates[K] } }[OutputKind];

function rendererOf<K extends OutputKind>(kind: K): OutputRenderer<OutputTemplates[K]> {
  return OUTPUTS[kind] as OutputRenderer<OutputTemplates[K]>;
}

/** Validates stored content (JSON text or object) of any kind. */
export function prepareOutputTemplate(content: unknown): PreparedTemplate {
  // JSON text is parsed once, for its kind and for the document parser (each live-preview edit
  // is a new text: a second JSON.parse was a third of preparing it). Other kinds get it as stored.
  const value = typeof content === 'string' ? contentObject(content) : content;
  const kind = outputKindOf(value === undefined ? content : value);
  if (kind === 'document') return { kind, template: prepareTemplate(content, value) };
  return { kind, template: rendererOf(kind).parse(content) } as PreparedTemplate;
}

/** The print input of one source for a template: data mapped in the template's language and zone. */
export function printInputFor(prepared: PreparedTemplate, source: unknown): PrintInput {
  return buildPrintInput(source, rendererOf(prepared.kind).settings(prepared.template));
}

/** Runs a renderer; whatever it throws that is not catalogued becomes TemplateRendererror. */
async function catalogued(render: () => Promise<Uint8Array>): Promise<Uint8Array> {
  try {
    return await render();
  } catch (error) {
    if (isQuireError(error)) throw error;
    throw new QuireError('TemplateRendererror', {
      detail: error instanceof Error ? error.message : String(error),
      cause: error,
    });
  }
}

export interface RenderedOutput extends RenderedFile {
  /** With the extension, when the caller gave a naming context. */
  fileName?: string;
}

export type NamingContext = Omit<FileNameContext, 'timeZone' | 'locale'>;

/** Renders one source; throws only catalogued errors. */
export async function renderOutput(
  prepared: PreparedTemplate,
  source: unknown,
  env: OutputEnvironment,
  naming?: NamingContext,
): Promise<RenderedOutput> {
  const renderer = rendererOf(prepared.kind);
  const input = printInputFor(prepared, source);
  const bytes = await catalogued(() => renderer.render(prepared.template, input, env));
  return named({ bytes, mime: renderer.mime, extension: renderer.extension }, prepared, input, naming);
}

/** Whether the template's kind can typeset several sources as one file (`renderOutputGroup`). */
export function canRenderGroup(prepared: PreparedTemplate): boolean {
  return rendererOf(prepared.kind).renderGroup !== undefined;
}

export interface RenderedGroup {
  /** One file of every source, in order. */
  file: RenderedOutput;
  /** Each source's own file name (with the extension), as `renderOutput` would have named it. */
  names: string[];
}

/** Renders several sources as one file (a merged PDF typeset once); throws only catalogued errors. */
export async function renderOutputGroup(
  prepared: PreparedTemplate,
  sources: readonly unknown[],
  env: OutputEnvironment,
  naming?: NamingContext,
): Promise<RenderedGroup> {
  const renderer = rendererOf(prepared.kind);
  if (!renderer.renderGroup)
    throw new QuireError('DocGenerationError', { detail: `${prepared.kind} files are merged one by one` });
  const inputs = sources.map((source) => printInputFor(prepared, source));
  const group = renderer.renderGroup;
  const bytes = await catalogued(() => group.call(renderer, prepared.template, inputs, env));
  const file = { bytes, mime: renderer.mime, extension: renderer.extension };
  const names = inputs.map((input) => named(file, prepared, input, naming).fileName ?? `document.${file.extension}`);
  return { file, names };
}

/** The file's name from the naming context, in the template's time zone and language. */
function named(
  file: RenderedOutput,
  prepared: PreparedTemplate,
  input: PrintInput,
  naming: NamingContext | undefined,
): RenderedOutput {
  if (!naming) return file;
  const settings = rendererOf(prepared.kind).settings(prepared.template);
  const name = printFileName(input, {
    ...naming,
    ...(settings.timeZone ? { timeZone: settings.timeZone } : {}),
    ...(settings.lang ? { locale: settings.lang } : {}),
  });
  return { ...file, fileName: `${name}.${file.extension}` };
}

/**
 * One source of a document-mode template as a Word, Excel or PowerPoint file instead of a PDF:
 * the same print input and resolved document the PDF is typeset from (render/export).
 */
export async function exportOutput(
  prepared: PreparedTemplate,
  source: unknown,
  env: OutputEnvironment,
  format: ExportFormat,
  naming?: NamingContext,
): Promise<RenderedOutput> {
  if (prepared.kind !== 'document')
    throw new QuireError('DocGenerationError', {
      detail: `a ${prepared.kind} template is already a ${prepared.kind} file: only document templates export to ${format}`,
    });
  const input = printInputFor(prepared, source);
  const bytes = await catalogued(() => exportDocument(prepared.template, input, env, format));
  return named({ bytes, mime: EXPORTS[format].mime, extension: format }, prepared, input, naming);
}
