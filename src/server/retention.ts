/**
 * What the server keeps, and for how long (#33 item 3): a render job's file and row for
 * `renderResultTtlMs` after it finished (default 24 h); a session until it expires; a password
 * reset link until it is used or expires; an invitation link until it is revoked or expires; an
 * instance for `instanceTtlMs` after it was created when the server sets one (QUIRE_INSTANCE_DAYS;
 * default: kept until deleted) — never while a render of it is queued or running.
 * `purgeExpired` deletes exactly what is due; the server runs it every `retentionIntervalMs` on a
 * timer (both databases: the DELETEs are idempotent, so several processes on one PostgreSQL may
 * each run it).
 */
import type { Sql } from './db';

interface Purged {
  renderJobs: number;
  sessions: number;
  passwordResets: number;
  invitations: number;
  instances: number;
}

/** `instanceTtlMs` null: instances are kept until deleted (`DELETE …/instances/{id}`). */
export async function purgeExpired(
  sql: Sql,
  renderResultTtlMs: number,
  instanceTtlMs: number | null = null,
): Promise<Purged> {
  const count = async (text: string, values: unknown[] = []) => (await sql.query(`${text} RETURNING 1`, values)).length;
  return {
    renderJobs: await count(
      `DELETE FROM render_jobs WHERE status IN ('done', 'failed')
         AND finished_at < now() - ($1::bigint * interval '1 millisecond')`,
      [renderResultTtlMs],
    ),
    sessions: await count('DELETE FROM sessions WHERE expires_at < now()'),
    passwordResets: await count('DELETE FROM password_resets WHERE used_at IS NOT NULL OR expires_at < now()'),
    invitations: await count('DELETE FROM team_invitations WHERE revoked_at IS NOT NULL OR expires_at < now()'),
    // Its finished jobs go with it (ON DELETE CASCADE); one still queued or running keeps it for the next run.
    instances:
      instanceTtlMs === null
        ? 0
        : await count(
            `DELETE FROM doc_instances i WHERE i.created_at < now() - ($1::bigint * interval '1 millisecond')
               AND NOT EXISTS (SELECT 1 FROM render_jobs j WHERE j.instance_id = i.id AND j.status IN ('queued', 'running'))`,
            [instanceTtlMs],
          ),
  };
}

/** Runs `purgeExpired` now and then every `intervalMs`; never keeps the process alive; stop() ends it. */
export function scheduleRetention(
  sql: Sql,
  renderResultTtlMs: number,
  intervalMs: number,
  instanceTtlMs: number | null = null,
): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(async () => {
      try {
        const purged = await purgeExpired(sql, renderResultTtlMs, instanceTtlMs);
        const total = Object.values(purged).reduce((a, b) => a + b, 0);
        if (total > 0) console.log(`[quire-server] retention: deleted ${JSON.stringify(purged)}`);
      } catch (error) {
        // The database away for a moment: the next run tries again.
        console.error('[quire-server] retention run failed:', error);
      }
    });
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  run();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
