/**
 * What an operator sees (#33 item 7): one structured access-log line per API request (JSON, with
 * the request id every answer carries in `X-Request-Id`), and `/api/health` reporting the
 * database, the render queue, the render threads and the server's version.
 */
import { readFileSync } from 'node:fs';
import type { Context } from 'hono';
import type { ServerContext } from './context';

export interface AccessLogEntry {
  time: string;
  requestId: string;
  method: string;
  /** The path only: queries may carry ids a log has no need of. */
  path: string;
  status: number;
  /** From the request's arrival at the API to its answer (headers; a streamed body may go on). */
  ms: number;
  address: string;
}

/** JSON lines on stdout: what `npm run server` writes unless QUIRE_ACCESS_LOG=0. */
export const stdoutAccessLog = (entry: AccessLogEntry) => process.stdout.write(`${JSON.stringify(entry)}\n`);

const SERVER_VERSION: string = (() => {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
})();

/** How long the health probe waits for the database before calling it unreachable. */
const DATABASE_PROBE_MS = 2000;

interface HealthDto {
  /** 'pglite' or 'postgres' (what the server was started on). */
  database: string;
  /** Whether the database answered the probe within two seconds. */
  databaseOk: boolean;
  version: string;
  uptimeSeconds: number;
  /** This process's resident memory (MB). */
  rssMegabytes: number;
  /** This process's render threads (render/pool.ts). */
  renders: unknown;
  /** Render jobs across every process: waiting, running, and the workers running them. */
  jobs: { queued: number; running: number; workers: number } | null;
}

export async function health(ctx: ServerContext): Promise<HealthDto> {
  const probe = ctx.db.query<{ queued: number | string; running: number | string; workers: number | string }>(
    `SELECT count(*) FILTER (WHERE status = 'queued') AS queued,
            count(*) FILTER (WHERE status = 'running') AS running,
            count(DISTINCT worker) FILTER (WHERE status = 'running') AS workers
     FROM render_jobs WHERE status IN ('queued', 'running')`,
  );
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), DATABASE_PROBE_MS);
  });
  const rows = await Promise.race([probe, timeout]).catch(() => 'failed' as const);
  clearTimeout(timer);
  const row = Array.isArray(rows) ? rows[0] : undefined;
  return {
    database: ctx.db.kind,
    databaseOk: row !== undefined,
    version: SERVER_VERSION,
    uptimeSeconds: Math.round(process.uptime()),
    rssMegabytes: Math.round(process.memoryUsage.rss() / 1024 / 1024),
    renders: ctx.render.renderer.stats(),
    jobs: row ? { queued: Number(row.queued), running: Number(row.running), workers: Number(row.workers) } : null,
  };
}

export function accessLogEntry(ctx: ServerContext, c: Context, requestId: string, startedAt: number): AccessLogEntry {
  return {
    time: new Date().toISOString(),
    requestId,
    method: c.req.method,
    path: c.req.path,
    status: c.res.status,
    ms: Math.round((performance.now() - startedAt) * 10) / 10,
    address: ctx.clientAddress(c),
  };
}
