/**
 * The one rendering path every caller uses — the editor's live preview, the preview screen, batch
 * print, the CLI and the server: a prepared template (kind + parsed content), one print source,
 * mapped to the print input here (in the worker or Node process), rendered by the kind's renderer.
 */
import { isQuireError, QuireError } from '../../core/errors';
import {
  defaultFormatOf,
  FILE_FORMATS,
  type FileFormat,
  type FormatOf,
  formatsOf,
  makesFormat,
} from '../../core/outputs/catalogue';
import { IMAGE_EXTENSIONS, IMAGE_MIMES, isImageFormat, sniffImageExport } from '../../core/outputs/images';
import { buildPrintInput } from '../../core/print/build';
import { type FileNameContext, printFileName } from '../../core/print/fileName';
import type { PrintInput } from '../../core/print/input';
import { prepareTemplate } from '../render-pdf';
import { contentObject, OUTPUTS, type OutputKind, type OutputTemplates, outputKindOf } from './registry';
import type { FormatWriter, GroupWriter, OutputEnvironment, OutputRenderer, RenderedFile } from './types';

/** A template ready to render: its kind and its parsed content (a union discriminated by kind). */
export type PreparedTemplate = { [K in OutputKind]: { kind: K; template: OutputTemplates[K] } }[OutputKind];

function rendererOf<K extends OutputKind>(kind: K): OutputRenderer<OutputTemplates[K], FormatOf<K>> {
  return OUTPUTS[kind] as OutputRenderer<OutputTemplates[K], FormatOf<K>>;
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

/** What a render makes: a format of the template's kind (its default when none) and how the file is named. */
export interface OutputOptions {
  format?: FileFormat;
  /** Names the file with the template's rule over the print input. */
  naming?: NamingContext;
  /** Image formats: compression off (finer pixels, JPEG quality 90). */
  noCompress?: boolean;
}

/** The environment with what the options ask of image export. */
function envFor(env: OutputEnvironment, options: OutputOptions): OutputEnvironment {
  return options.noCompress ? { ...env, imageExport: { noCompress: true } } : env;
}

/** The format asked for, refused with InvalidTemplateType when the template's kind does not make it. */
function formatFor(prepared: PreparedTemplate, format: FileFormat | undefined): FileFormat {
  if (format === undefined) return defaultFormatOf(prepared.kind);
  if (makesFormat(prepared.kind, format)) return format;
  const offered = formatsOf(prepared.kind).join(', ');
  throw new QuireError('InvalidTemplateType', {
    detail: `a ${prepared.kind} template makes ${offered}, not ${format}`,
    issues: [{ path: 'format', reason: `one of ${offered}` }],
  });
}

/** The kind's writer of a format it makes (the registry's type guarantees there is one). */
function writerOf(prepared: PreparedTemplate, format: FileFormat): FormatWriter<PreparedTemplate['template']> {
  const formats = rendererOf(prepared.kind).formats as Partial<Record<FileFormat, FormatWriter<unknown>>>;
  return formats[format]!;
}

/**
 * The file a writer made. An image format's file says by its bytes what it holds: the image asked
 * for, a JPEG where a PNG passed the size cap, or a ZIP of a document's several images.
 */
function fileOf(bytes: Uint8Array, format: FileFormat): RenderedFile {
  if (isImageFormat(format)) {
    const made = sniffImageExport(bytes);
    if (made === 'zip') return { bytes, mime: 'application/zip', extension: 'zip' };
    if (made) return { bytes, mime: IMAGE_MIMES[made], extension: IMAGE_EXTENSIONS[made] };
  }
  return { bytes, mime: FILE_FORMATS[format].mime, extension: FILE_FORMATS[format].extension };
}

/** Renders one source as a file of one format; throws only catalogued errors. */
export async function renderOutput(
  prepared: PreparedTemplate,
  source: unknown,
  env: OutputEnvironment,
  options: OutputOptions = {},
): Promise<RenderedOutput> {
  const format = formatFor(prepared, options.format);
  const write = writerOf(prepared, format);
  const input = printInputFor(prepared, source);
  const bytes = await catalogued(() => write(prepared.template, input, envFor(env, options)));
  return named(fileOf(bytes, format), prepared, input, options.naming);
}

/** Whether the template can typeset several sources as one file of `format` (`renderOutputGroup`). */
export function canRenderGroup(prepared: PreparedTemplate, format?: FileFormat): boolean {
  const groups = rendererOf(prepared.kind).groups as Partial<Record<FileFormat, unknown>> | undefined;
  return groups?.[format ?? defaultFormatOf(prepared.kind)] !== undefined;
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
  options: OutputOptions = {},
): Promise<RenderedGroup> {
  const format = formatFor(prepared, options.format);
  const groups = rendererOf(prepared.kind).groups as Partial<Record<FileFormat, GroupWriter<unknown>>> | undefined;
  const group = groups?.[format];
  if (!group)
    throw new QuireError('DocGenerationError', { detail: `${prepared.kind} ${format} files are merged one by one` });
  const inputs = sources.map((source) => printInputFor(prepared, source));
  const file = fileOf(await catalogued(() => group(prepared.template, inputs, env)), format);
  const names = inputs.map(
    (input) => named(file, prepared, input, options.naming).fileName ?? `document.${file.extension}`,
  );
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
