/**
 * One instance of a document through one template into one file, on the pipeline every caller
 * takes (`prepareOutputTemplate` → the print run → `renderOutput`, the CLI's path): the browser's
 * preview and the render API print the same document. The engines are the process's own (one
 * warm Typst compiler per runtime, created on first use; the WASM one in worker threads, replaced
 * past its memory budget), in the Node render environment the CLI shares (workers/node-environment).
 */
import { NodeRenderEnvironment } from '../../../workers/node-environment';
import type { RenderTarget } from '../../api/contract';
import { QuireError } from '../../core/errors';
import { FILE_FORMATS, formatsOf } from '../../core/outputs/catalogue';
import type { PrintSource } from '../../core/print/sources';
import { printInProcess } from '../../render/batch/inProcess';
import type { EngineKind } from '../../render/node-engine';
import { type PreparedTemplate, prepareOutputTemplate, type RenderedOutput } from '../../render/outputs/render';
import { RECYCLE_BUDGET_BYTES } from '../../render/typst/recycling-engine';
import { type FetchPolicy, safeImageLoader } from './fetchPolicy';

/** What a template can be rendered to: the formats its kind makes (the output catalogue). */
export function targetsOf(prepared: PreparedTemplate): RenderTarget[] {
  return [...formatsOf(prepared.kind)];
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

export async function renderFile(request: RenderRequest, environment: RenderEnvironment): Promise<RenderedOutput> {
  const prepared = prepareOutputTemplate(request.content);
  const targets = targetsOf(prepared);
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
    format: request.targetType,
    naming,
  });
  const bytes = new Uint8Array(await new Response(run.body).arrayBuffer());
  return { bytes, mime: run.mime, extension: FILE_FORMATS[request.targetType].extension, fileName: run.fileName };
}
