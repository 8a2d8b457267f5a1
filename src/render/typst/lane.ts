/**
 * A compile lane: compiles run one at a time on an engine that is replaced once its memory passes a
 * budget. The Typst web compiler never frees WebAssembly memory and wasm-bindgen keeps one instance
 * per JavaScript realm, so a replacement is a fresh engine in a worker of its own (see
 * workers/compile-host.ts) and the spent one is disposed, which ends that worker. The next engine is
 * started at three quarters of the budget, so a move does not wait for it.
 *
 * Used by long documents' chunks (../chunk-lanes.ts) and by RecyclingTypstEngine (a batch's or a
 * server's engine whose memory stays flat however many documents it compiles).
 */
import { isQuireError } from '../../core/errors';
import type { TypstEngine } from './engine';

/** Share of the budget at which the lane's next engine is started, so it is ready at the move. */
const PREWARM_AT = 0.75;

export class Lane {
  private engine: Promise<TypstEngine>;
  private next: Promise<TypstEngine> | undefined;
  /** Compiles queued on this lane, so a move waits for the compiles still running on it. */
  private tail: Promise<unknown> = Promise.resolve();
  private readonly owned = new Set<Promise<TypstEngine>>();
  /** The current engine failed: the next compile starts a fresh one. */
  private failed = false;
  /** Fresh engines started by this lane (the tests and the recycling engine's callers read it). */
  started = 0;

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
      if (this.failed) {
        // Started only now, when a compile needs it: a worker that cannot start is not retried in a loop.
        this.failed = false;
        this.moveTo(this.next ?? this.start());
        this.next = undefined;
      }
      const engineOf = this.engine;
      const engine = await engineOf.catch((error: unknown) => {
        // A compiler that could not start (or died) fails this compile only: the next one gets a
        // fresh start instead of the same rejection forever.
        if (this.fresh && this.engine === engineOf) this.replaceFailed();
        throw error;
      });
      let value: T;
      try {
        value = await compile(engine);
      } catch (error) {
        // A worker that died under this compile is not asked for its memory: it is replaced.
        if (this.fresh && isQuireError(error) && error.errorName === 'WorkerUnavailable') {
          if (this.engine === engineOf) this.replaceFailed();
          throw error;
        }
        await this.afterCompile(engine);
        throw error;
      }
      await this.afterCompile(engine);
      return value;
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

  /** Memory of the engine the next compile runs on. */
  async memoryBytes(): Promise<number> {
    const engine = await this.engine;
    return engine.memoryBytes ? engine.memoryBytes() : 0;
  }

  /** Starts a fresh engine now (before it is needed), so the move does not wait for it. */
  prewarm(): void {
    if (this.fresh && !this.next) this.next = this.start();
  }

  private start(): Promise<TypstEngine> {
    this.started++;
    const engine = this.fresh!();
    engine.catch(() => undefined);
    this.owned.add(engine);
    return engine;
  }

  /** Gives up the current engine (it did not start, or its worker died); the next compile starts another. */
  private replaceFailed(): void {
    this.dispose(this.engine);
    this.failed = true;
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
