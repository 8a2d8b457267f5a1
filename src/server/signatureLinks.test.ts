/**
 * The QR signing relay (#31) on PGlite and, with DATABASE_URL, PostgreSQL: a link carries one
 * transparent PNG from a phone to the desktop that holds its watch secret — once, before it
 * expires; only the desktop's request for a link carries a session (its team's plan decides, #32).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPAQUE_PNG_BASE64, RGBA_PNG_BASE64 } from '../core/data/__fixtures__/signaturePngs';
import type { Database } from './db';
import { SIGNATURE_BODY_MAX } from './routes/signature';
import { type Caller, grantPlan, startTestServer, type TestServer, testBackends } from './testing';

describe.each(testBackends())('signature links on $name', (backend) => {
  let db: Database;
  let server: TestServer;
  let call: Caller;
  let deskToken = '';

  beforeAll(async () => {
    db = await backend.open();
    server = await startTestServer(db);
    call = server.call;
    // Asking for a link needs a session whose team's plan has signatures (#32); the phone needs nothing.
    const desk = await server.register('Desk');
    await grantPlan(db, desk.teamId, 'ENTERPRISE');
    deskToken = desk.token;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    if (db) await backend.dispose(db);
  });

  const newLink = async () => {
    const made = await call('POST', '/api/signature-links', { token: deskToken });
    expect(made.code, made.msg).toBe(0);
    return made.data as { token: string; watch: string; expiresAt: number };
  };

  it('carries the phone’s PNG to the desktop once, with no session on the phone', async () => {
    const link = await newLink();
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(link.watch).not.toBe(link.token);
    expect(link.expiresAt).toBeGreaterThan(Date.now());

    expect((await call('POST', '/api/signature-links/collect', { body: { watch: link.watch } })).data).toMatchObject({
      status: 'waiting',
    });
    expect((await call('GET', `/api/signature-links/${link.token}`)).code).toBe(0);

    const sent = await call('PUT', `/api/signature-links/${link.token}`, { body: { png: RGBA_PNG_BASE64 } });
    expect(sent.code, sent.msg).toBe(0);
    // Works once: the link is closed to a second phone and to the same one again.
    expect((await call('GET', `/api/signature-links/${link.token}`)).status).toBe(404);
    expect((await call('PUT', `/api/signature-links/${link.token}`, { body: { png: RGBA_PNG_BASE64 } })).status).toBe(
      404,
    );

    // The token alone reads nothing: the image goes only to the holder of the watch secret.
    expect((await call('POST', '/api/signature-links/collect', { body: { watch: link.token } })).status).toBe(404);
    const got = await call('POST', '/api/signature-links/collect', { body: { watch: link.watch } });
    expect(got.data).toEqual({ status: 'signed', png: RGBA_PNG_BASE64, width: 120, height: 40 });
    // Handed over once, then gone from the server.
    expect((await call('POST', '/api/signature-links/collect', { body: { watch: link.watch } })).status).toBe(404);
    expect((await db.query('SELECT 1 FROM signature_links WHERE signed_at IS NOT NULL')).length).toBe(0);
  });

  it('stores hashes only, never the secrets', async () => {
    const link = await newLink();
    const rows = await db.query<{ token_hash: string; watch_hash: string }>(
      'SELECT token_hash, watch_hash FROM signature_links',
    );
    const stored = rows.flatMap((r) => [r.token_hash, r.watch_hash]);
    expect(stored).not.toContain(link.token);
    expect(stored).not.toContain(link.watch);
  });

  it('fails after it expires, for the phone and the desktop alike', async () => {
    const link = await newLink();
    const other = await newLink();
    await db.query("UPDATE signature_links SET expires_at = now() - interval '1 second'");
    expect((await call('GET', `/api/signature-links/${link.token}`)).status).toBe(404);
    expect((await call('PUT', `/api/signature-links/${link.token}`, { body: { png: RGBA_PNG_BASE64 } })).status).toBe(
      404,
    );
    expect((await call('POST', '/api/signature-links/collect', { body: { watch: link.watch } })).status).toBe(404);
    // The next new link sweeps the expired ones away.
    await newLink();
    const left = await db.query('SELECT 1 FROM signature_links WHERE expires_at < now()');
    expect(left.length).toBe(0);
    expect((await call('GET', `/api/signature-links/${other.token}`)).status).toBe(404);
  });

  it('answers an unknown or malformed token as it answers a used one', async () => {
    for (const token of ['A'.repeat(32), 'short', '..%2F..', 'collect']) {
      expect((await call('GET', `/api/signature-links/${token}`)).status, token).toBe(404);
    }
  });

  it('takes only a transparent PNG within the bounds, and the link stays open after a refusal', async () => {
    const link = await newLink();
    const cases: [unknown, number][] = [
      [{}, 400],
      [{ png: 'not base64!' }, 400],
      [{ png: OPAQUE_PNG_BASE64 }, 400],
    ];
    for (const [body, status] of cases) {
      expect((await call('PUT', `/api/signature-links/${link.token}`, { body })).status).toBe(status);
    }
    const huge = await call('PUT', `/api/signature-links/${link.token}`, {
      rawBody: JSON.stringify({ png: 'A'.repeat(SIGNATURE_BODY_MAX + 10) }),
    });
    expect(huge.status).toBe(413);
    expect((await call('GET', `/api/signature-links/${link.token}`)).code).toBe(0);
  });
});
