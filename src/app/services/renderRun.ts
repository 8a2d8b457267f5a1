/**
 * The render-run state machine (issue 25 item 7): one document rendered for a screen — the preview
 * screen, the editor's live preview, a host's document, the canvas designer's preview — with its
 * status, its stage, the last file it made, cancel and retry. Plain TypeScript (no React), so a test
 * drives it step by step; `useRenderRun` is the React face of it.
 *
 * Rules every screen used to write by hand, kept here once:
 * - One run at a time. Starting another abandons the one running: its signal aborts and whatever it
 *   reports later (a stage, a file, an error) is ignored.
 * - What was shown stays shown while the next run works (`shown`), so a page does not flash blank
 *   between two edits; a screen may dim it meanwhile.
 * - Cancel is the user's: the run aborts and the state says "cancelled" at once, whatever the job
 *   throws afterwards. Retry starts the last job again.
 * - A failure after the run (drawing the file) is reported with `fail` and ends in "error" too.
 */

/** Where a run is: reading its data, waiting for a worker, resolving, typesetting, drawing. */
export type RenderStage = 'loading' | 'queued' | 'resolve' | 'compile' | 'draw';

export type RenderRunState<R> =
  | { status: 'idle'; shown: R | undefined }
  | { status: 'rendering'; stage: RenderStage; shown: R | undefined }
  | { status: 'ready'; ms: number; shown: R }
  | { status: 'cancelled'; shown: R | undefined }
  | { status: 'error'; error: unknown; shown: R | undefined };

/** What a job is handed: the signal that says it was abandoned, and where to report its stage. */
export interface RunContext {
  signal: AbortSignal;
  stage(stage: RenderStage): void;
}

/** One render: reads its data, renders (and perhaps draws) and gives what the screen shows. */
type RenderJob<R> = (run: RunContext) => Promise<R>;

export interface RenderRunOptions {
  /** The clock the "rendered in … ms" figure is measured with. */
  now?: () => number;
  /** The stage a run starts in (the preview screen starts by reading its data). */
  firstStage?: RenderStage;
}

/** The job running now; abandoned by aborting its controller. */
interface Running {
  abort: AbortController;
}

export class RenderRun<R> {
  #state: RenderRunState<R> = { status: 'idle', shown: undefined };
  #listeners = new Set<() => void>();
  #running: Running | undefined;
  #lastJob: RenderJob<R> | undefined;
  readonly #now: () => number;
  readonly #firstStage: RenderStage;

  constructor(options: RenderRunOptions = {}) {
    this.#now = options.now ?? (() => (typeof performance === 'undefined' ? Date.now() : performance.now()));
    this.#firstStage = options.firstStage ?? 'loading';
  }

  get state(): RenderRunState<R> {
    return this.#state;
  }

  /** Whether a run is working now. */
  get busy(): boolean {
    return this.#state.status === 'rendering';
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #set(next: RenderRunState<R>): void {
    this.#state = next;
    for (const listener of [...this.#listeners]) listener();
  }

  /** Aborts the running job without a word: what it reports later is ignored. */
  #abandon(): Running | undefined {
    const running = this.#running;
    this.#running = undefined;
    running?.abort.abort();
    return running;
  }

  /**
   * Runs a job, abandoning the one running. Resolves with the job's result once it is shown, or
   * undefined when it failed, was cancelled or was abandoned (never rejects: the state says why).
   */
  async start(job: RenderJob<R>): Promise<R | undefined> {
    this.#abandon();
    this.#lastJob = job;
    const running: Running = { abort: new AbortController() };
    this.#running = running;
    const current = () => this.#running === running && !running.abort.signal.aborted;
    const started = this.#now();
    this.#set({ status: 'rendering', stage: this.#firstStage, shown: this.#state.shown });
    const context: RunContext = {
      signal: running.abort.signal,
      stage: (stage) => {
        if (!current() || (this.#state.status === 'rendering' && this.#state.stage === stage)) return;
        this.#set({ status: 'rendering', stage, shown: this.#state.shown });
      },
    };
    try {
      const result = await job(context);
      if (!current()) return undefined;
      this.#running = undefined;
      this.#set({ status: 'ready', ms: Math.round(this.#now() - started), shown: result });
      return result;
    } catch (error) {
      // A cancelled run already says so; an abandoned one says nothing.
      if (!current()) return undefined;
      this.#running = undefined;
      this.#set({ status: 'error', error, shown: this.#state.shown });
      return undefined;
    }
  }

  /** The user stops the running job: "cancelled" at once; Retry starts it again. */
  cancel(): void {
    if (!this.#abandon()) return;
    this.#set({ status: 'cancelled', shown: this.#state.shown });
  }

  /** Starts the last job again (after an error or a cancel); nothing when none ran yet. */
  retry(): Promise<R | undefined> {
    const job = this.#lastJob;
    return job ? this.start(job) : Promise.resolve(undefined);
  }

  /** A failure after the run (drawing what it made): the state becomes that error. */
  fail(error: unknown): void {
    this.#abandon();
    this.#set({ status: 'error', error, shown: this.#state.shown });
  }

  /**
   * Nothing to render (the inputs went away, or will be replaced at once): the running job is
   * abandoned and the state is idle; `clear` also forgets what was shown.
   */
  reset({ clear = false }: { clear?: boolean } = {}): void {
    this.#abandon();
    this.#set({ status: 'idle', shown: clear ? undefined : this.#state.shown });
  }

  /** The screen closed: the running job is abandoned and no one is told any more. */
  dispose(): void {
    this.#abandon();
    this.#listeners.clear();
  }
}

/** The stage a busy state is in, if any (a screen's spinner text). */
export function stageOf(state: RenderRunState<unknown>): RenderStage | undefined {
  return state.status === 'rendering' ? state.stage : undefined;
}
