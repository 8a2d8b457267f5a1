/**
 * The server's render side: the render threads (pool.ts) for synchronous renders and jobs, and
 * the job queue. The queue is the embedded one on PGlite (always working, resuming unfinished
 * jobs at start) and pg-boss on PostgreSQL (started when the first job is queued, or at start
 * when the server takes jobs itself).
 */
import type { Database } from '../db';
import type { FetchPolicy } from './fetchPolicy';
import type { RenderPoolConfig } from './pool';
import { inProcessQueue, type JobEvents, pgBossOptionsFromEnv, pgBossQueue, type RenderQueue } from './queue';
import { type Renderer, threadedRenderer } from './renderer';
import type { RenderRequest } from './renderFile';

interface RenderServiceOptions {
  fetchPolicy: FetchPolicy;
  pool: RenderPoolConfig;
  /** PostgreSQL only: this process takes render jobs too (PGlite always does). */
  workInServer: boolean;
  events?: JobEvents;
  /** Tests: the render threads' entry module (threadProtocol.ts). */
  threadEntry?: URL;
}

export class RenderService {
  readonly renderer: Renderer;
  private queuePromise: Promise<RenderQueue> | undefined;

  constructor(
    private readonly db: Database,
    private readonly options: RenderServiceOptions,
  ) {
    this.renderer = threadedRenderer(options.fetchPolicy, options.pool, options.threadEntry);
  }

  /** A render answered to the request that asked: refused with RenderQueueFull when too many wait. */
  render(request: RenderRequest) {
    return this.renderer.render(request);
  }

  async start(): Promise<void> {
    if (this.db.kind === 'pglite' || this.options.workInServer) await this.queue();
  }

  queue(): Promise<RenderQueue> {
    // A queue that failed to open (the database was away) is tried again by the next job, not cached.
    this.queuePromise ??= this.open().catch((error) => {
      this.queuePromise = undefined;
      throw error;
    });
    return this.queuePromise;
  }

  private open(): Promise<RenderQueue> {
    const connection = this.db.connection;
    if (this.db.kind === 'pglite' || !connection) return inProcessQueue(this.db, this.renderer, this.options.events);
    const options = pgBossOptionsFromEnv(connection.url, connection.schema);
    return pgBossQueue({
      ...options,
      ...(this.options.workInServer
        ? { work: { sql: this.db, renderer: this.renderer, events: this.options.events } }
        : {}),
    });
  }

  async close(): Promise<void> {
    if (this.queuePromise) await (await this.queuePromise.catch(() => undefined))?.close();
    await this.renderer.close();
  }
}
