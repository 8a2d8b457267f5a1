/**
 * Register, login, logout, change password, the current user and profile (spec 000 §7, open
 * platform); password reset links and invitation links (#15).
 */
import type { Context, Hono } from 'hono';
import {
  BODY_CODE,
  confirmPasswordResetBody,
  loginBody,
  type MailStatusDto,
  type PasswordResetRequestedDto,
  registerBody,
  requestPasswordResetBody,
  secretParam,
  type UserDto,
  updatePasswordBody,
  updateUserBody,
} from '../../api/contract';
import {
  type AuthEnv,
  createPasswordReset,
  createSession,
  dropPasswordReset,
  hashPassword,
  logResetLink,
  newId,
  spendPasswordReset,
  verifyPassword,
} from '../auth';
import type { ServerContext } from '../context';
import { ApiError, invalid, ok, readBody } from '../envelope';
import { MailError, mailSendFailed } from '../mail';
import { resetMail } from '../mailText';
import { acceptInvitation, invitationInvalid, previewInvitation } from '../members';
import { checkPassword } from '../passwords';
import { SlidingWindowLimiter } from '../rateLimit';
import { sessionRoutes } from '../sessions';
import { createTeam } from '../teams';

const resetLinkInvalid = () => new ApiError(400, BODY_CODE.invalid, 'ResetLinkInvalid');
const RESET_REQUESTS_PER_EMAIL = 5;

/** A secret from the path: malformed is the same answer as unknown, never a parse error. */
function secretOf(c: Context, name: string, unknown: () => ApiError): string {
  const parsed = secretParam.safeParse(c.req.param(name));
  if (!parsed.success) throw unknown();
  return parsed.data;
}

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
    checkPassword(body.password, body.email);
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
      return createSession(tx, userId, ctx.config.sessionTtlMs, c.req.header('user-agent'));
    });
    return ok(c, login);
  });

  api.post('/auth/login', async (c) => {
    const body = await readBody(c, loginBody);
    const address = ctx.clientAddress(c);
    const key = `${body.email}|${address}`;
    // Per e-mail and address (guessing one account), and per address alone (one password tried
    // against many accounts): either refuses before any password is checked.
    const [account, spraying] = [await ctx.loginLimiter.check(key), await ctx.sprayLimiter.check(address)];
    if (!account.allowed || !spraying.allowed) {
      const wait = Math.max(
        account.allowed ? 0 : account.retryAfterSeconds,
        spraying.allowed ? 0 : spraying.retryAfterSeconds,
      );
      c.header('Retry-After', String(wait));
      throw new ApiError(429, BODY_CODE.tooManyAttempts, 'Forbidden', 'too many failed logins; try again later');
    }
    const rows = await ctx.db.query<{ id: string; password_hash: string }>(
      'SELECT id, password_hash FROM users WHERE email = $1',
      [body.email],
    );
    const user = rows[0];
    // Hash even for an unknown email, so timing does not tell which emails exist.
    const valid = await verifyPassword(body.password, user?.password_hash ?? ctx.decoyHash);
    if (!user || !valid) {
      await ctx.loginLimiter.count(key);
      await ctx.sprayLimiter.count(address);
      throw new ApiError(401, BODY_CODE.unauthorized, 'InvalidUser', 'wrong email or password');
    }
    await ctx.loginLimiter.reset(key);
    return ok(c, await createSession(ctx.db, user.id, ctx.config.sessionTtlMs, c.req.header('user-agent')));
  });

  // The answer is the same whether the address has an account or not: the form cannot be used to
  // find out who is registered.
  const resetLimiter = new SlidingWindowLimiter(
    'reset',
    RESET_REQUESTS_PER_EMAIL,
    ctx.config.loginWindowMs,
    ctx.limitStore,
  );
  api.post('/auth/password-reset', async (c) => {
    const body = await readBody(c, requestPasswordResetBody);
    const answer: PasswordResetRequestedDto = { delivery: ctx.mailer.configured ? 'mail' : 'log' };
    if (!(await resetLimiter.take(body.email)).allowed)
      throw new ApiError(429, BODY_CODE.tooManyAttempts, 'Forbidden', 'too many reset requests; try again later');
    const [user] = await ctx.db.query<{ id: string; email: string; name: string }>(
      'SELECT id, email, name FROM users WHERE email = $1',
      [body.email],
    );
    if (!user) {
      // A broken mail server answers the same error for unknown addresses as for known ones.
      if (ctx.mailer.configured && (await ctx.mailer.check())) throw mailSendFailed();
      return ok(c, answer);
    }
    const token = await createPasswordReset(ctx.db, user.id);
    const link = `${ctx.publicOrigin(c)}/reset-password?token=${encodeURIComponent(token)}`;
    if (!ctx.mailer.configured)
      return ok(c, { delivery: logResetLink(user.email, link) } satisfies PasswordResetRequestedDto);
    try {
      await ctx.mailer.send(resetMail(c.req.header('lang'), user, link));
    } catch (error) {
      console.error(`[quire-server] password reset mail to ${user.email} not sent: ${(error as Error).message}`);
      await dropPasswordReset(ctx.db, token);
      // A relay refusing this one recipient is about the address: answered like any other address.
      if (error instanceof MailError && error.failure === 'recipient') return ok(c, answer);
      throw mailSendFailed();
    }
    return ok(c, answer);
  });

  api.post('/auth/password-reset/confirm', async (c) => {
    const body = await readBody(c, confirmPasswordResetBody);
    if (!secretParam.safeParse(body.token).success) throw resetLinkInvalid();
    const hash = await hashPassword(body.newPassword);
    const login = await ctx.db.transaction(async (tx) => {
      const userId = await spendPasswordReset(tx, body.token);
      if (!userId) throw resetLinkInvalid();
      // Refused here, inside the transaction: the link stays unspent for a better password.
      const [owner] = await tx.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId]);
      checkPassword(body.newPassword, owner?.email ?? '');
      await tx.query('UPDATE users SET password_hash = $1, updated_at = now() WHERE id = $2', [hash, userId]);
      // Whoever knew the old password is signed out everywhere.
      await tx.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
      return createSession(tx, userId, ctx.config.sessionTtlMs, c.req.header('user-agent'));
    });
    return ok(c, login);
  });

  api.get('/invitations/:code', async (c) =>
    ok(c, await previewInvitation(ctx.db, secretOf(c, 'code', invitationInvalid))),
  );
}

export function accountRoutes(api: Hono<AuthEnv>, ctx: ServerContext) {
  api.post('/auth/logout', async (c) => {
    await ctx.db.query('DELETE FROM sessions WHERE token_hash = $1', [c.get('session').tokenHash]);
    return ok(c, null);
  });

  api.post('/auth/update-password', async (c) => {
    const body = await readBody(c, updatePasswordBody);
    const { userId, tokenHash } = c.get('session');
    const rows = await ctx.db.query<{ password_hash: string; email: string }>(
      'SELECT password_hash, email FROM users WHERE id = $1',
      [userId],
    );
    const stored = rows[0]?.password_hash;
    if (!stored || !(await verifyPassword(body.oldPassword, stored)))
      throw new ApiError(400, BODY_CODE.invalid, 'PasswordChangeFailed', 'the current password is wrong');
    checkPassword(body.newPassword, rows[0]?.email ?? '');
    const hash = await hashPassword(body.newPassword);
    await ctx.db.transaction(async (tx) => {
      await tx.query('UPDATE users SET password_hash = $1, updated_at = now() WHERE id = $2', [hash, userId]);
      // Other devices must sign in again with the new password; this one stays signed in.
      await tx.query('DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2', [userId, tokenHash]);
    });
    return ok(c, null);
  });

  api.get('/user', async (c) => ok(c, await loadUser(ctx, c.get('session').userId)));
  api.get('/mail', (c) => ok(c, { configured: ctx.mailer.configured } satisfies MailStatusDto));

  api.put('/user', async (c) => {
    const body = await readBody(c, updateUserBody);
    const { userId } = c.get('session');
    const [me] = await ctx.db.query<{ email: string; password_hash: string }>(
      'SELECT email, password_hash FROM users WHERE id = $1',
      [userId],
    );
    if (!me) throw new ApiError(401, BODY_CODE.unauthorized, 'InvalidUser');
    const newEmail = body.email !== undefined && body.email !== me.email ? body.email : undefined;
    if (newEmail !== undefined) {
      const confirmed =
        body.currentPassword !== undefined && (await verifyPassword(body.currentPassword, me.password_hash));
      if (!confirmed)
        throw invalid('a new email needs the current password', [
          { path: 'currentPassword', reason: 'wrong password' },
        ]);
      const taken = await ctx.db.query('SELECT 1 FROM users WHERE email = $1 AND id <> $2', [newEmail, userId]);
      if (taken.length > 0)
        throw invalid('email is already registered', [{ path: 'email', reason: 'already registered' }]);
    }
    try {
      await ctx.db.query(
        'UPDATE users SET name = coalesce($1, name), email = coalesce($2, email), updated_at = now() WHERE id = $3',
        [body.name ?? null, newEmail ?? null, userId],
      );
    } catch (error) {
      // Two accounts taking the same address at once: the unique index decides.
      if ((error as { code?: string }).code === '23505')
        throw invalid('email is already registered', [{ path: 'email', reason: 'already registered' }]);
      throw error;
    }
    return ok(c, await loadUser(ctx, userId));
  });

  sessionRoutes(api, ctx);

  api.post('/invitations/:code/accept', async (c) => {
    const code = secretOf(c, 'code', invitationInvalid);
    const userId = c.get('session').userId;
    return ok(c, await ctx.db.transaction((tx) => acceptInvitation(tx, userId, code)));
  });
}
