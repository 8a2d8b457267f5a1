/**
 * Who calls the render API: a team's API key (`Authorization: Bearer qk_…` or `x-api-key`) or a
 * signed-in user (a session token). Keys reach only their own team's documents (403 for another
 * team's path); users reach the teams they belong to (404 otherwise, as everywhere else).
 */
import type { Context } from 'hono';
import type { DocDto } from '../api/contract';
import { BODY_CODE } from '../api/contract';
import { findApiKey, looksLikeApiKey } from './apiKeys';
import { findSession } from './auth';
import type { ServerContext } from './context';
import { ApiError, forbidden, unauthorized } from './envelope';
import { findDoc, memberDoc } from './teams';

export type Caller = { kind: 'user'; userId: string } | { kind: 'key'; keyId: string; teamId: string };

/** The id written as an instance's or job's creator: a user id or the key's id. */
export const callerId = (caller: Caller) => (caller.kind === 'user' ? caller.userId : caller.keyId);

const keyNotValid = () => new ApiError(401, BODY_CODE.unauthorized, 'KeyNotValid', 'unknown or revoked API key');

export async function authenticateCaller(ctx: ServerContext, c: Context): Promise<Caller> {
  const header = c.req.header('authorization') ?? '';
  const bearer = /^Bearer\s+(\S{1,300})$/.exec(header)?.[1];
  const presentedKey = c.req.header('x-api-key') ?? (bearer && looksLikeApiKey(bearer) ? bearer : undefined);
  if (presentedKey !== undefined) {
    const holder = await findApiKey(ctx.db, presentedKey.trim());
    if (!holder) throw keyNotValid();
    const rate = await ctx.keyLimiter.take(holder.keyId);
    if (!rate.allowed) {
      c.header('Retry-After', String(rate.retryAfterSeconds));
      throw new ApiError(429, BODY_CODE.tooManyAttempts, 'Forbidden', 'too many requests with this API key');
    }
    return { kind: 'key', keyId: holder.keyId, teamId: holder.teamId };
  }
  if (!bearer || !/^[A-Za-z0-9_-]{20,200}$/.test(bearer)) throw unauthorized('missing token or API key');
  const session = await findSession(ctx.db, bearer);
  if (!session) throw unauthorized('expired or unknown token');
  return { kind: 'user', userId: session.userId };
}

/** The document a caller may use, or 403 (a key of another team) / 404 (not a member, no such doc). */
export async function callerDoc(ctx: ServerContext, caller: Caller, teamId: string, docId: string): Promise<DocDto> {
  if (caller.kind === 'user') return memberDoc(ctx.db, caller.userId, docId, teamId);
  if (caller.teamId !== teamId) throw forbidden('this API key belongs to another team');
  return findDoc(ctx.db, teamId, docId);
}
