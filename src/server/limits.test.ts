/**
 * Issue 26, item 7: passwords and sign-in. The sliding-window limiter (O(1) per request, bounded
 * memory), password spraying from one address, and on PostgreSQL one count shared by every
 * server process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db';
import { checkPassword } from './passwords';
import { MemoryLimitStore, SlidingWindowLimiter } from './rateLimit';
import { startTestServer, type TestServer, testBackends } from './testing';

describe('the sliding-window limiter', () => {
  it('allows max per window, counts the previous window by its overlap, and says when to retry', async () => {
    const limiter = new SlidingWindowLimiter('t', 3, 60_000, new MemoryLimitStore());
    const t0 = 600_000;
    for (let i = 0; i < 3; i++) expect((await limiter.take('k', t0 + i)).allowed).toBe(true);
    const refused = await limiter.take('k', t0 + 10);
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 60 });
    // Half-way into the next window, half of the previous window's 3 still counts (1.5): one more fits.
    expect((await limiter.take('k', t0 + 90_000)).allowed).toBe(true);
    expect((await limiter.take('k', t0 + 90_001)).allowed).toBe(false);
    // Two windows later nothing of it is left.
    for (let i = 0; i < 3; i++) expect((await limiter.take('k', t0 + 240_000 + i)).allowed).toBe(true);
    await limiter.reset('k');
    expect((await limiter.check('k', t0 + 240_010)).allowed).toBe(true);
  });

  it('keeps memory bounded past 100,000 keys: expired keys leave as new ones arrive', async () => {
    const store = new MemoryLimitStore();
    const limiter = new SlidingWindowLimiter('t', 10, 60_000, store);
    for (let i = 0; i < 100_000; i++) await limiter.count(`old-${i}`, 1_000 + (i % 1000));
    expect(store.size).toBe(100_000);
    // Two windows on, each new key drops up to two expired ones from the head of the map: after
    // 50,000 new keys every old one is gone.
    for (let i = 0; i < 60_000; i++) await limiter.count(`new-${i}`, 200_000);
    expect(store.size).toBe(60_000);
  });
});

describe('password rules', () => {
  it('refuses short, common, repeated and e-mail passwords', () => {
    for (const bad of ['short', 'password1', 'Qwerty123', 'aaaaaaaaaa', 'ann@example.test', 'ANN@example.test'])
      expect(() => checkPassword(bad, 'ann@example.test'), bad).toThrow(/too easy to guess/);
    expect(() => checkPassword('annabelle', 'annabelle@example.test')).toThrow();
    expect(() => checkPassword('staple battery horse', 'ann@example.test')).not.toThrow();
  });
});

describe.each(testBackends())('sign-in limits on $name', (backend) => {
  let db: Database;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    db = await backend.open();
    const config = { loginMaxFailures: 3, loginMaxFailuresPerAddress: 5 };
    a = await startTestServer(db, { config });
    // A second server process on the same database (PostgreSQL: several processes serve one team).
    b = await startTestServer(db, { config });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    if (db) await backend.dispose(db);
  });

  it('refuses weak passwords at registration, change and reset', async () => {
    const email = `weak.${Date.now()}@example.test`;
    for (const password of ['password123', email, '12345678']) {
      const answer = await a.call('POST', '/api/auth/register', { body: { email, password, name: 'W' } });
      expect([answer.status, answer.data.error]).toEqual([400, 'PasswordTooWeak']);
    }
    const user = await a.register();
    const change = await a.call('POST', '/api/auth/update-password', {
      token: user.token,
      body: { oldPassword: 'correct horse', newPassword: 'iloveyou' },
    });
    expect(change.data.error).toBe('PasswordTooWeak');
  });

  it('limits one address trying one password against many accounts', async () => {
    const users = [];
    for (let i = 0; i < 3; i++) users.push(await a.register());
    let refused = 0;
    for (let i = 0; i < 8; i++) {
      const email = `nobody${i}.${Date.now()}@example.test`;
      const answer = await a.call('POST', '/api/auth/login', { body: { email, password: 'Summer2024!' } });
      if (answer.status === 429) refused++;
    }
    expect(refused).toBe(3);
    // Even the right password for a real account waits now, from this address.
    const real = await a.call('POST', '/api/auth/login', {
      body: { email: users[0]?.email, password: 'correct horse' },
    });
    expect(real.status).toBe(429);
    expect(Number(real.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  // The embedded database has one server process (its folder is locked), so one count in memory.
  if (backend.name === 'postgres')
    it('shares the count between server processes on PostgreSQL', async () => {
      await db.query('DELETE FROM rate_limits');
      const user = await a.register();
      for (let i = 0; i < 3; i++) {
        const server = i % 2 === 0 ? a : b;
        const wrong = await server.call('POST', '/api/auth/login', {
          body: { email: user.email, password: 'wrong one!' },
        });
        expect(wrong.status).toBe(401);
      }
      const fourth = await b.call('POST', '/api/auth/login', {
        body: { email: user.email, password: 'correct horse' },
      });
      expect(fourth.status).toBe(429);
    });
});
