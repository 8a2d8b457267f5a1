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
import { Lane } from './typst/lane';

/**
 * WebAssembly memory an engine may hold before its lane moves to a fresh one (about 1,700 invoice
 * rows). Two lanes at the budget, the engines started ahead of the moves (~60 MB each in a Node
 * worker thread) and the caller's own engine and view model stay under 1 GB.
 */
const CHUNK_ENGINE_BUDGET_BYTES = 192 * 2 ** 20;

export interface LaneOptions {
  freshEngine?: () => Promise<TypstEngine>;
  engineBudgetBytes?: number;
}

/** One or two lanes: the first starts on the given engine, a second exists only with fresh engines. */
export class ChunkLanes {
  readonly lanes: Lane[];

  /** `parallel`: the document is long enough for a second lane to pay for its engine's start. */
  constructor(given: TypstEngine, options: LaneOptions, parallel: boolean) {
    const budget = options.engineBudgetBytes ?? CHUNK_ENGINE_BUDGET_BYTES;
    const fresh = options.freshEngine;
    // A WASM engine leaves the first lane after one chunk (it keeps the memory it took); a native
    // one frees its own and stays, unless a second lane runs: then both lanes compile in worker
    // threads, leaving the main thread to join pages (the native compile blocks its thread).
    const move = fresh !== undefined && (given.kind === 'wasm' || parallel);
    this.lanes = [new Lane(Promise.resolve(given), false, move ? fresh : undefined, budget, move)];
    if (fresh) {
      if (move) this.lanes[0]!.prewarm();
      if (parallel) this.lanes.push(new Lane(fresh(), true, fresh, budget, false));
    }
  }

  async release(): Promise<void> {
    await Promise.all(this.lanes.map((lane) => lane.release()));
  }
}
