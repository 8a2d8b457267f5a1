import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NodeCompiler } from '@myriaddreamin/typst-ts-node-compiler';
import { FONT_FILES } from '../../../wasm/fonts';
import { fontPathsForGroup } from '../../../wasm/fonts-node';
import { QuireError } from '../../core/errors';
import { type CompileJob, SerialQueue, type TypstEngine } from './engine';
import { PROGRAM_FILES } from './program';

/**
 * The native Typst compiler (Node only): the same program and view model as the WASM engine,
 * faster, and able to evict its cache so memory stays flat. For the CLI and servers.
 */
export class NativeTypstEngine implements TypstEngine {
  readonly kind = 'native' as const;
  compiled = 0;
  private readonly queue = new SerialQueue();
  private readonly workspace: string;
  private readonly compiler: NodeCompiler;

  constructor() {
    // Shadow paths must be absolute under the workspace; an empty temp dir keeps reads inside it.
    this.workspace = mkdtempSync(join(tmpdir(), 'quire-typst-'));
    const groups = [...new Set(FONT_FILES.map((f) => f.group))];
    this.compiler = NodeCompiler.create({
      workspace: this.workspace,
      fontArgs: [{ fontPaths: groups.flatMap(fontPathsForGroup) }],
    });
    for (const [path, source] of Object.entries(PROGRAM_FILES)) this.compiler.addSource(this.abs(path), source);
  }

  private abs(path: string): string {
    return join(this.workspace, path);
  }

  compilePdf(job: CompileJob): Promise<Uint8Array> {
    return this.compileWithQuery(job).then((r) => r.pdf);
  }

  compileWithQuery(job: CompileJob, selector?: string): Promise<{ pdf: Uint8Array; found: unknown[] }> {
    return this.queue.run(async () => {
      for (const [path, bytes] of Object.entries(job.files))
        this.compiler.mapShadow(this.abs(path), Buffer.from(bytes));
      try {
        const result = this.compiler.compile({ mainFilePath: this.abs(job.main) });
        const error = result.takeError();
        if (error || !result.result) {
          const diags = error ? this.compiler.fetchDiagnostics(error) : [];
          throw new QuireError('TemplateRendererror', {
            detail: diags.map((d: { message?: string }) => d.message ?? String(d)).join('; ') || 'compile failed',
          });
        }
        const found = selector ? (this.compiler.query(result.result, { selector, field: 'value' }) as unknown[]) : [];
        const pdf = this.compiler.pdf(result.result);
        this.compiled++;
        return { pdf: new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength), found };
      } finally {
        for (const path of Object.keys(job.files)) this.compiler.unmapShadow(this.abs(path));
        if (this.compiled % 50 === 0) this.compiler.evictCache(10);
      }
    });
  }

  dispose(): void {
    this.compiler.evictCache(0);
    rmSync(this.workspace, { recursive: true, force: true });
  }
}
