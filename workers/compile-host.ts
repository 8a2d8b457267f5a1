/**
 * A Typst compiler in a worker of its own, so the memory it takes can be given back. The web
 * compiler never frees WebAssembly memory, and wasm-bindgen keeps one instance per JavaScript
 * realm, so ending the realm is the only way to return what a long document took. A long
 * document's chunks move to such an engine once the engine they ran on passes its memory budget
 * (src/render/render-pdf-chunks.ts); `dispose()` ends the worker.
 *
 * The compiled WebAssembly module is sent by the caller (structured clone shares the compiled
 * code), so a new host costs an instantiation and the Latin fonts, not a 28 MB compile.
 */
import { type Remote, releaseProxy } from 'comlink';
import { quireErrorFromJSON, toQuireError } from '../src/core/errors';
import type { CompileJob, TypstEngine } from '../src/render/typst/engine';
import type { WorkerFailure } from './protocol';

type CompileAnswer = { ok: true; pdf: Uint8Array; found: unknown[] } | WorkerFailure;

/** What a compile host worker exposes through comlink. */
export interface CompileHostApi {
  /**
   * Creates the compiler (once, before any compile): a WASM host instantiates it from the caller's
   * compiled module, a native host (compile-native.node-worker.ts) needs none.
   */
  start(module?: WebAssembly.Module): Promise<void>;
  compile(job: CompileJob, selector?: string): Promise<CompileAnswer>;
  memoryBytes(): Promise<number>;
}

/** The worker side: one engine, created by `start` from the module the caller sent. */
export function createCompileHostApi(
  createEngine: (module?: WebAssembly.Module) => Promise<TypstEngine>,
): CompileHostApi {
  let engine: Promise<TypstEngine> | undefined;
  const started = () => {
    if (!engine) throw new Error('compile host used before start');
    return engine;
  };
  return {
    async start(module) {
      engine ??= createEngine(module);
      await engine;
    },
    async compile(job, selector) {
      try {
        const e = await started();
        const { pdf, found } = selector
          ? await e.compileWithQuery(job, selector)
          : { pdf: await e.compilePdf(job), found: [] };
        return { ok: true, pdf, found };
      } catch (error) {
        const q = toQuireError(error, 'TemplateRendererror');
        return {
          ok: false,
          error: { name: q.errorName, message: q.message, issues: [...q.issues], params: { ...q.params } },
        };
      }
    },
    async memoryBytes() {
      const e = await started();
      return e.memoryBytes ? e.memoryBytes() : 0;
    },
  };
}

/** The caller's side: a TypstEngine whose compiles run in the host worker, ended by `dispose`. */
export class RemoteTypstEngine implements TypstEngine {
  compiled = 0;

  constructor(
    private readonly host: Remote<CompileHostApi>,
    private readonly end: () => void,
    readonly kind: TypstEngine['kind'] = 'wasm',
  ) {}

  async compilePdf(job: CompileJob): Promise<Uint8Array> {
    return (await this.run(job)).pdf;
  }

  compileWithQuery(job: CompileJob, selector: string): Promise<{ pdf: Uint8Array; found: unknown[] }> {
    return this.run(job, selector);
  }

  private async run(job: CompileJob, selector?: string): Promise<{ pdf: Uint8Array; found: unknown[] }> {
    const answer = await this.host.compile(job, selector);
    if (!answer.ok) throw quireErrorFromJSON(answer.error);
    this.compiled++;
    return { pdf: answer.pdf, found: answer.found };
  }

  async memoryBytes(): Promise<number> {
    return this.host.memoryBytes();
  }

  dispose(): void {
    this.end();
  }
}

/** Starts a host (on the caller's compiled module for WASM); the worker is ended if it cannot start. */
export async function startRemoteEngine(
  host: Remote<CompileHostApi>,
  module: WebAssembly.Module | undefined,
  endWorker: () => void,
): Promise<RemoteTypstEngine> {
  const end = () => {
    host[releaseProxy]();
    endWorker();
  };
  try {
    await host.start(module);
  } catch (error) {
    end();
    throw error;
  }
  return new RemoteTypstEngine(host, end, module ? 'wasm' : 'native');
}
