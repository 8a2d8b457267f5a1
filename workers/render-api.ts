/**
 * The worker side of rendering, shared by the browser worker and the Node worker thread: a warm
 * engine, templates parsed once per key, errors returned as catalogue JSON (comlink would strip
 * a QuireError's code and issues).
 */
import { toQuireError } from '../src/core/errors';
import { prepareTemplate, renderPdf } from '../src/render/render-pdf';
import type { ImageLoader } from '../src/render/resolve/context';
import type { TypstEngine } from '../src/render/typst/engine';
import {
  MAX_WORKER_TEMPLATES,
  type RenderRequest,
  type RenderResponse,
  type RenderStage,
  type RenderWorkerApi,
} from './protocol';

export function createRenderWorkerApi(
  createEngine: () => Promise<TypstEngine>,
  loadImage?: ImageLoader,
): RenderWorkerApi {
  let engine: Promise<TypstEngine> | undefined;
  const templates = new Map<string, unknown>();
  const getEngine = () => {
    engine ??= createEngine();
    return engine;
  };
  const memory = async (e: TypstEngine) => (e.memoryBytes ? await e.memoryBytes() : 0);

  return {
    async warm() {
      await getEngine();
    },
    async render(request: RenderRequest, onStage?: (stage: RenderStage) => void): Promise<RenderResponse> {
      try {
        if (request.template !== undefined) {
          if (templates.size >= MAX_WORKER_TEMPLATES) templates.delete(templates.keys().next().value!);
          templates.set(request.templateKey, prepareTemplate(request.template));
        }
        const template = templates.get(request.templateKey);
        if (template === undefined) throw new Error(`template ${request.templateKey} was not sent to this worker`);
        const e = await getEngine();
        onStage?.('resolve');
        const pdf = await renderPdf(template, request.record, { engine: e, loadImage, links: request.links });
        onStage?.('done');
        return { ok: true, pdf, compiled: e.compiled, memoryBytes: await memory(e) };
      } catch (error) {
        const q = toQuireError(error, 'DocGenerationError');
        return { ok: false, error: { name: q.errorName, message: q.message, issues: [...q.issues] } };
      }
    },
    async stats() {
      const e = await getEngine();
      return { compiled: e.compiled, memoryBytes: await memory(e) };
    },
  };
}
