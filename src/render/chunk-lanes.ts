/**
 * The engines a long document's chunks compile on (render-pdf-chunks.ts). Two needs meet here:
 *
 * - **Bounded memory.** The web compiler's memo cache grows with every row laid out and is never
 *   freed (~110 MB per 1,000 invoice rows), so a lane moves to a fresh engine — a worker of its
 *   own, whose memory `dispose()` gives back — once its engine passes the budget. The next fresh
 *   engine is started in the background at three quarters of the budget, so a move costs nothing.
 * - **Two cores.** With fresh engines at hand, a second lane compiles the chunk after next while
 *   the first compiles the next one (the chunker predicts where it will start).
 *
 * The engine the document was given (the worker's warm one) compiles the first chunk only and is
 * never disposed here: its owner recycles it (workers/pool.ts). Without a fresh-engine factory
 * (the native engine frees its own memory) there is one lane, on the given engine.
 */
import type { TypstEngine } from './typst/engine';

/**
 * WebAssembly memory an engine may hold before its lane moves to a fresh one (about 1,700 invoice
 * rows). Two lanes at the budget, the engines started ahead of the moves (~60 MB each in a Node
 * worker thread) and the caller's own engine and view model stay under 1 GB.
 */
export const CHUNK_ENGINE_BUDGET_BYTES = 192 * 2 ** 20;

/** Share of the budget at which the lane's next engine is started, so it is ready at the move. */
const PREWARM_AT = 0.75;

export interface LaneOptions {
  freshEngine?: () => Promise<TypstEngine>;
  engineBudgetBytes?: number;
}

class Lane {
  private engine: Promise<TypstEngine>;
  private next: Promise<TypstEngine> | undefined;
  /** Compiles queued on this lane, so a move waits for the compiles still running on it. */
  private tail: Promise<unknown> = Promise.resolve();
  private readonly owned = new Set<Promise<TypstEngine>>();

  constructor(
    engine: Promise<TypstEngine>,
    owned: boolean,
    private readonly fresh: (() => Promise<TypstEngine>) | undefined,
    private readonly budget: number,
    /** The given engine moves after one chunk: it is the worker's, and keeps its memory. */
    private moveAfterOne: boolean,
  ) {
    this.engine = engine;
    if (owned) this.owned.add(engine);
    // A failed start is reported by the compile that needs it, not as an unhandled rejection.
    engine.catch(() => undefined);
  }

  /** Runs one compile on this lane's engine, then moves the lane if the engine passed its budget. */
  run<T>(compile: (engine: TypstEngine) => Promise<T>): Promise<T> {
    const result = this.tail.then(async () => {
      const engine = await this.engine;
      try {
        return await compile(engine);
      } finally {
        await this.afterCompile(engine);
      }
    });
    this.tail = result.catch(() => undefined);
    return result;
  }

  private async afterCompile(engine: TypstEngine): Promise<void> {
    if (!this.fresh) return;
    if (this.moveAfterOne) {
      this.moveAfterOne = false;
      this.moveTo(this.next ?? this.start());
      this.next = undefined;
      return;
    }
    const used = engine.memoryBytes ? await engine.memoryBytes() : 0;
    if (used >= this.budget) {
      const old = this.engine;
      this.moveTo(this.next ?? this.start());
      this.next = undefined;
      this.dispose(old);
    } else if (used >= this.budget * PREWARM_AT && !this.next) this.next = this.start();
  }

  /** Starts a fresh engine now (before it is needed), so the move does not wait for it. */
  prewarm(): void {
    if (this.fresh && !this.next) this.next = this.start();
  }

  private start(): Promise<TypstEngine> {
    const engine = this.fresh!();
    engine.catch(() => undefined);
    this.owned.add(engine);
    return engine;
  }

  private moveTo(engine: Promise<TypstEngine>): void {
    this.engine = engine;
  }

  private dispose(engine: Promise<TypstEngine>): void {
    if (!this.owned.delete(engine)) return;
    void engine.then(
      (e) => e.dispose(),
      () => undefined,
    );
  }

  /** Gives back every fresh engine of this lane once its last compile has settled. */
  async release(): Promise<void> {
    await this.tail;
    for (const engine of [...this.owned]) this.dispose(engine);
  }
}

/** One or two lanes: the first starts on the given engine, a second exists only with fresh engines. */
export class ChunkLanes {
  readonly lanes: Lane[];

  /** `parallel`: the document is long enough for a second lane to pay for its engine's start. */
  constructor(given: TypstEngine, options: LaneOptions, parallel: boolean) {
    const budget = options.engineBudgetBytes ?? CHUNK_ENGINE_BUDGET_BYTES;
    const fresh = options.freshEngine;
    this.lanes = [new Lane(Promise.resolve(given), false, fresh, budget, fresh !== undefined)];
    if (fresh) {
      this.lanes[0]!.prewarm();
      if (parallel) this.lanes.push(new Lane(fresh(), true, fresh, budget, false));
    }
  }

  async release(): Promise<void> {
    await Promise.all(this.lanes.map((lane) => lane.release()));
  }
}
