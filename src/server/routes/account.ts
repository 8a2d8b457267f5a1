/** Register, login, logout, change password, the current user (spec 000 §7, open platform). */
import type { Hono } from 'hono';
import {
  BODY_CODE,
  loginBody,
  registerBody,
  type UserDto,
  updatePasswordBody,
  updateUserBody,
} from '../../api/contract';
import { type AuthEnv, createSession, hashPassword, newId, verifyPassword } from '../auth';
import type { ServerContext } from '../context';
import { ApiError, invalid, ok, readBody } from '../envelope';
import { createTeam } from '../teams';

async function loadUser(ctx: ServerContext, userId: string): Promise<UserDto> {
  const rows = await ctx.db.query<{ id: string; email: string; name: string; team_name: string | null }>(
    `SELECT u.id, u.email, u.name, t.name AS team_name FROM users u LEFT JOIN teams t ON t.id = u.default_team_id
     WHERE u.id = $1`,
    [userId],
  );
  const row = rows[0];
  if (!row) throw new ApiError(401, BODY_CODE.unauthorized, 'InvalidUser');
  return { id: row.id, email: row.email, name: row.name, tenantName: row.team_name ?? '', avatarUrl: '' };
}

/** Routes that need no session. */
export function publicAccountRoutes(api: Hono<AuthEnv>, ctx: ServerContext) {
  api.post('/auth/register', async (c) => {
    const body = await readBody(c, registerBody);
    const passwordHash = await hashPassword(body.password);
    const login = await ctx.db.transaction(async (tx) => {
      const userId = newId('usr');
      const inserted = await tx.query(
        `INSERT INTO users (id, email, name, password_hash) VALUES ($1, $2, $3, $4)
         ON CONFLICT (email) DO NOTHING RETURNING id`,
        [userId, body.email, body.name, passwordHash],
      );
      if (inserted.length === 0)
        throw invalid('email is already registered', [{ path: 'email', reason: 'already registered' }]);
      // Everyone starts with a team of their own, so sync works before any team is shared.
      const team = await createTeam(tx, userId, body.name);
      await tx.query('UPDATE users SET default_team_id = $1 WHERE id = $2', [team.id, userId]);
      return createSession(tx, userId, ctx.config.sessionTtlMs);
    });
    return ok(c, login);
  });

  api.post('/auth/login', async (c) => {
    const body = await readBody(c, loginBody);
    const key = `${body.email}|${ctx.clientAddress(c)}`;
    if (ctx.loginLimiter.blocked(key))
      throw new ApiError(429, BODY_CODE.tooManyAttempts, 'Forbidden', 'too many failed logins; try again later');
    const rows = await ctx.db.query<{ id: string; password_hash: string }>(
      'SELECT id, password_hash FROM users WHERE email = $1',
      [body.email],
    );
    const user = rows[0];
    // Hash even for an unknown email, so timing does not tell which emails exist.
    const valid = await verifyPassword(body.password, user?.password_hash ?? ctx.decoyHash);
    if (!user || !valid) {
      ctx.loginLimiter.fail(key);
      throw new ApiError(401, BODY_CODE.unauthorized, 'InvalidUser', 'wrong email or password');
    }
    ctx.loginLimiter.succeed(key);
    return ok(c, await createSession(ctx.db, user.id, ctx.config.sessionTtlMs));
  });
}

export function accountRoutes(api: Hono<AuthEnv>, ctx: ServerContext) {
  api.post('/auth/logout', async (c) => {
    await ctx.db.query('DELETE FROM sessions WHERE token_hash = $1', [c.get('session').tokenHash]);
    return ok(c, null);
  });

  api.post('/auth/update-password', async (c) => {
    const body = await readBody(c, updatePasswordBody);
    const { userId, tokenHash } = c.get('session');
    const rows = await ctx.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [
      userId,
    ]);
    const stored = rows[0]?.password_hash;
    if (!stored || !(await verifyPassword(body.oldPassword, stored)))
      throw new ApiError(400, BODY_CODE.invalid, 'PasswordChangeFailed', 'the current password is wrong');
    const hash = await hashPassword(body.newPassword);
    await ctx.db.transaction(async (tx) => {
      await tx.query('UPDATE users SET password_hash = $1, updated_at = now() WHERE id = $2', [hash, userId]);
      // Other devices must sign in again with the new password; this one stays signed in.
      await tx.query('DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2', [userId, tokenHash]);
    });
    return ok(c, null);
  });

  api.get('/user', async (c) => ok(c, await loadUser(ctx, c.get('session').userId)));

  api.put('/user', async (c) => {
    const body = await readBody(c, updateUserBody);
    const { userId } = c.get('session');
    await ctx.db.query('UPDATE users SET name = $1, updated_at = now() WHERE id = $2', [body.name, userId]);
    return ok(c, await loadUser(ctx, userId));
  });
}
