/**
 * The worker side of rendering, shared by the browser worker and the Node worker thread: a warm
 * engine, templates prepared once per key, the print input built here from the raw source (data
 * mapping never runs on the UI thread), errors returned as catalogue JSON (comlink would strip a
 * QuireError's code and issues).
 */
import { toQuireError } from '../src/core/errors';
import {
  type OutputOptions,
  type PreparedTemplate,
  prepareOutputTemplate,
  renderOutput,
  renderOutputGroup,
} from '../src/render/outputs/render';
import type { PdfRasterizer } from '../src/render/outputs/types';
import type { ImageLoader } from '../src/render/resolve/context';
import type { TypstEngine } from '../src/render/typst/engine';
import type { FontGroupLoader } from '../wasm/fonts';
import {
  MAX_WORKER_TEMPLATES,
  type RenderGroupRequest,
  type RenderGroupResponse,
  type RenderProgress,
  type RenderRequest,
  type RenderResponse,
  type RenderStage,
  type RenderWorkerApi,
  type WorkerFailure,
} from './protocol';

function failure(error: unknown): WorkerFailure {
  const q = toQuireError(error, 'DocGenerationError');
  return {
    ok: false,
    error: { name: q.errorName, message: q.message, issues: [...q.issues], params: { ...q.params } },
  };
}

/** The format and naming a request asks for, as `renderOutput` takes them. */
function optionsOf(request: Pick<RenderRequest, 'format' | 'naming'>): OutputOptions {
  return {
    ...(request.format ? { format: request.format } : {}),
    ...(request.naming ? { naming: request.naming } : {}),
  };
}

export function createRenderWorkerApi(
  createEngine: () => Promise<TypstEngine>,
  loadImage?: ImageLoader,
  /** The shipped fonts by group, for outputs drawn without Typst (canvas templates). */
  loadFontGroup?: FontGroupLoader,
  /** Fresh engines in a memory of their own, for long documents (compile-host.ts). */
  freshEngine?: () => Promise<TypstEngine>,
  /** Draws PDF pages as images: the PNG and JPEG formats. */
  rasterize?: PdfRasterizer,
): RenderWorkerApi {
  let engine: Promise<TypstEngine> | undefined;
  const templates = new Map<string, PreparedTemplate>();
  const getEngine = () => {
    engine ??= createEngine();
    return engine;
  };
  const env = {
    typst: getEngine,
    ...(freshEngine ? { freshTypst: freshEngine } : {}),
    ...(loadImage ? { loadImage } : {}),
    ...(loadFontGroup ? { loadFontGroup } : {}),
    ...(rasterize ? { rasterize } : {}),
  };
  const stats = async () => {
    if (!engine) return { compiled: 0, memoryBytes: 0 };
    const e = await engine;
    return { compiled: e.compiled, memoryBytes: e.memoryBytes ? await e.memoryBytes() : 0 };
  };

  /** The request's template, parsed once per key (sent only the first time this worker sees it). */
  const templateOf = (request: Pick<RenderRequest, 'templateKey' | 'template'>): PreparedTemplate => {
    if (request.template !== undefined) {
      if (templates.size >= MAX_WORKER_TEMPLATES) templates.delete(templates.keys().next().value!);
      templates.set(request.templateKey, prepareOutputTemplate(request.template));
    }
    const template = templates.get(request.templateKey);
    if (template === undefined) throw new Error(`template ${request.templateKey} was not sent to this worker`);
    return template;
  };

  return {
    async warm() {
      await getEngine();
    },
    async render(
      request: RenderRequest,
      onStage?: (stage: RenderStage, progress?: RenderProgress) => void,
    ): Promise<RenderResponse> {
      try {
        const template = templateOf(request);
        onStage?.('resolve');
        // A long document reports each chunk typeset.
        const jobEnv = onStage
          ? { ...env, onProgress: (done: number, total: number) => onStage('compile', { done, total }) }
          : env;
        const file = await renderOutput(template, request.source, jobEnv, optionsOf(request));
        onStage?.('done');
        return { ok: true, file, ...(await stats()) };
      } catch (error) {
        return failure(error);
      }
    },
    async renderGroup(request: RenderGroupRequest): Promise<RenderGroupResponse> {
      try {
        const group = await renderOutputGroup(templateOf(request), request.sources, env, optionsOf(request));
        return { ok: true, ...group, ...(await stats()) };
      } catch (error) {
        return failure(error);
      }
    },
    stats,
  };
}
