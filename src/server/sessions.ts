/**
 * A user's own sessions (#33 item 4): listed and revoked by their owner. A session is named by
 * the first 16 hex digits of its token's digest — enough to tell a user's sessions apart, and
 * nothing a caller could sign in with (the token itself is never stored). A session rotates on
 * request: `POST /api/auth/rotate` answers a new token and ends the one that asked, in one
 * transaction, so a token that leaked stops working once its owner's app rotates.
 */
import type { Hono } from 'hono';
import { idParam, type SessionDto } from '../api/contract';
import { type AuthEnv, createSession } from './auth';
import type { ServerContext } from './context';
import { notFound, ok, parseWith } from './envelope';

const ID_LENGTH = 16;
const sessionIdOf = (tokenHash: string) => tokenHash.slice(0, ID_LENGTH);

interface SessionRow {
  token_hash: string;
  created_at: Date;
  last_used_at: Date | null;
  expires_at: Date;
  user_agent: string | null;
}

export function sessionRoutes(api: Hono<AuthEnv>, ctx: ServerContext) {
  api.post('/auth/rotate', async (c) => {
    const { userId, tokenHash } = c.get('session');
    const login = await ctx.db.transaction(async (tx) => {
      const ended = await tx.query('DELETE FROM sessions WHERE token_hash = $1 RETURNING 1', [tokenHash]);
      // Two rotations with one token at once: the second finds it gone.
      if (ended.length === 0) throw notFound('session');
      return createSession(tx, userId, ctx.config.sessionTtlMs, c.req.header('user-agent'));
    });
    return ok(c, login);
  });

  api.get('/user/sessions', async (c) => {
    const { userId, tokenHash } = c.get('session');
    const rows = await ctx.db.query<SessionRow>(
      `SELECT token_hash, created_at, last_used_at, expires_at, user_agent FROM sessions
       WHERE user_id = $1 AND expires_at > now() ORDER BY coalesce(last_used_at, created_at) DESC`,
      [userId],
    );
    return ok(
      c,
      rows.map(
        (row): SessionDto => ({
          id: sessionIdOf(row.token_hash),
          createdAt: row.created_at.getTime(),
          lastUsedAt: (row.last_used_at ?? row.created_at).getTime(),
          expiresAt: row.expires_at.getTime(),
          userAgent: row.user_agent ?? '',
          current: row.token_hash === tokenHash,
        }),
      ),
    );
  });

  // Revoking the session that asks is signing out here; any other ends at its next request (401).
  api.delete('/user/sessions/:sessionId', async (c) => {
    const id = parseWith(idParam, c.req.param('sessionId'), 'sessionId');
    const rows = await ctx.db.query(
      'DELETE FROM sessions WHERE user_id = $1 AND left(token_hash, $2) = $3 RETURNING 1',
      [c.get('session').userId, ID_LENGTH, id],
    );
    if (rows.length === 0) throw notFound('session');
    return ok(c, null);
  });
}
