/**
 * One instance of a document through one template into one file, on the pipeline every caller
 * takes (`prepareOutputTemplate` → the print run → `renderOutput`, the CLI's path): the browser's
 * preview and the render API print the same document. The engines are the process's own (one
 * warm Typst compiler per runtime, created on first use; the WASM one in worker threads, replaced
 * past its memory budget), in the Node render environment the CLI shares (workers/node-environment).
 */
import { type LibreOfficeConverter, libreOfficeInstalled } from '../../../workers/libreoffice';
import { NodeRenderEnvironment } from '../../../workers/node-environment';
import type { RenderTarget } from '../../api/contract';
import { QuireError } from '../../core/errors';
import { FILE_FORMATS, formatsOf, isOfficeKind, type OfficeKind } from '../../core/outputs/catalogue';
import type { PrintSource } from '../../core/print/sources';
import { printInProcess } from '../../render/batch/inProcess';
import type { EngineKind } from '../../render/node-engine';
import { type PreparedTemplate, prepareOutputTemplate, type RenderedOutput } from '../../render/outputs/render';
import { RECYCLE_BUDGET_BYTES } from '../../render/typst/recycling-engine';
import { type FetchPolicy, safeImageLoader } from './fetchPolicy';

export { libreOfficeInstalled };

/**
 * What a template can be rendered to: the formats its kind makes (the output catalogue), and PDF
 * for Word, Excel and PowerPoint templates where LibreOffice is installed (converted after filling).
 */
export function targetsOf(prepared: PreparedTemplate): RenderTarget[] {
  const formats: RenderTarget[] = [...formatsOf(prepared.kind)];
  if (isOfficeKind(prepared.kind) && libreOfficeInstalled()) formats.push('pdf');
  return formats;
}

export interface RenderRequest {
  /** The template's stored content (a JSON string), draft or release. */
  content: string;
  templateName: string;
  docName: string;
  dataSource: unknown;
  /** The instance's open values (validated when the instance was posted). */
  values: unknown;
  targetType: RenderTarget;
  runtime: EngineKind;
}

/**
 * The engines of one process (server or render worker): the one Node render environment the CLI
 * uses too, its images fetched through the server's fetch policy.
 */
export class RenderEnvironment extends NodeRenderEnvironment {
  constructor(
    fetchPolicy: FetchPolicy,
    /** Memory past which the WASM runtime's compiler is replaced (RecyclingTypstEngine). */
    wasmBudgetBytes = RECYCLE_BUDGET_BYTES,
  ) {
    super({ loadImage: safeImageLoader(fetchPolicy), wasmBudgetBytes });
  }
}

/** A filled file; an Office one asked for as PDF still has to go through LibreOffice. */
export interface FilledFile {
  output: RenderedOutput;
  toPdf?: OfficeKind;
}

/**
 * The CPU-bound half of a render (data mapping, typesetting, filling the Office file): what the
 * server's render threads run (`renderThread.ts`), away from the thread that answers requests.
 */
export async function fillFile(request: RenderRequest, environment: NodeRenderEnvironment): Promise<FilledFile> {
  const prepared = prepareOutputTemplate(request.content);
  const officeKind = isOfficeKind(prepared.kind) ? prepared.kind : undefined;
  const officePdf = officeKind !== undefined && request.targetType === 'pdf';
  const targets = officePdf ? [...formatsOf(prepared.kind), 'pdf' as const] : targetsOf(prepared);
  if (!targets.includes(request.targetType))
    throw new QuireError('InvalidTemplateType', {
      detail: `a ${prepared.kind} template renders to ${targets.join(', ')}, not ${request.targetType}`,
      issues: [{ path: 'targetType', reason: `one of ${targets.join(', ')}` }],
    });
  const source: PrintSource = {
    kind: 'open',
    dataSource: request.dataSource,
    values: request.values,
    docName: request.docName,
  };
  const naming = { templateName: request.templateName, printTime: Date.now() };
  // One instance, one file: the print run every caller takes, rendered in this process.
  const run = await printInProcess({
    prepared,
    sources: [source],
    env: environment.env(request.runtime),
    output: 'file',
    format: officePdf ? officeKind : request.targetType,
    naming,
  });
  const bytes = new Uint8Array(await new Response(run.body).arrayBuffer());
  const output: RenderedOutput = {
    bytes,
    mime: run.mime,
    // The run's own: a page-image export may be a JPEG past the PNG cap or a ZIP of pages.
    extension: officePdf ? FILE_FORMATS[officeKind].extension : run.fileName.slice(run.fileName.lastIndexOf('.') + 1),
    fileName: run.fileName,
  };
  return officePdf ? { output, toPdf: officeKind } : { output };
}

/**
 * The file as asked for: an Office file made into PDF by LibreOffice (its own processes with
 * their own time limit; OfficePdfUnavailable when it is not installed), anything else as filled.
 */
export async function finishFile(filled: FilledFile, officePdf: () => LibreOfficeConverter): Promise<RenderedOutput> {
  if (!filled.toPdf) return filled.output;
  const bytes = await officePdf().toPdf(filled.output.bytes, filled.toPdf);
  const fileName = filled.output.fileName?.replace(/\.[^.]+$/, '.pdf');
  return { bytes, mime: FILE_FORMATS.pdf.mime, extension: 'pdf', ...(fileName ? { fileName } : {}) };
}

/** A whole render in this thread (the CLI's way; the server's threads run `fillFile`). */
export async function renderFile(request: RenderRequest, environment: RenderEnvironment): Promise<RenderedOutput> {
  return finishFile(await fillFile(request, environment), () => environment.officePdf);
}
