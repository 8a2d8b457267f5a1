/**
 * The one Node render environment, shared by the CLI and the server (and its render workers): the
 * Typst engines of a process, created on first use, the images it may fetch (the caller's loader:
 * the CLI's files and http, the server's fetch policy) and the shipped fonts. The WebAssembly
 * compiler never frees memory, so where many documents go through it they compile in worker
 * threads replaced past a memory budget; a long document's chunks move to fresh compilers.
 */
import { QuireError } from '../src/core/errors';
import type { EngineKind } from '../src/render/node-engine';
import { createNodeEngine } from '../src/render/node-engine';
import type { OutputEnvironment } from '../src/render/outputs/types';
import type { ImageLoader } from '../src/render/resolve/context';
import type { TypstEngine } from '../src/render/typst/engine';
import { RECYCLE_BUDGET_BYTES, RecyclingTypstEngine } from '../src/render/typst/recycling-engine';
import { loadFontGroupFromNodeModules } from '../wasm/fonts-node';
import { createNodePreviewLoader } from './attachment-preview';
import { createIsolatedNativeEngine, createIsolatedWasmEngine } from './compile-node';
import { isOfficeAttachmentExtension, LibreOfficeConverter } from './libreoffice';
import { rasterizeInNode } from './node-raster';

export interface NodeEnvironmentOptions {
  /** Fetches images the print input's assets lack (the server's goes through its fetch policy). */
  loadImage: ImageLoader;
  /** Memory past which an isolated WASM compiler is replaced (RecyclingTypstEngine). */
  wasmBudgetBytes?: number;
  /** Fetches attachment files (attachment templates); `loadImage` when absent. */
  loadAttachment?: ImageLoader;
}

export interface EngineChoice {
  /**
   * WASM compiles in worker threads replaced past the budget (the default: a server, a batch); a
   * one-record CLI run keeps the in-process compiler, with no thread to start.
   */
  isolateWasm?: boolean;
}

export class NodeRenderEnvironment {
  private readonly engines = new Map<string, Promise<TypstEngine>>();
  private converter?: LibreOfficeConverter;

  constructor(private readonly options: NodeEnvironmentOptions) {}

  private engine(runtime: EngineKind, isolated: boolean): Promise<TypstEngine> {
    const key = `${runtime}:${isolated}`;
    let engine = this.engines.get(key);
    if (!engine) {
      engine =
        runtime === 'wasm' && isolated
          ? Promise.resolve(
              new RecyclingTypstEngine(createIsolatedWasmEngine, this.options.wasmBudgetBytes ?? RECYCLE_BUDGET_BYTES),
            )
          : createNodeEngine(runtime);
      this.engines.set(key, engine);
    }
    return engine;
  }

  /** What renders in this process with `runtime`'s engine. */
  env(runtime: EngineKind, choice: EngineChoice = {}): OutputEnvironment {
    const isolated = choice.isolateWasm ?? true;
    return {
      typst: () => this.engine(runtime, isolated),
      // A long document's chunks move to compilers in worker threads: WASM ones so its memory stays
      // bounded, native ones so two chunks compile at once (one per core).
      freshTypst: runtime === 'wasm' ? createIsolatedWasmEngine : createIsolatedNativeEngine,
      loadImage: this.options.loadImage,
      ...(this.options.loadAttachment ? { loadAttachment: this.options.loadAttachment } : {}),
      officeToPdf: (bytes, extension) => {
        if (!isOfficeAttachmentExtension(extension))
          throw new QuireError('DocGenerationError', { detail: `.${extension} is not an Office file` });
        return this.officePdf.toPdf(bytes, extension);
      },
      loadFontGroup: loadFontGroupFromNodeModules,
      rasterize: rasterizeInNode,
      previewAttachments: (read) =>
        createNodePreviewLoader({
          // The loader asks for at most its size limit; a reader that cannot stop early hands all it has.
          fetch: async (url) => {
            const bytes = await read(url);
            if (!bytes) throw new Error(`${url} could not be read`);
            return bytes;
          },
          officePdf: () => this.officePdf,
        }),
    };
  }

  /**
   * The process's LibreOffice pool (Office templates asked for as PDF, Office attachments), started
   * on the first file that needs it — once per process, not per document; ended by `dispose()`.
   */
  get officePdf(): LibreOfficeConverter {
    this.converter ??= new LibreOfficeConverter();
    return this.converter;
  }

  /** Whether an engine was started (outputs that do not typeset never start one). */
  get started(): boolean {
    return this.engines.size > 0;
  }

  async dispose(): Promise<void> {
    for (const engine of this.engines.values()) (await engine.catch(() => undefined))?.dispose();
    this.engines.clear();
    await this.converter?.dispose();
    this.converter = undefined;
  }
}
