/**
 * Who calls the render API: a team's API key (`Authorization: Bearer qk_…` or `x-api-key`) or a
 * signed-in user (a session token). Keys reach only their own team's documents (403 for another
 * team's path); users reach the teams they belong to (404 otherwise, as everywhere else). A scoped
 * key (#33) reaches only its documents and actions: 403 ApiKeyOutOfScope, checked before the
 * document is even looked up.
 */
import type { Context } from 'hono';
import type { ApiKeyAction, DocDto } from '../api/contract';
import { BODY_CODE } from '../api/contract';
import { findApiKey, type KeyHolder, looksLikeApiKey, touchKeyAction } from './apiKeys';
import { findSession } from './auth';
import type { ServerContext } from './context';
import { ApiError, forbidden, unauthorized } from './envelope';
import { findDoc, memberDoc } from './teams';

export type Caller = { kind: 'user'; userId: string } | ({ kind: 'key' } & KeyHolder);

/** The id written as an instance's or job's creator: a user id or the key's id. */
export const callerId = (caller: Caller) => (caller.kind === 'user' ? caller.userId : caller.keyId);

const keyNotValid = () =>
  new ApiError(401, BODY_CODE.unauthorized, 'KeyNotValid', 'unknown, revoked or expired API key');

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
    return { kind: 'key', ...holder };
  }
  if (!bearer || !/^[A-Za-z0-9_-]{20,200}$/.test(bearer)) throw unauthorized('missing token or API key');
  const session = await findSession(ctx.db, bearer);
  if (!session) throw unauthorized('expired or unknown token');
  return { kind: 'user', userId: session.userId };
}

/**
 * The document a caller may use for `action`, or 403 (a key of another team, or outside its
 * scope) / 404 (not a member, no such doc). Members may do every action.
 */
export async function callerDoc(
  ctx: ServerContext,
  caller: Caller,
  teamId: string,
  docId: string,
  action: ApiKeyAction,
): Promise<DocDto> {
  if (caller.kind === 'user') return memberDoc(ctx.db, caller.userId, docId, teamId);
  if (caller.teamId !== teamId) throw forbidden('this API key belongs to another team');
  if (caller.docIds && !caller.docIds.includes(docId))
    throw new ApiError(403, BODY_CODE.forbidden, 'ApiKeyOutOfScope', 'this key is limited to other documents');
  if (caller.actions && !caller.actions.includes(action))
    throw new ApiError(403, BODY_CODE.forbidden, 'ApiKeyOutOfScope', `this key may not ${action}`);
  const doc = await findDoc(ctx.db, teamId, docId);
  await touchKeyAction(ctx.db, caller.keyId, action);
  return doc;
}
