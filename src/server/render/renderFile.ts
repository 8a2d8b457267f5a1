/**
 * One instance of a document through one template into one file, on the pipeline every caller
 * takes (`prepareOutputTemplate` → `renderOutput` / `exportOutput`, the CLI's path): the browser's
 * preview and the render API print the same document. The engines are the process's own (one
 * warm Typst compiler per runtime, created on first use; the WASM one in worker threads, replaced
 * past its memory budget).
 */
import { loadFontGroupFromNodeModules } from '../../../wasm/fonts-node';
import { createIsolatedWasmEngine } from '../../../workers/compile-node';
import type { RenderTarget } from '../../api/contract';
import { QuireError } from '../../core/errors';
import { formatsOf } from '../../core/outputs/catalogue';
import type { PrintSource } from '../../core/print/sources';
import { createNodeEngine, type EngineKind } from '../../render/node-engine';
import {
  exportOutput,
  type PreparedTemplate,
  prepareOutputTemplate,
  type RenderedOutput,
  renderOutput,
} from '../../render/outputs/render';
import type { OutputEnvironment } from '../../render/outputs/types';
import type { TypstEngine } from '../../render/typst/engine';
import { RECYCLE_BUDGET_BYTES, RecyclingTypstEngine } from '../../render/typst/recycling-engine';
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

/** The engines and fetch policy of one process (server or render worker). */
export class RenderEnvironment {
  private readonly engines = new Map<EngineKind, Promise<TypstEngine>>();

  constructor(
    private readonly fetchPolicy: FetchPolicy,
    /** Memory past which the WASM runtime's compiler is replaced (RecyclingTypstEngine). */
    private readonly wasmBudgetBytes = RECYCLE_BUDGET_BYTES,
  ) {}

  private engine(runtime: EngineKind): Promise<TypstEngine> {
    let engine = this.engines.get(runtime);
    if (!engine) {
      // The web compiler never frees memory: the server's runs in worker threads it replaces.
      engine =
        runtime === 'wasm'
          ? Promise.resolve(new RecyclingTypstEngine(createIsolatedWasmEngine, this.wasmBudgetBytes))
          : createNodeEngine(runtime);
      this.engines.set(runtime, engine);
    }
    return engine;
  }

  env(runtime: EngineKind): OutputEnvironment {
    return {
      typst: () => this.engine(runtime),
      ...(runtime === 'wasm' ? { freshTypst: createIsolatedWasmEngine } : {}),
      loadImage: safeImageLoader(this.fetchPolicy),
      loadFontGroup: loadFontGroupFromNodeModules,
    };
  }

  async dispose(): Promise<void> {
    for (const engine of this.engines.values()) (await engine.catch(() => undefined))?.dispose();
    this.engines.clear();
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
  const env = environment.env(request.runtime);
  const naming = { templateName: request.templateName, printTime: Date.now() };
  if (request.targetType === 'pdf' || request.targetType === prepared.kind)
    return renderOutput(prepared, source, env, naming);
  return exportOutput(prepared, source, env, request.targetType, naming);
}
