/**
 * Signing on a phone through a QR link (#31): a relay that carries one PNG from a phone to the
 * desktop that showed the link. Only the desktop's request for a link carries a session:
 *
 * - `POST /api/signature-links` (the desktop, signed in, its team's plan with signatures): a new link — `token` for the QR, `watch` kept by the
 *   desktop. Counted per address, since anyone may ask.
 * - `GET /api/signature-links/:token` (the phone): whether the link is still open.
 * - `PUT /api/signature-links/:token` (the phone): the signature, a transparent PNG; accepted once.
 * - `POST /api/signature-links/collect` (the desktop, `{ watch }`): waiting, or the PNG — once; the
 *   row is deleted as it is handed over.
 *
 * A used, expired or unknown link answers the same 404, so the answer tells a guesser nothing.
 * Only SHA-256 hashes of the two secrets are stored.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Hono } from 'hono';
import {
  BODY_CODE,
  type CollectedSignatureDto,
  collectSignatureBody,
  type SignatureLinkDto,
  signatureLinkPngBody,
} from '../../api/contract';
import { base64ToBytes, bytesToBase64, pngInfo, signatureProblem } from '../../core/data/signatureImage';
import { type AuthEnv, requireSession } from '../auth';
import type { ServerContext } from '../context';
import { ApiError, invalid, limitBody, notFound, ok, readBody } from '../envelope';
import { requirePlanFeature } from '../plans';
import { SlidingWindowLimiter } from '../rateLimit';
import { teamOfRequest } from '../teams';
import { SIGNATURE_BODY_MAX } from './signature';

/** Long enough to find the phone, open the camera and sign; short enough that a photo of the screen is soon useless. */
const SIGNATURE_LINK_TTL_MS = 5 * 60_000;
/** New links one address may ask for per window (a desktop asks again only when one expires). */
const LINKS_PER_ADDRESS = 30;
const LINK_WINDOW_MS = 15 * 60_000;

const PROBLEM_TEXT = {
  notPng: 'not a PNG image',
  tooLarge: 'the image is too large',
  badSize: 'the image has no size or is too wide or tall',
  opaque: 'the image has no transparency',
} as const;

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('base64url');
const newSecret = () => randomBytes(24).toString('base64url');
/** A token as links carry it: base64url of 24 bytes. Anything else names no link. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32}$/;
const linkGone = () => notFound('signature link');

export function signatureLinkRoutes(api: Hono<AuthEnv>, ctx: ServerContext): void {
  const limiter = new SlidingWindowLimiter('signature-link', LINKS_PER_ADDRESS, LINK_WINDOW_MS, ctx.limitStore);
  api.use(
    '/signature-links/*',
    limitBody(SIGNATURE_BODY_MAX, `a signature body is at most ${SIGNATURE_BODY_MAX} bytes`),
  );

  // The desktop asks with its session: phone signing is a plan feature of its team (#32). The
  // phone's side stays sessionless; its link's token is its only key.
  api.post('/signature-links', requireSession(ctx.db), async (c) => {
    const userId = c.get('session').userId;
    const team = await teamOfRequest(ctx.db, userId, c.req.header('tenant-key'));
    await requirePlanFeature(ctx.db, team.id, 'signature', userId);
    const taken = await limiter.take(ctx.clientAddress(c));
    if (!taken.allowed) {
      c.header('Retry-After', String(taken.retryAfterSeconds));
      throw new ApiError(429, BODY_CODE.tooManyAttempts, 'Forbidden', 'too many signature links; try again later');
    }
    // Expired links are swept as new ones are made: the table holds only minutes of links.
    await ctx.db.query('DELETE FROM signature_links WHERE expires_at < now()');
    const token = newSecret();
    const watch = newSecret();
    const expiresAt = Date.now() + SIGNATURE_LINK_TTL_MS;
    await ctx.db.query('INSERT INTO signature_links (token_hash, watch_hash, expires_at) VALUES ($1, $2, $3)', [
      hashOf(token),
      hashOf(watch),
      new Date(expiresAt),
    ]);
    return ok<SignatureLinkDto>(c, { token, watch, expiresAt });
  });

  // Before the `:token` routes, so 'collect' is never read as a token.
  api.post('/signature-links/collect', async (c) => {
    const { watch } = await readBody(c, collectSignatureBody);
    const [row] = await ctx.db.query<{ expires_at: Date | string; signed: boolean }>(
      'SELECT expires_at, signed_at IS NOT NULL AS signed FROM signature_links WHERE watch_hash = $1',
      [hashOf(watch)],
    );
    if (!row) throw linkGone();
    if (!row.signed) {
      if (new Date(row.expires_at).getTime() < Date.now()) throw linkGone();
      return ok<CollectedSignatureDto>(c, { status: 'waiting', expiresAt: new Date(row.expires_at).getTime() });
    }
    // Handed over once: the DELETE that returns the row is the one that answers with it.
    const [signed] = await ctx.db.query<{ png: Uint8Array; width: number; height: number }>(
      'DELETE FROM signature_links WHERE watch_hash = $1 AND signed_at IS NOT NULL RETURNING png, width, height',
      [hashOf(watch)],
    );
    if (!signed) throw linkGone();
    return ok<CollectedSignatureDto>(c, {
      status: 'signed',
      png: bytesToBase64(new Uint8Array(signed.png)),
      width: signed.width,
      height: signed.height,
    });
  });

  api.get('/signature-links/:token', async (c) => {
    const token = c.req.param('token');
    if (!TOKEN_SHAPE.test(token)) throw linkGone();
    const [row] = await ctx.db.query<{ expires_at: Date | string }>(
      'SELECT expires_at FROM signature_links WHERE token_hash = $1 AND signed_at IS NULL AND expires_at > now()',
      [hashOf(token)],
    );
    if (!row) throw linkGone();
    return ok(c, { expiresAt: new Date(row.expires_at).getTime() });
  });

  api.put('/signature-links/:token', async (c) => {
    const token = c.req.param('token');
    if (!TOKEN_SHAPE.test(token)) throw linkGone();
    const body = await readBody(c, signatureLinkPngBody);
    const bytes = base64ToBytes(body.png);
    if (!bytes) throw invalid('png is not base64', [{ path: 'png', reason: 'not base64' }]);
    const problem = signatureProblem(bytes);
    const info = pngInfo(bytes);
    if (problem || !info) {
      const reason = PROBLEM_TEXT[problem ?? 'notPng'];
      throw invalid(reason, [{ path: 'png', reason }]);
    }
    // One statement decides "once": of two phones sending at the same moment, one updates the row.
    const taken = await ctx.db.query(
      `UPDATE signature_links SET png = $2, width = $3, height = $4, signed_at = now()
       WHERE token_hash = $1 AND signed_at IS NULL AND expires_at > now() RETURNING 1`,
      [hashOf(token), bytes, info.width, info.height],
    );
    if (taken.length === 0) throw linkGone();
    return ok(c, null);
  });
}
