/**
 * The server's render threads: every render — synchronous answers and jobs alike — runs in one of
 * a few worker threads, so the thread that answers requests (and `/api/health`) never typesets.
 * Each render has a time limit (the spec's 120 s PDF time-out): past it its thread is ended and
 * replaced, and the render fails with RenderTimedOut. Each thread's heap is capped: a thread that
 * runs out mid-render ends, its render fails with RenderOutOfMemory and a new thread takes the next
 * one; a thread holding most of its cap after a render is replaced before the next. At most
 * `queueLimit` renders wait for a thread; past that a request is refused with RenderQueueFull (503
 * with Retry-After) rather than waiting without end. Jobs from the job queue wait regardless:
 * their queue already bounds them.
 */
import type { Worker } from 'node:worker_threads';
import { spawnTsWorker } from '../../../workers/node-endpoint';
import { QuireError, quireErrorFromJSON } from '../../core/errors';
import type { FilledFile, RenderRequest } from './renderFile';
import type { RenderThreadData, ThreadAnswer } from './threadProtocol';

export interface RenderPoolConfig {
  /** Render threads, so at most this many renders at once. */
  threads: number;
  /** Renders that may wait for a free thread; one more is refused (RenderQueueFull). */
  queueLimit: number;
  /** A render still running after this is stopped (RenderTimedOut). */
  timeoutMs: number;
  /** Heap one render thread may hold, in MB (V8's old generation); past it: RenderOutOfMemory. */
  memoryMb: number;
}

/**
 * 4 GB of heap per thread: about what Node gives its main thread, where renders ran before. With 1 GB
 * a 0.9 MB instance of 3,000 invoice lines took 39 s instead of 13 s (the collector ran near the cap).
 */
export const DEFAULT_RENDER_POOL: RenderPoolConfig = { threads: 2, queueLimit: 16, timeoutMs: 120_000, memoryMb: 4096 };

/** After a render, a thread holding more than this share of its cap is replaced before the next. */
const RETIRE_SHARE = 0.6;

export interface PoolStats {
  threads: number;
  busy: number;
  waiting: number;
  queueLimit: number;
}

interface Pending {
  id: number;
  request: RenderRequest;
  resolve: (filled: FilledFile) => void;
  reject: (error: unknown) => void;
  timer?: NodeJS.Timeout;
}

interface Thread {
  worker: Worker;
  /** The thread listens (its first message): time limits count from then. */
  ready: boolean;
  busy?: Pending;
  /** Why the thread failed, when it did (Node reports running out of heap as an `error` first). */
  error?: unknown;
}

export class RenderPool {
  private readonly threads = new Set<Thread>();
  private readonly waiting: Pending[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    readonly config: RenderPoolConfig,
    private readonly data: RenderThreadData,
    /** The thread's entry module (tests give one of their own; the protocol is threadProtocol.ts). */
    private readonly entry = new URL('./renderThread.ts', import.meta.url),
  ) {}

  /**
   * Fills one request on a render thread. `wait`: queue however many wait already (jobs); else
   * RenderQueueFull when `queueLimit` renders are waiting.
   */
  fill(request: RenderRequest, options: { wait?: boolean } = {}): Promise<FilledFile> {
    if (this.closed) return Promise.reject(new QuireError('WorkerUnavailable', { detail: 'the server is stopping' }));
    if (!options.wait && this.waiting.length >= this.config.queueLimit && !this.hasRoom())
      return Promise.reject(
        new QuireError('RenderQueueFull', { detail: `${this.waiting.length} renders are waiting for a thread` }),
      );
    return new Promise<FilledFile>((resolve, reject) => {
      this.waiting.push({ id: this.nextId++, request, resolve, reject });
      this.pump();
    });
  }

  stats(): PoolStats {
    let busy = 0;
    for (const thread of this.threads) if (thread.busy) busy++;
    return { threads: this.threads.size, busy, waiting: this.waiting.length, queueLimit: this.config.queueLimit };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.waiting.splice(0))
      pending.reject(new QuireError('WorkerUnavailable', { detail: 'the server is stopping' }));
    await Promise.all([...this.threads].map((thread) => this.retire(thread)));
  }

  private hasRoom(): boolean {
    if (this.threads.size < this.config.threads) return true;
    for (const thread of this.threads) if (!thread.busy) return true;
    return false;
  }

  private pump(): void {
    while (this.waiting.length > 0 && !this.closed) {
      let idle: Thread | undefined;
      for (const thread of this.threads)
        if (!thread.busy) {
          idle = thread;
          break;
        }
      if (!idle && this.threads.size < this.config.threads) idle = this.spawn();
      if (!idle) return;
      const pending = this.waiting.shift() as Pending;
      this.run(idle, pending);
    }
  }

  private spawn(): Thread {
    const worker = spawnTsWorker(this.entry, this.data, { maxOldGenerationSizeMb: this.config.memoryMb });
    const thread: Thread = { worker, ready: false };
    this.threads.add(thread);
    worker.on('message', (answer: ThreadAnswer) => this.answered(thread, answer));
    // Listened to, or a thread's failure would end the server.
    worker.on('error', (error) => {
      thread.error = error;
    });
    worker.once('exit', (exitCode) => this.exited(thread, exitCode));
    return thread;
  }

  private run(thread: Thread, pending: Pending): void {
    thread.busy = pending;
    if (thread.ready) this.startClock(thread, pending);
    try {
      thread.worker.postMessage({ id: pending.id, request: pending.request });
    } catch (error) {
      // A request that cannot be copied to the thread (it never should: requests are plain data).
      this.settle(thread, (p) => p.reject(error));
      this.pump();
    }
  }

  private startClock(thread: Thread, pending: Pending): void {
    pending.timer = setTimeout(() => {
      const seconds = Math.round(this.config.timeoutMs / 100) / 10;
      this.settle(thread, (p) =>
        p.reject(new QuireError('RenderTimedOut', { detail: `stopped after ${seconds} s`, params: { seconds } })),
      );
      // The thread may be stuck in a loop that never yields: only ending it stops the render.
      void this.retire(thread);
    }, this.config.timeoutMs);
  }

  /** Ends the thread's current render with `outcome` (once) and frees the thread. */
  private settle(thread: Thread, outcome: (pending: Pending) => void): void {
    const pending = thread.busy;
    if (!pending) return;
    thread.busy = undefined;
    clearTimeout(pending.timer);
    outcome(pending);
  }

  private answered(thread: Thread, answer: ThreadAnswer): void {
    if ('ready' in answer) {
      thread.ready = true;
      if (thread.busy) this.startClock(thread, thread.busy);
      return;
    }
    if (thread.busy?.id !== answer.id) return;
    if (answer.heapBytes > this.config.memoryMb * 1024 * 1024 * RETIRE_SHARE) void this.retire(thread);
    this.settle(thread, (pending) => {
      if ('filled' in answer) pending.resolve(answer.filled);
      else if (answer.catalogued) pending.reject(quireErrorFromJSON(answer.error));
      else pending.reject(new Error(`render thread failed: ${answer.error.message}`));
    });
    this.pump();
  }

  private exited(thread: Thread, exitCode: number): void {
    this.threads.delete(thread);
    const outOfMemory = (thread.error as { code?: string } | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
    this.settle(thread, (pending) =>
      pending.reject(
        outOfMemory
          ? new QuireError('RenderOutOfMemory', {
              detail: `past ${this.config.memoryMb} MB`,
              params: { megabytes: this.config.memoryMb },
            })
          : new QuireError('WorkerUnavailable', {
              detail:
                thread.error instanceof Error ? thread.error.message : `the render thread exited (code ${exitCode})`,
              cause: thread.error,
            }),
      ),
    );
    this.pump();
  }

  /** Takes a thread out of use and ends it (its render, if any, was settled by the caller). */
  private async retire(thread: Thread): Promise<void> {
    this.threads.delete(thread);
    await thread.worker.terminate();
  }
}
