/**
 * Accounts just enough for sync: scrypt password hashes, random bearer tokens stored only as
 * SHA-256 digests (a leaked table cannot be replayed), expiring sessions and a login rate limit.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { LoginDto } from '../api/contract';
import type { Sql } from './db';
import { digest } from './digest';
import { unauthorized } from './envelope';

const SCRYPT = { N: 16384, r: 8, p: 1, keyLength: 64 } as const;

function derive(password: string, salt: Buffer, n: number, r: number, p: number, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, length, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** `scrypt$N$r$p$salt$hash`, parameters stored so they can be raised later without breaking logins. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, SCRYPT.N, SCRYPT.r, SCRYPT.p, SCRYPT.keyLength);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p), expected.length);
  return timingSafeEqual(key, expected);
}

export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;

interface Session {
  userId: string;
  tokenHash: string;
}

/**
 * A new session; `userAgent` (the signing-in browser's, cut short) is kept so the owner can tell
 * their sessions apart when listing them (sessions.ts).
 */
export async function createSession(sql: Sql, userId: string, ttlMs: number, userAgent?: string): Promise<LoginDto> {
  const token = randomBytes(32).toString('base64url');
  const expireAt = Date.now() + ttlMs;
  await sql.query(
    'INSERT INTO sessions (token_hash, user_id, expires_at, user_agent, last_used_at) VALUES ($1, $2, $3, $4, now())',
    [digest(token), userId, new Date(expireAt), userAgent ? userAgent.slice(0, 300) : null],
  );
  const [team] = await sql.query<{ team_key: string }>(
    'SELECT t.team_key FROM users u JOIN teams t ON t.id = u.default_team_id WHERE u.id = $1',
    [userId],
  );
  return { token, userId, expireAt, tenantKey: team?.team_key ?? '' };
}

export async function findSession(sql: Sql, token: string): Promise<Session | undefined> {
  const tokenHash = digest(token);
  const rows = await sql.query<{ user_id: string; stale: boolean }>(
    `SELECT user_id, (last_used_at IS NULL OR last_used_at < now() - interval '1 minute') AS stale
     FROM sessions WHERE token_hash = $1 AND expires_at > now()`,
    [tokenHash],
  );
  const row = rows[0];
  if (!row) return undefined;
  // Last use to the minute (one write per session per minute, not per request): shown in its owner's list.
  if (row.stale) await sql.query('UPDATE sessions SET last_used_at = now() WHERE token_hash = $1', [tokenHash]);
  return { userId: row.user_id, tokenHash };
}

export type AuthEnv = { Variables: { session: Session; requestId: string } };

/** 401 unless the request carries `Authorization: Bearer <token>` of a live session. */
export function requireSession(sql: Sql): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header);
    if (!match?.[1]) throw unauthorized('missing token');
    const session = await findSession(sql, match[1]);
    if (!session) throw unauthorized('expired or unknown token');
    c.set('session', session);
    await next();
  };
}

// ---- password reset links (#15) ---------------------------------------------------------------

/** How long a reset link works. */
const RESET_TTL_MS = 60 * 60_000;

/**
 * Creates a single-use reset token for a user (its digest stored) and answers the token. Older
 * unused links of the user stop working: only the newest one counts.
 */
export async function createPasswordReset(sql: Sql, userId: string, now = Date.now()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await sql.query('DELETE FROM password_resets WHERE user_id = $1 AND used_at IS NULL', [userId]);
  await sql.query('INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, $3)', [
    digest(token),
    userId,
    new Date(now + RESET_TTL_MS),
  ]);
  return token;
}

/**
 * Spends a reset token: one UPDATE marks it used only if it is unused and unexpired, so two
 * requests racing with the same link cannot both succeed. Answers the user, or undefined.
 */
export async function spendPasswordReset(sql: Sql, token: string): Promise<string | undefined> {
  const rows = await sql.query<{ user_id: string }>(
    `UPDATE password_resets SET used_at = now()
     WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
    [digest(token)],
  );
  return rows[0]?.user_id;
}

/** Voids a reset link whose mail did not go out, so no live link is left that nobody received. */
export async function dropPasswordReset(sql: Sql, token: string): Promise<void> {
  await sql.query('DELETE FROM password_resets WHERE token_hash = $1', [digest(token)]);
}

/**
 * Where a reset link goes without a mail server (no QUIRE_SMTP_URL): the server's log, for its
 * administrator to pass on (the screen says so).
 */
export const logResetLink = (email: string, link: string): 'log' => {
  console.log(`[quire-server] password reset link for ${email} (no mail server configured): ${link}`);
  return 'log';
};
