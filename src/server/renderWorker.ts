/**
 * `npm run render-worker`: a process that takes render jobs from the pg-boss queue on the
 * PostgreSQL named by DATABASE_URL and renders them with the server's pipeline. Start as many as
 * the machines allow; each takes one job at a time (`QUIRE_RENDER_CONCURRENCY` for more).
 * `QUIRE_DB_SCHEMA` names the schema (tests give each run its own). Logs one line per job.
 */
import { QuireError } from '../core/errors';
import { openDatabase } from './db';
import { fetchPolicyFromEnv } from './render/fetchPolicy';
import { DEFAULT_RENDER_POOL } from './render/pool';
import { pgBossOptionsFromEnv, pgBossQueue, type RenderQueue } from './render/queue';
import { renderPoolFromEnv, threadedRenderer } from './render/renderer';

async function startRenderWorker(env: NodeJS.ProcessEnv = process.env) {
  const url = env.DATABASE_URL;
  if (!url || !/^postgres(ql)?:\/\//.test(url))
    throw new QuireError('ArgumentRequired', {
      detail: 'DATABASE_URL=postgres://… is required: with the embedded database jobs run in the server process',
    });
  const schema = env.QUIRE_DB_SCHEMA || undefined;
  const db = await openDatabase({ url, schema });
  const concurrency = Math.max(1, Math.min(8, Number(env.QUIRE_RENDER_CONCURRENCY) || 1));
  // One render thread per job taken at once, each with the server's time limit and memory cap.
  const renderer = threadedRenderer(
    fetchPolicyFromEnv(env),
    renderPoolFromEnv(env, { ...DEFAULT_RENDER_POOL, threads: concurrency }),
  );
  const queues: RenderQueue[] = [];
  for (let i = 0; i < concurrency; i++)
    queues.push(
      await pgBossQueue({
        ...pgBossOptionsFromEnv(url, schema, env),
        work: {
          sql: db,
          renderer,
          events: {
            onStart: (jobId) => console.log(`start ${jobId}`),
            onJob: (jobId, outcome) => console.log(`${outcome} ${jobId}`),
          },
        },
      }),
    );
  console.log(`render worker ${process.pid} taking jobs (${concurrency} at a time)`);
  return {
    async close() {
      for (const queue of queues) await queue.close();
      await renderer.close();
      await db.close();
    },
  };
}

const isMain = process.argv[1]?.endsWith('renderWorker.ts');
if (isMain) {
  startRenderWorker().then(
    (worker) => {
      const stop = () => {
        worker.close().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    },
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
