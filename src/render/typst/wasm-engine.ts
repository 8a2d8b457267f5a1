import { createTypstCompiler, createTypstFontBuilder, loadFonts, type TypstCompiler } from '@myriaddreamin/typst.ts';
import type { FontGroup, FontGroupLoader } from '../../../wasm/fonts';
import { QuireError } from '../../core/errors';
import { type CompileJob, SerialQueue, type TypstEngine } from './engine';
import { PROGRAM_FILES } from './program';

interface WasmEngineOptions {
  /** The compiled Typst web compiler module (see wasm/typst-module.*). */
  loadModule: () => Promise<WebAssembly.Module>;
  loadFontGroup: FontGroupLoader;
}

interface Diagnostic {
  message?: string;
  path?: string;
  range?: string;
  severity?: string;
}

/** wasm-bindgen's init takes `{ module_or_path }`; a bare module works but logs a deprecation warning. */
function moduleRef(module: WebAssembly.Module): WebAssembly.Module {
  return { module_or_path: module } as unknown as WebAssembly.Module;
}

function diagnosticsText(diagnostics: unknown): string {
  if (!Array.isArray(diagnostics)) return String(diagnostics ?? 'unknown error');
  return diagnostics
    .filter((d: Diagnostic) => d.severity !== 'warning')
    .map((d: Diagnostic) => `${d.path ?? ''}:${d.range ?? ''} ${d.message ?? ''}`.trim())
    .join('; ');
}

/** The Typst web compiler (WASM): the engine of the browser worker, and the default in Node. */
export class WasmTypstEngine implements TypstEngine {
  readonly kind = 'wasm' as const;
  compiled = 0;
  private readonly queue = new SerialQueue();
  private readonly loadedGroups = new Set<FontGroup>();
  private readonly fontBytes: Uint8Array[] = [];
  private readonly mapped = new Set<string>();

  private constructor(
    private readonly compiler: TypstCompiler,
    private readonly options: WasmEngineOptions,
  ) {}

  static async create(options: WasmEngineOptions): Promise<WasmTypstEngine> {
    const module = await options.loadModule();
    const latin = await options.loadFontGroup('latin');
    const compiler = createTypstCompiler();
    await compiler.init({ getModule: () => moduleRef(module), beforeBuild: [loadFonts(latin, { assets: false })] });
    for (const [path, source] of Object.entries(PROGRAM_FILES)) compiler.addSource(path, source);
    const engine = new WasmTypstEngine(compiler, options);
    engine.loadedGroups.add('latin');
    engine.fontBytes.push(...latin);
    return engine;
  }

  compilePdf(job: CompileJob): Promise<Uint8Array> {
    return this.compileWithQuery(job).then((r) => r.pdf);
  }

  compileWithQuery(job: CompileJob, selector?: string): Promise<{ pdf: Uint8Array; found: unknown[] }> {
    return this.queue.run(async () => {
      await this.ensureFonts(job.fontGroups);
      for (const path of this.mapped) if (!(path in job.files)) this.compiler.unmapShadow(path);
      this.mapped.clear();
      for (const [path, bytes] of Object.entries(job.files)) {
        this.compiler.mapShadow(path, bytes);
        this.mapped.add(path);
      }
      // A world per compile, freed after: `compiler.compile` leaves its snapshot to the GC, which
      // holds the previous document's layout in linear memory longer than needed.
      const outcome = await this.compiler.runWithWorld({ mainFilePath: job.main }, async (world) => {
        try {
          const compiled = await world.compile({ diagnostics: 'full' });
          if (compiled.hasError) return { error: diagnosticsText(compiled.diagnostics) };
          const found = selector ? ((await world.query({ selector, field: 'value' })) as unknown[]) : [];
          const pdf = await world.pdf({ diagnostics: 'full' });
          if (!pdf.result || hasErrors(pdf.diagnostics)) return { error: diagnosticsText(pdf.diagnostics) };
          return { pdf: pdf.result, found };
        } catch (error) {
          return { error: error instanceof Error ? error.message : diagnosticsText(error) };
        }
      });
      this.compiled++;
      if ('error' in outcome) throw new QuireError('TemplateRendererror', { detail: outcome.error });
      return outcome;
    });
  }

  /** Adds font groups on first need: the resolver is rebuilt with every font loaded so far. */
  private async ensureFonts(groups: readonly FontGroup[]): Promise<void> {
    const missing = groups.filter((g) => !this.loadedGroups.has(g));
    if (missing.length === 0) return;
    for (const group of missing) {
      this.fontBytes.push(...(await this.options.loadFontGroup(group)));
      this.loadedGroups.add(group);
    }
    const module = await this.options.loadModule();
    const builder = createTypstFontBuilder();
    await builder.init({ getModule: () => moduleRef(module), beforeBuild: [] });
    for (const bytes of this.fontBytes) await builder.addFontData(bytes);
    await builder.build(async (resolver) => this.compiler.setFonts(resolver));
  }

  /** Bytes of the compiler's linear memory: it only grows, so callers recycle on a budget. */
  async memoryBytes(): Promise<number> {
    // The wasm-bindgen init returns the already-instantiated exports on every later call.
    const init = (await import('@myriaddreamin/typst-ts-web-compiler')).default as unknown as () => Promise<{
      memory?: WebAssembly.Memory;
    }>;
    const exports = await init();
    return exports.memory?.buffer.byteLength ?? 0;
  }

  dispose(): void {
    this.mapped.clear();
  }
}

function hasErrors(diagnostics: unknown): boolean {
  return Array.isArray(diagnostics) && diagnostics.some((d: Diagnostic) => d.severity === 'error');
}
