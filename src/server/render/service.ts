/**
 * The server's render side: one warm environment for synchronous renders and the job queue for
 * the rest. The queue is the embedded one on PGlite (always working, resuming unfinished jobs at
 * start) and pg-boss on PostgreSQL (started when the first job is queued, or at start when the
 * server takes jobs itself).
 */
import type { Database } from '../db';
import type { FetchPolicy } from './fetchPolicy';
import { inProcessQueue, type JobEvents, pgBossOptionsFromEnv, pgBossQueue, type RenderQueue } from './queue';
import { RenderEnvironment } from './renderFile';

export interface RenderServiceOptions {
  fetchPolicy: FetchPolicy;
  /** PostgreSQL only: this process takes render jobs too (PGlite always does). */
  workInServer: boolean;
  events?: JobEvents;
}

export class RenderService {
  readonly environment: RenderEnvironment;
  private queuePromise: Promise<RenderQueue> | undefined;

  constructor(
    private readonly db: Database,
    private readonly options: RenderServiceOptions,
  ) {
    this.environment = new RenderEnvironment(options.fetchPolicy);
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
    if (this.db.kind === 'pglite' || !connection) return inProcessQueue(this.db, this.environment, this.options.events);
    const options = pgBossOptionsFromEnv(connection.url, connection.schema);
    return pgBossQueue({
      ...options,
      ...(this.options.workInServer
        ? { work: { sql: this.db, environment: this.environment, events: this.options.events } }
        : {}),
    });
  }

  async close(): Promise<void> {
    if (this.queuePromise) await (await this.queuePromise.catch(() => undefined))?.close();
    await this.environment.dispose();
  }
}
