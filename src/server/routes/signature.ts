/**
 * The signed-in user's signature (#31): GET, PUT (replace), DELETE at /api/user/signature. The app
 * keeps the signature on the device first; this copy follows the account to other devices. The
 * body is schema-checked, then the bytes themselves: a transparent PNG within the size bounds.
 * Saving needs the signature feature in the plan of the request's team (tenant-key, else default).
 */
import type { Hono } from 'hono';
import { putSignatureBody, type SignatureDto } from '../../api/contract';
import { base64ToBytes, bytesToBase64, pngInfo, signatureProblem } from '../../core/data/signatureImage';
import type { AuthEnv } from '../auth';
import type { ServerContext } from '../context';
import { invalid, limitBody, notFound, ok, readBody } from '../envelope';
import { requirePlanFeature } from '../plans';
import { teamOfRequest } from '../teams';

const PROBLEM_TEXT = {
  notPng: 'not a PNG image',
  tooLarge: 'the image is too large',
  badSize: 'the image has no size or is too wide or tall',
  opaque: 'the image has no transparency',
} as const;

interface SignatureRow {
  png: Uint8Array;
  width: number;
  height: number;
  updated_at: Date | string;
}

const dtoOf = (row: SignatureRow): SignatureDto => ({
  png: bytesToBase64(new Uint8Array(row.png)),
  width: row.width,
  height: row.height,
  updatedAt: new Date(row.updated_at).getTime(),
});

/** The largest body the PUT reads: the base64 image plus room for the JSON around it. */
export const SIGNATURE_BODY_MAX = (putSignatureBody.shape.png.maxLength ?? 0) + 1024;

export function signatureRoutes(api: Hono<AuthEnv>, ctx: ServerContext): void {
  // Far below the API's general limit: a signature never needs megabytes, so none are read.
  api.use('/user/signature', limitBody(SIGNATURE_BODY_MAX, `a signature body is at most ${SIGNATURE_BODY_MAX} bytes`));
  api.get('/user/signature', async (c) => {
    const [row] = await ctx.db.query<SignatureRow>(
      'SELECT png, width, height, updated_at FROM user_signatures WHERE user_id = $1',
      [c.get('session').userId],
    );
    if (!row) throw notFound('signature');
    return ok(c, dtoOf(row));
  });

  api.put('/user/signature', async (c) => {
    // Keeping a signature is a plan feature (spec 000 §6, #32); reading back and deleting one never are.
    const userId = c.get('session').userId;
    const team = await teamOfRequest(ctx.db, userId, c.req.header('tenant-key'));
    await requirePlanFeature(ctx.db, team.id, 'signature', userId);
    const body = await readBody(c, putSignatureBody);
    const bytes = base64ToBytes(body.png);
    if (!bytes) throw invalid('png is not base64', [{ path: 'png', reason: 'not base64' }]);
    const problem = signatureProblem(bytes);
    const info = pngInfo(bytes);
    if (problem || !info) {
      const reason = PROBLEM_TEXT[problem ?? 'notPng'];
      throw invalid(reason, [{ path: 'png', reason }]);
    }
    const [row] = await ctx.db.query<SignatureRow>(
      `INSERT INTO user_signatures (user_id, png, width, height, updated_at) VALUES ($1, $2, $3, $4, now())
       ON CONFLICT (user_id) DO UPDATE SET png = excluded.png, width = excluded.width, height = excluded.height,
         updated_at = excluded.updated_at
       RETURNING png, width, height, updated_at`,
      [c.get('session').userId, bytes, info.width, info.height],
    );
    if (!row) throw notFound('signature');
    return ok(c, dtoOf(row));
  });

  api.delete('/user/signature', async (c) => {
    await ctx.db.query('DELETE FROM user_signatures WHERE user_id = $1', [c.get('session').userId]);
    return ok(c, null);
  });
}
