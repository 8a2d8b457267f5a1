/**
 * #33 item 4 on PGlite and PostgreSQL: a user lists their own sessions (which browser, when last
 * used, which one is asking) and revokes any of them; nobody else's can be named.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db';
import { startTestServer, type TestServer, testBackends } from './testing';

describe.each(testBackends())('own sessions on $name', (backend) => {
  let db: Database;
  let server: TestServer;

  beforeAll(async () => {
    db = await backend.open();
    server = await startTestServer(db);
  }, 240_000);
  afterAll(async () => {
    await server?.close();
    if (db) await backend.dispose(db);
  }, 60_000);

  const login = async (email: string, agent: string) => {
    const reply = await server.call('POST', '/api/auth/login', {
      body: { email, password: 'correct horse' },
      headers: { 'user-agent': agent },
    });
    expect(reply.code, reply.msg).toBe(0);
    return reply.data.token as string;
  };

  it('lists the sessions of their owner only, marks the asking one, and revokes one without the others', async () => {
    const me = await server.register('Me');
    const phone = await login(me.email, 'Phone Browser/1');
    const laptop = await login(me.email, 'Laptop Browser/2');
    const other = await server.register('Other');

    const listed = await server.call('GET', '/api/user/sessions', { token: laptop });
    expect(listed.data).toHaveLength(3);
    const byAgent = Object.fromEntries(listed.data.map((s: { userAgent: string }) => [s.userAgent, s]));
    expect(byAgent['Laptop Browser/2'].current).toBe(true);
    expect(byAgent['Phone Browser/1'].current).toBe(false);
    expect(listed.data.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    for (const s of listed.data) {
      expect(s.id).toMatch(/^[0-9a-f]{16}$/);
      expect(s.expiresAt).toBeGreaterThan(s.lastUsedAt);
    }
    // Nothing of another user's is listed, and another user cannot revoke mine.
    const theirs = await server.call('GET', '/api/user/sessions', { token: other.token });
    expect(theirs.data).toHaveLength(1);
    const phoneId = byAgent['Phone Browser/1'].id;
    expect((await server.call('DELETE', `/api/user/sessions/${phoneId}`, { token: other.token })).status).toBe(404);
    expect((await server.call('GET', '/api/user', { token: phone })).status).toBe(200);

    expect((await server.call('DELETE', `/api/user/sessions/${phoneId}`, { token: laptop })).code).toBe(0);
    expect((await server.call('GET', '/api/user', { token: phone })).status).toBe(401);
    expect((await server.call('GET', '/api/user', { token: me.token })).status).toBe(200);
    expect((await server.call('GET', '/api/user/sessions', { token: laptop })).data).toHaveLength(2);
    // Revoking the asking session signs it out.
    const laptopId = byAgent['Laptop Browser/2'].id;
    expect((await server.call('DELETE', `/api/user/sessions/${laptopId}`, { token: laptop })).code).toBe(0);
    expect((await server.call('GET', '/api/user', { token: laptop })).status).toBe(401);
  });

  it('rotates a session: a new token works, the old one no longer does', async () => {
    const me = await server.register('Rotor');
    const rotated = await server.call('POST', '/api/auth/rotate', { token: me.token, body: {} });
    expect(rotated.code, rotated.msg).toBe(0);
    expect(rotated.data.token).not.toBe(me.token);
    expect(rotated.data.userId).toBe(me.userId);
    expect((await server.call('GET', '/api/user', { token: me.token })).status).toBe(401);
    expect((await server.call('GET', '/api/user', { token: rotated.data.token })).data.email).toBe(me.email);
    expect((await server.call('POST', '/api/auth/rotate', { token: me.token, body: {} })).status).toBe(401);
  });
});
