/**
 * Plans and seats (#32).
 *
 * Members (session; the team is the `tenant-key` header's, else the default team, spec 000 §7):
 * - `GET /api/plan` — the team's plan, its state and features for the caller, seats, seat access;
 * - `GET /api/seats`, `POST /api/seats {userIds}` (≤ 10, one transaction), `DELETE /api/seats/{userId}`,
 *   `GET /api/seats/search?name=` (members without a seat) — seat managers only (spec 000 §6).
 *
 * Operators (no session; `x-operator-key` must equal QUIRE_OPERATOR_KEY, compared in constant time):
 * - `GET /api/operator/teams/{team}/plan` — the plan and its whole history;
 * - `PUT /api/operator/teams/{team}/plan` — appends a new plan (team by id or team key).
 * Without QUIRE_OPERATOR_KEY the operator API answers 403 to everyone.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { addSeatsBody, BODY_CODE, setPlanBody } from '../../api/contract';
import type { AuthEnv } from '../auth';
import type { ServerContext } from '../context';
import { ApiError, notFound, ok, readBody, readQuery } from '../envelope';
import {
  addSeats,
  listSeats,
  planDto,
  planHistory,
  planStatusFor,
  removeSeat,
  requireSeatManager,
  seatCandidates,
  setTeamPlan,
  teamByIdOrKey,
} from '../plans';
import { SlidingWindowLimiter } from '../rateLimit';
import { teamOfRequest } from '../teams';

const sha = (text: string) => createHash('sha256').update(text).digest();

/** Whether `given` is the operator key. Both sides hashed first, so lengths never differ and nothing leaks by timing. */
export function operatorKeyMatches(configured: string | undefined, given: string | undefined): boolean {
  if (!configured || !given) return false;
  return timingSafeEqual(sha(configured), sha(given));
}

const searchQuery = z.object({ name: z.string().max(100).default('') });

export function operatorRoutes(api: Hono<AuthEnv>, ctx: ServerContext): void {
  // Wrong keys are counted per address: the key is long, but guessing should still be slow.
  const limiter = new SlidingWindowLimiter('operator', 20, 15 * 60_000, ctx.limitStore);
  api.use('/operator/*', async (c, next) => {
    const configured = ctx.config.operatorKey;
    if (!configured) throw new ApiError(403, BODY_CODE.forbidden, 'OperatorKeyInvalid', 'no operator key is set');
    if (!operatorKeyMatches(configured, c.req.header('x-operator-key'))) {
      const taken = await limiter.take(ctx.clientAddress(c));
      if (!taken.allowed) {
        c.header('Retry-After', String(taken.retryAfterSeconds));
        throw new ApiError(429, BODY_CODE.tooManyAttempts, 'OperatorKeyInvalid', 'too many wrong operator keys');
      }
      throw new ApiError(401, BODY_CODE.unauthorized, 'OperatorKeyInvalid');
    }
    await next();
  });
  const team = async (c: Context) => {
    const found = await teamByIdOrKey(ctx.db, c.req.param('team') ?? '');
    if (!found) throw notFound('team');
    return found;
  };
  api.get('/operator/teams/:team/plan', async (c) => {
    const found = await team(c);
    const { current, status } = await planStatusFor(ctx.db, found.id, undefined);
    return ok(c, {
      team: found,
      plan: current.plan,
      state: status.state,
      history: await planHistory(ctx.db, found.id),
    });
  });
  api.put('/operator/teams/:team/plan', async (c) => {
    const found = await team(c);
    const body = await readBody(c, setPlanBody);
    const entry = await setTeamPlan(ctx.db, found.id, body, `operator@${ctx.clientAddress(c)}`);
    return ok(c, entry);
  });
}

export function planRoutes(api: Hono<AuthEnv>, ctx: ServerContext): void {
  const teamOf = (c: Context<AuthEnv>) => teamOfRequest(ctx.db, c.get('session').userId, c.req.header('tenant-key'));

  api.get('/plan', async (c) => {
    const team = await teamOf(c);
    return ok(c, await planDto(ctx.db, team, c.get('session').userId, ctx.config.upgradeUrl ?? null));
  });

  api.get('/seats', async (c) => {
    const team = await teamOf(c);
    const { plan } = await requireSeatManager(ctx.db, team, c.get('session').userId);
    return ok(c, await listSeats(ctx.db, team.id, plan.totalSeats));
  });

  api.get('/seats/search', async (c) => {
    const team = await teamOf(c);
    await requireSeatManager(ctx.db, team, c.get('session').userId);
    return ok(c, await seatCandidates(ctx.db, team.id, readQuery(c, searchQuery).name));
  });

  api.post('/seats', async (c) => {
    const team = await teamOf(c);
    const userId = c.get('session').userId;
    const { userIds } = await readBody(c, addSeatsBody);
    const total = await ctx.db.transaction(async (tx) => {
      const { plan } = await requireSeatManager(tx, team, userId);
      await addSeats(tx, team.id, userIds, userId);
      return plan.totalSeats;
    });
    return ok(c, await listSeats(ctx.db, team.id, total));
  });

  api.delete('/seats/:userId', async (c) => {
    const team = await teamOf(c);
    const { plan } = await requireSeatManager(ctx.db, team, c.get('session').userId);
    if (!(await removeSeat(ctx.db, team.id, c.req.param('userId')))) throw notFound('seat');
    return ok(c, await listSeats(ctx.db, team.id, plan.totalSeats));
  });
}
