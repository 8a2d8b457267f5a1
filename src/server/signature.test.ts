/**
 * The account's signature (#31) on PGlite and, with DATABASE_URL, PostgreSQL: kept per user,
 * replaced on save, checked as a transparent PNG, bounded in size, private to its owner.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPAQUE_PNG_BASE64, RGBA_PNG_BASE64 } from '../core/data/__fixtures__/signaturePngs';
import { SIGNATURE_MAX_BYTES } from '../core/data/signatureImage';
import type { Database } from './db';
import { SIGNATURE_BODY_MAX } from './routes/signature';
import { type Caller, grantPlan, startTestServer, type TestServer, testBackends } from './testing';

// PNGs written by Python's zlib (src/core/data/__fixtures__/make_signature_pngs.py).
const png = (name: string) => (name === 'signature-rgba.png' ? RGBA_PNG_BASE64 : OPAQUE_PNG_BASE64);

describe.each(testBackends())('user signature on $name', (backend) => {
  let db: Database;
  let server: TestServer;
  let call: Caller;

  beforeAll(async () => {
    db = await backend.open();
    server = await startTestServer(db);
    call = server.call;
  }, 60_000);
  /** Keeping a signature is a plan feature (#32): these accounts' teams are on the enterprise plan. */
  const register = async (name: string) => {
    const user = await server.register(name);
    await grantPlan(db, user.teamId, 'ENTERPRISE');
    return user;
  };
  afterAll(async () => {
    await server?.close();
    if (db) await backend.dispose(db);
  });

  it('saves, reads back, replaces and deletes the signed-in user’s signature', async () => {
    const ann = await register('Ann');
    expect((await call('GET', '/api/user/signature', { token: ann.token })).status).toBe(404);

    const saved = await call('PUT', '/api/user/signature', {
      token: ann.token,
      body: { png: png('signature-rgba.png') },
    });
    expect(saved.code, saved.msg).toBe(0);
    expect(saved.data).toMatchObject({ png: png('signature-rgba.png'), width: 120, height: 40 });

    const read = await call('GET', '/api/user/signature', { token: ann.token });
    expect(read.data.png).toBe(png('signature-rgba.png'));

    // A second save replaces the first: one signature per account.
    const bytes = Buffer.from(png('signature-rgba.png'), 'base64');
    bytes.writeUInt32BE(60, 16); // a 60-wide header: still a PNG the checks accept
    const again = await call('PUT', '/api/user/signature', {
      token: ann.token,
      body: { png: bytes.toString('base64') },
    });
    expect(again.data.width).toBe(60);
    expect((await db.query('SELECT 1 FROM user_signatures WHERE user_id = $1', [ann.userId])).length).toBe(1);

    expect((await call('DELETE', '/api/user/signature', { token: ann.token })).code).toBe(0);
    expect((await call('GET', '/api/user/signature', { token: ann.token })).status).toBe(404);
  });

  it('is the owner’s alone and needs a session', async () => {
    const ann = await register('Ann');
    const bob = await register('Bob');
    await call('PUT', '/api/user/signature', { token: ann.token, body: { png: png('signature-rgba.png') } });
    expect((await call('GET', '/api/user/signature', { token: bob.token })).status).toBe(404);
    expect((await call('GET', '/api/user/signature')).status).toBe(401);
    expect((await call('PUT', '/api/user/signature', { body: { png: png('signature-rgba.png') } })).status).toBe(401);
  });

  it('refuses what is not a transparent PNG, naming the field', async () => {
    const ann = await register('Ann');
    const cases: [unknown, string][] = [
      [{}, 'png'],
      [{ png: 42 }, 'png'],
      [{ png: 'not base64!' }, 'not base64'],
      [{ png: Buffer.from('<svg/>').toString('base64') }, 'not a PNG'],
      [{ png: png('signature-opaque.png') }, 'no transparency'],
    ];
    for (const [body, says] of cases) {
      const reply = await call('PUT', '/api/user/signature', { token: ann.token, body });
      expect(reply.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(reply.msg).toContain(says);
    }
    expect((await call('GET', '/api/user/signature', { token: ann.token })).status).toBe(404);
  });

  it('refuses an image over the size limit and a body over the route’s limit', async () => {
    const ann = await register('Ann');
    const big = Buffer.alloc(SIGNATURE_MAX_BYTES + 3);
    Buffer.from(png('signature-rgba.png'), 'base64').copy(big);
    const tooBig = await call('PUT', '/api/user/signature', {
      token: ann.token,
      body: { png: big.toString('base64') },
    });
    expect(tooBig.status).toBe(400);

    const huge = await call('PUT', '/api/user/signature', {
      token: ann.token,
      rawBody: JSON.stringify({ png: 'A'.repeat(SIGNATURE_BODY_MAX + 10) }),
    });
    expect(huge.status).toBe(413);
  });
});
