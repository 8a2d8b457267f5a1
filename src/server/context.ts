/** What every route module receives: the database, configuration and per-process state. */
import type { Context } from 'hono';
import type { LoginLimiter } from './auth';
import type { Database } from './db';

export interface ServerConfig {
  /** How long a login lasts. */
  sessionTtlMs: number;
  /** Largest accepted request body, in bytes. */
  maxBodyBytes: number;
  /** Failed logins allowed per email and address within `loginWindowMs`. */
  loginMaxFailures: number;
  loginWindowMs: number;
  /** `frame-ancestors` sources of the app's CSP: the hosts allowed to embed Quire. */
  frameAncestors: string[];
  /**
   * Origins of Quire apps served elsewhere that may call this API (CORS). Empty: only the app this
   * server serves itself, on its own origin, which needs no CORS.
   */
  corsOrigins: string[];
  /** Servers on other origins the app served here may sync with (added to its CSP `connect-src`). */
  connectOrigins: string[];
}

export const DEFAULT_CONFIG: ServerConfig = {
  sessionTtlMs: 7 * 24 * 3600_000,
  maxBodyBytes: 5 * 1024 * 1024,
  loginMaxFailures: 10,
  loginWindowMs: 15 * 60_000,
  frameAncestors: ["'self'"],
  corsOrigins: [],
  connectOrigins: [],
};

export interface ServerContext {
  db: Database;
  config: ServerConfig;
  loginLimiter: LoginLimiter;
  /** A stored-format hash nobody's password matches, verified when the email is unknown. */
  decoyHash: string;
  clientAddress(c: Context): string;
  /** Test hook: runs after a sync push commits and before its answer is sent (with its last mutation id). */
  afterCommit?: (clientId: string, lastMutationId: number) => void | Promise<void>;
}
