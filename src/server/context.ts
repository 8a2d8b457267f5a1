/** What every route module receives: the database, configuration and per-process state. */
import type { Context } from 'hono';
import type { Database } from './db';
import type { Mailer, MailSettings } from './mail';
import type { AccessLogEntry } from './operator';
import { DEFAULT_QUOTAS, type TeamQuotaGuard, type TeamQuotas } from './quotas';
import type { LimitStore, SlidingWindowLimiter } from './rateLimit';
import { DEFAULT_FETCH_POLICY, type FetchPolicy } from './render/fetchPolicy';
import { DEFAULT_RENDER_POOL, type RenderPoolConfig } from './render/pool';
import type { RenderService } from './render/service';

export interface ServerConfig {
  /** How long a login lasts. */
  sessionTtlMs: number;
  /** Largest accepted request body, in bytes. */
  maxBodyBytes: number;
  /** Failed logins allowed per email and address within `loginWindowMs`. */
  loginMaxFailures: number;
  loginWindowMs: number;
  /** Failed logins allowed per client address across all e-mails within `loginWindowMs` (password spraying). */
  loginMaxFailuresPerAddress: number;
  /** Renders one signed-in user may start within `apiKeyWindowMs` (keys have `apiKeyMaxRequests`). */
  sessionMaxRenders: number;
  /** `frame-ancestors` sources of the app's CSP: the hosts allowed to embed Quire. */
  frameAncestors: string[];
  /**
   * Origins of Quire apps served elsewhere that may call this API (CORS). Empty: only the app this
   * server serves itself, on its own origin, which needs no CORS.
   */
  corsOrigins: string[];
  /** Servers on other origins the app served here may sync with (added to its CSP `connect-src`). */
  connectOrigins: string[];
  /** Requests one API key may make within `apiKeyWindowMs` (429 beyond). */
  apiKeyMaxRequests: number;
  apiKeyWindowMs: number;
  /** Which URLs named by instances (images, attachments) the server may fetch. */
  fetchPolicy: FetchPolicy;
  /** An instance whose values are larger than this (JSON bytes) renders as a job even without async=1. */
  largeJobBytes: number;
  /**
   * The render threads every render runs on (#33): how many, how many renders may wait (then 503
   * RenderQueueFull), each render's time limit (spec: 120 s) and each thread's heap cap.
   */
  renderPool: RenderPoolConfig;
  /** What one team may use (#33 item 2; QUIRE_QUOTA_*, quotas.ts): renders, instances, stored files. */
  quotas: TeamQuotas;
  /** How long a finished render job's file (and row) is kept (#33; QUIRE_RENDER_RESULT_HOURS). */
  renderResultTtlMs: number;
  /** How long an instance is kept after it was created (#33 item 3; QUIRE_INSTANCE_DAYS); null: until deleted. */
  instanceTtlMs: number | null;
  /** How often expired job results, sessions, reset and invitation links are deleted (retention.ts). */
  retentionIntervalMs: number;
  /** On PostgreSQL, whether this process takes render jobs too (`npm run render-worker` processes always do). */
  renderJobsInServer: boolean;
  /** The SMTP server reset and invitation links are mailed through; none: the log / copy by hand. */
  mail?: MailSettings;
  /**
   * The origin reset and invitation links point at (`--public-url` / QUIRE_PUBLIC_URL). Unset: the
   * address the server listens on. Never a request's Host header, which a client chooses.
   */
  publicUrl?: string;
  /**
   * Addresses of reverse proxies whose `X-Forwarded-For/-Proto/-Host` headers are believed
   * (`--trusted-proxy` / QUIRE_TRUSTED_PROXIES); from anyone else those headers are ignored.
   */
  trustedProxies: string[];
  /**
   * The operator key of the plan API (#32; QUIRE_OPERATOR_KEY): `x-operator-key` must equal it.
   * Unset: the operator API refuses everyone (plans are then set with `quire plan set`).
   */
  operatorKey?: string;
  /** Where plans are bought (#32; QUIRE_UPGRADE_URL), handed to the app's upgrade screens. */
  upgradeUrl?: string;
  /** Receives one entry per API request (operator.ts); `npm run server` writes them to stdout as JSON lines. */
  accessLog?: (entry: AccessLogEntry) => void;
}

export const DEFAULT_CONFIG: ServerConfig = {
  sessionTtlMs: 7 * 24 * 3600_000,
  maxBodyBytes: 5 * 1024 * 1024,
  loginMaxFailures: 10,
  loginWindowMs: 15 * 60_000,
  loginMaxFailuresPerAddress: 50,
  sessionMaxRenders: 60,
  frameAncestors: ["'self'"],
  corsOrigins: [],
  connectOrigins: [],
  apiKeyMaxRequests: 600,
  apiKeyWindowMs: 60_000,
  fetchPolicy: DEFAULT_FETCH_POLICY,
  largeJobBytes: 256 * 1024,
  renderJobsInServer: false,
  renderPool: DEFAULT_RENDER_POOL,
  quotas: DEFAULT_QUOTAS,
  renderResultTtlMs: 24 * 3600_000,
  instanceTtlMs: null,
  retentionIntervalMs: 10 * 60_000,
  trustedProxies: [],
};

export interface ServerContext {
  db: Database;
  config: ServerConfig;
  /** Failed logins per e-mail and address. */
  loginLimiter: SlidingWindowLimiter;
  /** Failed logins per address, whatever the e-mail. */
  sprayLimiter: SlidingWindowLimiter;
  /** Requests per API key (and per document for public previews). */
  keyLimiter: SlidingWindowLimiter;
  /** Renders per signed-in user. */
  renderLimiter: SlidingWindowLimiter;
  /** Per-team quotas, checked by the render API (quotas.ts). */
  quotas: TeamQuotaGuard;
  /** Where every limiter counts (in memory on PGlite, in the database on PostgreSQL). */
  limitStore: LimitStore;
  render: RenderService;
  /** Sends reset and invitation mail (`configured: false` without SMTP settings). */
  mailer: Mailer;
  /** A stored-format hash nobody's password matches, verified when the email is unknown. */
  decoyHash: string;
  /** The caller's address: the socket's, or what a trusted proxy forwarded. */
  clientAddress(c: Context): string;
  /** The origin links in mail and logs point at (see ServerConfig.publicUrl). */
  publicOrigin(c: Context): string;
  /** Test hook: runs after a sync push commits and before its answer is sent (with its last mutation id). */
  afterCommit?: (clientId: string, lastMutationId: number) => void | Promise<void>;
}
