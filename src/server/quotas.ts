/**
 * Per-team quotas (#33 item 2): what one team may use of a server it shares with others. Renders
 * per minute (sessions and keys alike), renders at once, instances (count and total JSON size) and
 * stored render results (bytes). Each refusal is a catalogued error naming the limit.
 *
 * Renders per minute count in the server's shared limit store (the database on PostgreSQL, so
 * several processes share one count); they bound how fast a team's queued jobs can grow. Renders
 * at once are this process's synchronous renders plus the team's jobs running anywhere (the
 * database); a synchronous render past that is refused. Jobs are not: they wait in the queue. Instance and file quotas read the
 * database; an instance is inserted with the team's row locked, so two racing creations cannot
 * both take the last place.
 */
import type { TeamQuotasDto } from '../api/contract';
import { BODY_CODE } from '../api/contract';
import type { ErrorName } from '../core/errors';
import type { Sql } from './db';
import { ApiError } from './envelope';
import type { LimitStore } from './rateLimit';
import { SlidingWindowLimiter } from './rateLimit';

export interface TeamQuotas {
  /** Renders (synchronous, jobs, public previews) a team may start per minute. */
  rendersPerMinute: number;
  /** Renders of a team running at once (synchronous renders and running jobs); one more synchronous render is refused. */
  concurrentRenders: number;
  /** Instances a team may keep. */
  instances: number;
  /** Total size of a team's instances' values (JSON bytes). */
  instanceBytes: number;
  /** Total size of a team's stored render results (job files) in bytes. */
  storedFileBytes: number;
}

const MB = 1024 * 1024;

export const DEFAULT_QUOTAS: TeamQuotas = {
  rendersPerMinute: 120,
  concurrentRenders: 4,
  instances: 100_000,
  instanceBytes: 1024 * MB,
  storedFileBytes: 2048 * MB,
};

/** `QUIRE_QUOTA_*` variables over the defaults; a value that is not a positive number is refused. */
export function quotasFromEnv(env: NodeJS.ProcessEnv, defaults: TeamQuotas = DEFAULT_QUOTAS): TeamQuotas {
  const read = (name: string, fallback: number, scale = 1) => {
    const text = env[name];
    if (text === undefined || text === '') return fallback;
    const value = Number(text);
    if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, not '${text}'`);
    return Math.round(value * scale);
  };
  return {
    rendersPerMinute: read('QUIRE_QUOTA_RENDERS_PER_MINUTE', defaults.rendersPerMinute),
    concurrentRenders: read('QUIRE_QUOTA_CONCURRENT_RENDERS', defaults.concurrentRenders),
    instances: read('QUIRE_QUOTA_INSTANCES', defaults.instances),
    instanceBytes: read('QUIRE_QUOTA_INSTANCE_MB', defaults.instanceBytes, MB),
    storedFileBytes: read('QUIRE_QUOTA_FILE_MB', defaults.storedFileBytes, MB),
  };
}

/** A size as people read it in the refusal's message: `512 KB`, `1.5 MB`, `2 GB`. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${Number(value.toFixed(value < 10 && unit > 0 ? 1 : 0))} ${units[unit]}`;
}

function refusal(status: 403 | 429, name: ErrorName, detail: string, limit: number | string) {
  const bodyCode = status === 429 ? BODY_CODE.tooManyAttempts : BODY_CODE.forbidden;
  return new ApiError(status, bodyCode, name, detail, { params: { limit } });
}

export class TeamQuotaGuard {
  private readonly perMinute: SlidingWindowLimiter;
  /** Synchronous renders running or waiting in this process, per team. */
  private readonly running = new Map<string, number>();

  constructor(
    private readonly sql: Sql,
    readonly limits: TeamQuotas,
    store: LimitStore,
    /** The minute's clock (tests move it on). */
    private readonly now: () => number = Date.now,
  ) {
    this.perMinute = new SlidingWindowLimiter('team-render', limits.rendersPerMinute, 60_000, store);
  }

  private async jobsRunning(teamId: string): Promise<number> {
    const [row] = await this.sql.query<{ n: number | string }>(
      `SELECT count(*) AS n FROM render_jobs WHERE team_id = $1 AND status = 'running'`,
      [teamId],
    );
    return Number(row?.n ?? 0);
  }

  /**
   * Counts one render against the team's minute and, for a synchronous render, checks its renders
   * at once. Answers a release to call when the render ends (a job calls it once queued).
   * `onRetry` receives the seconds to wait for a 429's `Retry-After`.
   */
  async startRender(
    teamId: string,
    onRetry: (seconds: number) => void,
    options: { synchronous: boolean } = { synchronous: true },
  ): Promise<() => void> {
    const inFlight = (this.running.get(teamId) ?? 0) + (await this.jobsRunning(teamId));
    if (options.synchronous && inFlight >= this.limits.concurrentRenders) {
      onRetry(5);
      throw refusal(
        429,
        'TeamConcurrentRenders',
        `${inFlight} renders of this team are running; the limit is ${this.limits.concurrentRenders}`,
        this.limits.concurrentRenders,
      );
    }
    const rate = await this.perMinute.take(teamId, this.now());
    if (!rate.allowed) {
      onRetry(rate.retryAfterSeconds);
      throw refusal(
        429,
        'TeamRenderRate',
        `this team may start ${this.limits.rendersPerMinute} renders a minute`,
        this.limits.rendersPerMinute,
      );
    }
    if (!options.synchronous) return () => {};
    this.running.set(teamId, (this.running.get(teamId) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.running.get(teamId) ?? 1) - 1;
      if (left > 0) this.running.set(teamId, left);
      else this.running.delete(teamId);
    };
  }

  /**
   * In the transaction that inserts an instance, before the insert: locks the team's row, so
   * racing creations of one team take turns and the count after each is exact.
   */
  async lockTeam(tx: Sql, teamId: string): Promise<void> {
    await tx.query('SELECT id FROM teams WHERE id = $1 FOR UPDATE', [teamId]);
  }

  /**
   * In the same transaction, after the insert: refuses (and so rolls back) when the team is past
   * its instance count or total size. Sizes are measured by the database, as stored.
   */
  async checkInstances(tx: Sql, teamId: string): Promise<void> {
    const usage = await instanceUsage(tx, teamId);
    if (usage.count > this.limits.instances)
      throw refusal(
        403,
        'TeamInstanceLimit',
        `this team keeps ${usage.count - 1} instances; the limit is ${this.limits.instances}`,
        this.limits.instances,
      );
    if (usage.bytes > this.limits.instanceBytes)
      throw refusal(
        403,
        'TeamInstanceSizeLimit',
        `this team's instances would take ${usage.bytes} bytes; the limit is ${this.limits.instanceBytes}`,
        formatBytes(this.limits.instanceBytes),
      );
  }

  /** Before a job is queued: refused when the team's stored results already fill its quota. */
  async checkStoredFiles(teamId: string): Promise<void> {
    const bytes = await storedFileBytes(this.sql, teamId);
    if (bytes >= this.limits.storedFileBytes)
      throw refusal(
        403,
        'TeamStorageLimit',
        `this team's stored render results take ${bytes} bytes; the limit is ${this.limits.storedFileBytes}`,
        formatBytes(this.limits.storedFileBytes),
      );
  }

  /** The limits and what the team uses now (the team's settings page). */
  async usage(teamId: string): Promise<TeamQuotasDto> {
    const instances = await instanceUsage(this.sql, teamId);
    return {
      limits: { ...this.limits },
      usage: {
        rendersRunning: (this.running.get(teamId) ?? 0) + (await this.jobsRunning(teamId)),
        instances: instances.count,
        instanceBytes: instances.bytes,
        storedFileBytes: await storedFileBytes(this.sql, teamId),
      },
    };
  }
}

async function instanceUsage(sql: Sql, teamId: string): Promise<{ count: number; bytes: number }> {
  const [row] = await sql.query<{ n: number | string; bytes: number | string | null }>(
    'SELECT count(*) AS n, sum(octet_length(data::text)) AS bytes FROM doc_instances WHERE team_id = $1',
    [teamId],
  );
  return { count: Number(row?.n ?? 0), bytes: Number(row?.bytes ?? 0) };
}

async function storedFileBytes(sql: Sql, teamId: string): Promise<number> {
  const [row] = await sql.query<{ bytes: number | string | null }>(
    'SELECT sum(octet_length(result)) AS bytes FROM render_jobs WHERE team_id = $1 AND result IS NOT NULL',
    [teamId],
  );
  return Number(row?.bytes ?? 0);
}
