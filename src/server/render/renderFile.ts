/**
 * One instance of a document through one template into one file, on the pipeline every caller
 * takes (`prepareOutputTemplate` → `renderOutput` / `exportOutput`, the CLI's path): the browser's
 * preview and the render API print the same document. The engines are the process's own (one
 * warm Typst compiler per runtime, created on first use; the WASM one in a worker thread, retired
 * past its memory budget).
 */
import { loadFontGroupFromNodeModules } from '../../../wasm/fonts-node';
import { createIsolatedWasmEngine } from '../../../workers/compile-node';
import type { RenderTarget } from '../../api/contract';
import { QuireError } from '../../core/errors';
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
import { type FetchPolicy, safeImageLoader } from './fetchPolicy';

/** What each kind of template can be rendered to: documents print and export; Office files are their own kind. */
export function targetsOf(prepared: PreparedTemplate): RenderTarget[] {
  switch (prepared.kind) {
    case 'document':
      return ['pdf', 'docx', 'xlsx', 'pptx'];
    case 'canvas':
      return ['pdf'];
    default:
      return [prepared.kind];
  }
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
 * A WASM compiler past this is retired once its renders are done: the web compiler never frees
 * memory, so the server's WASM compiler lives in a worker thread of its own that a retire ends.
 */
export const SERVER_WASM_BUDGET_BYTES = 512 * 2 ** 20;

/** The engines and fetch policy of one process (server or render worker). */
export class RenderEnvironment {
  private readonly engines = new Map<EngineKind, Promise<TypstEngine>>();
  private readonly rendering = new Map<Promise<TypstEngine>, number>();
  /** WASM compilers started and retired so far (the server's health and the tests read them). */
  readonly wasmEngines = { started: 0, retired: 0 };

  constructor(
    private readonly fetchPolicy: FetchPolicy,
    private readonly wasmBudgetBytes = SERVER_WASM_BUDGET_BYTES,
  ) {}

  private engine(runtime: EngineKind): Promise<TypstEngine> {
    let engine = this.engines.get(runtime);
    if (!engine) {
      if (runtime === 'wasm') this.wasmEngines.started++;
      engine = runtime === 'wasm' ? createIsolatedWasmEngine() : createNodeEngine(runtime);
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

  /** Runs one render; afterwards a WASM compiler past its budget is retired when no render uses it. */
  async track<T>(runtime: EngineKind, render: () => Promise<T>): Promise<T> {
    const engine = this.engine(runtime);
    this.rendering.set(engine, (this.rendering.get(engine) ?? 0) + 1);
    try {
      return await render();
    } finally {
      const left = (this.rendering.get(engine) ?? 1) - 1;
      this.rendering.set(engine, left);
      if (runtime === 'wasm') await this.retireIfSpent(runtime, engine, left);
    }
  }

  private async retireIfSpent(runtime: EngineKind, engine: Promise<TypstEngine>, left: number): Promise<void> {
    const e = await engine.catch(() => undefined);
    const used = e?.memoryBytes ? await e.memoryBytes().catch(() => 0) : 0;
    if (this.engines.get(runtime) === engine && used >= this.wasmBudgetBytes) this.engines.delete(runtime);
    // Retired (or broken) and idle: give its memory back.
    if (this.engines.get(runtime) !== engine && left === 0 && this.rendering.get(engine) === 0) {
      this.rendering.delete(engine);
      this.wasmEngines.retired++;
      e?.dispose();
    }
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
  return environment.track(request.runtime, () =>
    request.targetType === 'pdf' || request.targetType === prepared.kind
      ? renderOutput(prepared, source, env, naming)
      : exportOutput(prepared, source, env, request.targetType, naming),
  );
}
