/**
 * Where render jobs wait. With the embedded database (PGlite, one process) they run in the server
 * process, one at a time. On PostgreSQL they go through pg-boss: any number of `npm run
 * render-worker` processes with the same DATABASE_URL take them (and the server too, unless told
 * not to). pg-boss hands a job to one worker; a worker that dies leaves its job active until it
 * expires, then pg-boss retries it elsewhere. `runJob` stores each job's file once.
 */
import PgBoss from 'pg-boss';
import type { Sql } from '../db';
import { runJob, unfinishedJobs } from './jobs';
import type { Renderer } from './renderer';

const RENDER_QUEUE = 'quire-render';

export interface RenderQueue {
  readonly kind: 'in-process' | 'pg-boss';
  enqueue(jobId: string): Promise<void>;
  close(): Promise<void>;
}

export interface JobEvents {
  /** Called after each job a process ran (logs, tests, the benchmark). */
  onJob?: (jobId: string, outcome: 'done' | 'failed' | 'skipped' | 'error') => void;
  onStart?: (jobId: string) => void;
}

/** Embedded database: one chain of jobs in this process; unfinished jobs of a previous run resume. */
export async function inProcessQueue(sql: Sql, renderer: Renderer, events: JobEvents = {}): Promise<RenderQueue> {
  let chain: Promise<void> = Promise.resolve();
  let closed = false;
  const enqueue = async (jobId: string) => {
    chain = chain.then(async () => {
      if (closed) return;
      events.onStart?.(jobId);
      try {
        // Not inside `onJob?.(…)`: an optional call skips its arguments when there is no hook.
        const outcome = await runJob(sql, jobId, renderer);
        events.onJob?.(jobId, outcome);
      } catch (error) {
        // Uncatalogued (the database closed under it): the row stays queued/running and resumes next start.
        console.error('[quire-render] job', jobId, error);
        events.onJob?.(jobId, 'error');
      }
    });
  };
  for (const jobId of await unfinishedJobs(sql)) await enqueue(jobId);
  return {
    kind: 'in-process',
    enqueue,
    async close() {
      closed = true;
      await chain;
    },
  };
}

interface PgBossOptions {
  url: string;
  /** pg-boss's own schema (tests give each run one). */
  schema: string;
  /** Seconds a job may stay active before it is taken as lost (its worker died) and retried. */
  expireInSeconds: number;
  /** How often expired jobs are looked for. */
  maintenanceIntervalSeconds: number;
  retryLimit: number;
  /** Take jobs in this process too (render workers; the server unless QUIRE_SERVER_RENDER_JOBS=0). */
  work?: { sql: Sql; renderer: Renderer; events?: JobEvents; pollingIntervalSeconds?: number };
}

export function pgBossOptionsFromEnv(url: string, schema: string | undefined, env = process.env): PgBossOptions {
  const number = (value: string | undefined, fallback: number) =>
    value && Number.isFinite(Number(value)) && Number(value) >= 1 ? Number(value) : fallback;
  return {
    url,
    schema: schema ? `${schema}_boss` : 'pgboss',
    expireInSeconds: number(env.QUIRE_RENDER_JOB_EXPIRE_SECONDS, 120),
    maintenanceIntervalSeconds: number(env.QUIRE_RENDER_MAINTENANCE_SECONDS, 30),
    retryLimit: 3,
  };
}

/**
 * Opens the queue. Processes started at the same moment may collide while pg-boss installs its
 * schema (PostgreSQL reports a deadlock to one of them): that one waits a moment and tries again.
 */
export async function pgBossQueue(options: PgBossOptions): Promise<RenderQueue> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await openPgBossQueue(options);
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt + Math.random() * 300));
    }
  }
}

async function openPgBossQueue(options: PgBossOptions): Promise<RenderQueue> {
  const boss = new PgBoss({
    connectionString: options.url,
    schema: options.schema,
    max: 4,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds,
    // Job history is kept a day; the files themselves live in render_jobs.
    deleteAfterDays: 1,
  });
  boss.on('error', (error) => console.error('[quire-render] queue', error));
  try {
    await boss.start();
  } catch (error) {
    await boss.stop({ graceful: false, wait: false }).catch(() => {});
    throw error;
  }
  // Several processes may start at once: creating an existing queue is a no-op.
  if (!(await boss.getQueue(RENDER_QUEUE)))
    await boss
      .createQueue(RENDER_QUEUE, {
        name: RENDER_QUEUE,
        retryLimit: options.retryLimit,
        retryDelay: 1,
        expireInSeconds: options.expireInSeconds,
      })
      .catch(async (error) => {
        if (!(await boss.getQueue(RENDER_QUEUE))) throw error;
      });
  const work = options.work;
  if (work) {
    let workerId: string | undefined;
    workerId = await boss.work<{ jobId: string }>(
      RENDER_QUEUE,
      { batchSize: 1, pollingIntervalSeconds: work.pollingIntervalSeconds ?? 0.5 },
      async ([job]) => {
        if (!job) return;
        work.events?.onStart?.(job.data.jobId);
        try {
          const outcome = await runJob(work.sql, job.data.jobId, work.renderer);
          work.events?.onJob?.(job.data.jobId, outcome);
        } catch (error) {
          work.events?.onJob?.(job.data.jobId, 'error');
          throw error;
        } finally {
          // After a job, look for the next one at once: the polling pause is for an empty queue only.
          if (workerId) boss.notifyWorker(workerId);
        }
      },
    );
  }
  return {
    kind: 'pg-boss',
    async enqueue(jobId) {
      await boss.send(
        RENDER_QUEUE,
        { jobId },
        { retryLimit: options.retryLimit, expireInSeconds: options.expireInSeconds },
      );
    },
    async close() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
