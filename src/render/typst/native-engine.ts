import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NodeCompiler } from '@myriaddreamin/typst-ts-node-compiler';
import { FONT_FILES, type FontGroup } from '../../../wasm/fonts';
import { fontPathsForGroup } from '../../../wasm/fonts-node';
import { QuireError } from '../../core/errors';
import { type CompileJob, SerialQueue, type TypstEngine } from './engine';
import { PROGRAM_FILES } from './program';

type FontSet = 'latin' | 'all';

/**
 * The native Typst compiler (Node only): the same program and view model as the WASM engine,
 * faster, and able to evict its cache so memory stays flat. For the CLI and servers.
 */
export class NativeTypstEngine implements TypstEngine {
  readonly kind = 'native' as const;
  compiled = 0;
  private readonly queue = new SerialQueue();
  private readonly workspace: string;
  /** One compiler with the Latin fonts, one with every group, each created on first need. */
  private readonly compilers = new Map<FontSet, NodeCompiler>();

  constructor() {
    // Shadow paths must be absolute under the workspace; an empty temp dir keeps reads inside it.
    this.workspace = mkdtempSync(join(tmpdir(), 'quire-typst-'));
  }

  /**
   * Reading the fonts is most of a compiler's start (all groups ~100 ms CPU, Latin ~35 ms: the CJK
   * files are large), so a document whose text needs Latin only — most of them, and the CLI's one
   * invoice — never loads the rest. Like the WASM engine, a compile sees the groups its job names.
   */
  private compilerFor(groups: readonly FontGroup[]): NodeCompiler {
    const set: FontSet = groups.every((g) => g === 'latin') ? 'latin' : 'all';
    let compiler = this.compilers.get(set);
    if (!compiler) {
      const names = set === 'latin' ? ['latin' as const] : [...new Set(FONT_FILES.map((f) => f.group))];
      compiler = NodeCompiler.create({
        workspace: this.workspace,
        fontArgs: [{ fontPaths: names.flatMap(fontPathsForGroup) }],
      });
      for (const [path, source] of Object.entries(PROGRAM_FILES)) compiler.addSource(this.abs(path), source);
      this.compilers.set(set, compiler);
    }
    return compiler;
  }

  private abs(path: string): string {
    return join(this.workspace, path);
  }

  compilePdf(job: CompileJob): Promise<Uint8Array> {
    return this.compileWithQuery(job).then((r) => r.pdf);
  }

  compileWithQuery(job: CompileJob, selector?: string): Promise<{ pdf: Uint8Array; found: unknown[] }> {
    return this.queue.run(async () => {
      const compiler = this.compilerFor(job.fontGroups);
      for (const [path, bytes] of Object.entries(job.files)) compiler.mapShadow(this.abs(path), Buffer.from(bytes));
      try {
        const result = compiler.compile({ mainFilePath: this.abs(job.main) });
        const error = result.takeError();
        if (error || !result.result) {
          const diags = error ? compiler.fetchDiagnostics(error) : [];
          throw new QuireError('TemplateRendererror', {
            detail: diags.map((d: { message?: string }) => d.message ?? String(d)).join('; ') || 'compile failed',
          });
        }
        const found = selector ? (compiler.query(result.result, { selector, field: 'value' }) as unknown[]) : [];
        const pdf = compiler.pdf(result.result);
        this.compiled++;
        return { pdf: new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength), found };
      } finally {
        for (const path of Object.keys(job.files)) compiler.unmapShadow(this.abs(path));
        if (this.compiled % 50 === 0) compiler.evictCache(10);
      }
    });
  }

  dispose(): void {
    for (const compiler of this.compilers.values()) compiler.evictCache(0);
    rmSync(this.workspace, { recursive: true, force: true });
  }
}
