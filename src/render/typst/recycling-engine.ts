/**
 * A WASM Typst engine whose memory stays flat however many documents it compiles: its compiles run
 * on a fresh compiler in a worker of its own, replaced once past a budget (lane.ts). For the CLI's
 * batches and the server, which would otherwise keep one web compiler growing ~1 MB per distinct
 * document until WebAssembly's 4 GB ceiling.
 */
import type { CompileJob, TypstEngine } from './engine';
import { Lane } from './lane';

/** A compiler past this is replaced before its next compile. */
export const RECYCLE_BUDGET_BYTES = 512 * 2 ** 20;

export class RecyclingTypstEngine implements TypstEngine {
  readonly kind = 'wasm' as const;
  compiled = 0;
  private readonly lane: Lane;

  constructor(freshEngine: () => Promise<TypstEngine>, budgetBytes = RECYCLE_BUDGET_BYTES) {
    this.lane = new Lane(freshEngine(), true, freshEngine, budgetBytes, false);
  }

  async compilePdf(job: CompileJob): Promise<Uint8Array> {
    const pdf = await this.lane.run((engine) => engine.compilePdf(job));
    this.compiled++;
    return pdf;
  }

  async compileWithQuery(job: CompileJob, selector: string): Promise<{ pdf: Uint8Array; found: unknown[] }> {
    const result = await this.lane.run((engine) => engine.compileWithQuery(job, selector));
    this.compiled++;
    return result;
  }

  memoryBytes(): Promise<number> {
    return this.lane.memoryBytes();
  }

  /** The compilers started so far (the first and every replacement). */
  get started(): number {
    return 1 + this.lane.started;
  }

  dispose(): void {
    void this.lane.release();
  }
}
