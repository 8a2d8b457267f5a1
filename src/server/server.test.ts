import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_CODE } from '../api/contract';
import type { Database } from './db';
import { purgeExpired } from './retention';
import { type Caller, startTestServer, type TestServer, testBackends } from './testing';

const content = (n: number | string) => JSON.stringify({ document: { pages: [] }, n });

describe.each(testBackends())('server on $name', (backend) => {
  let db: Database;
  let server: TestServer;
  let call: Caller;

  beforeAll(async () => {
    db = await backend.open();
    server = await startTestServer(db, { config: { loginMaxFailures: 3, maxBodyBytes: 200_000 } });
    call = server.call;
  });
  afterAll(async () => {
    await server?.close();
    if (db) await backend.dispose(db);
  });

  /** A user with a team document, ready for templates. */
  async function userWithDoc() {
    const user = await server.register('Owner');
    const doc = await call('POST', `/api/teams/${user.teamId}/docs`, { token: user.token, body: { name: 'Invoices' } });
    const base = `/api/teams/${user.teamId}/docs/${doc.data.id}/templates`;
    return { ...user, docId: doc.data.id as string, base };
  }

  describe('one origin', () => {
    it('serves the app through the static handler with security headers, and the API beside it', async () => {
      const app = await startTestServer(db, {
        config: { frameAncestors: ["'self'", 'https://host.example'] },
        staticHandler: (_req, res) => {
          res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Quire</title>');
        },
      });
      try {
        const page = await fetch(`${app.url}/workspace/deep/link`);
        expect(await page.text()).toContain('<title>Quire</title>');
        const csp = page.headers.get('content-security-policy') ?? '';
        expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
        expect(csp).toContain("worker-src 'self'");
        expect(csp).toContain("frame-ancestors 'self' https://host.example");
        expect(csp).not.toMatch(/https?:\/\/(?!host\.example)/);
        expect(page.headers.get('x-content-type-options')).toBe('nosniff');
        expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
        expect((await app.call('GET', '/api/health')).code).toBe(0);
      } finally {
        await app.close();
      }
    });
  });

  describe('another origin', () => {
    it('answers CORS only for the configured app origins; the app served here may connect to configured servers', async () => {
      const other = await startTestServer(db, {
        config: { corsOrigins: ['https://app.example'], connectOrigins: ['https://sync.example'] },
        staticHandler: (_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html>'),
      });
      try {
        const preflight = (origin: string) =>
          fetch(`${other.url}/api/auth/login`, {
            method: 'OPTIONS',
            headers: {
              origin,
              'access-control-request-method': 'POST',
              'access-control-request-headers': 'content-type,app-version,lang',
            },
          });
        const allowed = await preflight('https://app.example');
        expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example');
        expect(allowed.headers.get('access-control-allow-headers')).toContain('app-version');
        expect(allowed.headers.get('access-control-allow-credentials')).toBeNull();
        const refused = await preflight('https://evil.example');
        expect(refused.headers.get('access-control-allow-origin')).toBeNull();
        const health = await fetch(`${other.url}/api/health`, { headers: { origin: 'https://evil.example' } });
        expect(health.headers.get('access-control-allow-origin')).toBeNull();
        const csp = (await fetch(`${other.url}/`)).headers.get('content-security-policy') ?? '';
        expect(csp).toContain("connect-src 'self' blob: data: https://sync.example");
        // This test's server was given no CORS origins: nobody else's page may call it.
        const own = await fetch(`${server.url}/api/health`, { headers: { origin: 'https://app.example' } });
        expect(own.headers.get('access-control-allow-origin')).toBeNull();
      } finally {
        await other.close();
      }
    });
  });

  describe('envelope and accounts', () => {
    it('answers health with code 0 and no login', async () => {
      const reply = await call('GET', '/api/health');
      expect(reply.status).toBe(200);
      expect(reply.code).toBe(0);
      expect(reply.headers.get('cache-control')).toBe('no-store');
    });

    it('registers, logs in, reads and renames the user, logs out', async () => {
      const email = `ann.${Date.now()}@example.test`;
      const reg = await call('POST', '/api/auth/register', {
        body: { email: ` ${email.toUpperCase()} `, password: 'long enough', name: 'Ann' },
      });
      expect(reg.code).toBe(0);
      expect(reg.data).toEqual({
        token: expect.any(String),
        userId: expect.any(String),
        expireAt: expect.any(Number),
        tenantKey: expect.stringMatching(/^key_/),
      });
      const again = await call('POST', '/api/auth/register', { body: { email, password: 'long enough', name: 'A' } });
      expect(again.status).toBe(400);
      expect(again.data.error).toBe('DataInvalid');

      const login = await call('POST', '/api/auth/login', { body: { email, password: 'long enough' } });
      expect(login.code).toBe(0);
      const token = login.data.token as string;
      const me = await call('GET', '/api/user', { token });
      expect(me.data).toMatchObject({ id: reg.data.userId, email, name: 'Ann', tenantName: 'Ann' });
      const renamed = await call('PUT', '/api/user', { token, body: { name: 'Ann B.' } });
      expect(renamed.data.name).toBe('Ann B.');

      expect((await call('POST', '/api/auth/logout', { token })).code).toBe(0);
      const after = await call('GET', '/api/user', { token });
      expect(after.status).toBe(401);
      expect(after.code).toBe(BODY_CODE.unauthorized);
      // The registration's own session is still valid: logout ends one session only.
      expect((await call('GET', '/api/user', { token: reg.data.token })).code).toBe(0);
    });

    it('answers 401 for a missing, malformed, unknown or expired token', async () => {
      const user = await server.register();
      expect((await call('GET', '/api/teams')).status).toBe(401);
      expect((await call('GET', '/api/teams', { headers: { authorization: 'Basic abc' } })).status).toBe(401);
      expect((await call('GET', '/api/teams', { token: 'x'.repeat(43) })).status).toBe(401);
      await db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [user.userId]);
      const expired = await call('GET', '/api/teams', { token: user.token });
      expect(expired.status).toBe(401);
      expect(expired.data.error).toBe('NotLogin');
    });

    it('stores passwords and tokens only as hashes', async () => {
      const user = await server.register();
      const [row] = await db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [
        user.userId,
      ]);
      expect(row?.password_hash).toMatch(/^scrypt\$16384\$8\$1\$/);
      expect(row?.password_hash).not.toContain('correct horse');
      const sessions = await db.query<{ token_hash: string }>('SELECT token_hash FROM sessions WHERE user_id = $1', [
        user.userId,
      ]);
      expect(sessions.map((s) => s.token_hash)).not.toContain(user.token);
      expect(sessions[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    });

    it('rate-limits failed logins per email', async () => {
      const user = await server.register();
      for (let i = 0; i < 3; i++) {
        const wrong = await call('POST', '/api/auth/login', { body: { email: user.email, password: 'wrong one' } });
        expect(wrong.status).toBe(401);
        expect(wrong.data.error).toBe('InvalidUser');
      }
      const blocked = await call('POST', '/api/auth/login', { body: { email: user.email, password: 'correct horse' } });
      expect(blocked.status).toBe(429);
      expect(blocked.code).toBe(BODY_CODE.tooManyAttempts);
    });

    it('changes the password only with the current one, and signs out other sessions', async () => {
      const user = await server.register();
      const other = await call('POST', '/api/auth/login', { body: { email: user.email, password: 'correct horse' } });
      const refused = await call('POST', '/api/auth/update-password', {
        token: user.token,
        body: { oldPassword: 'nope', newPassword: 'brand new pass' },
      });
      expect(refused.code).not.toBe(0);
      expect(refused.msg).toContain('Password change failed');
      const changed = await call('POST', '/api/auth/update-password', {
        token: user.token,
        body: { oldPassword: 'correct horse', newPassword: 'brand new pass' },
      });
      expect(changed.code).toBe(0);
      expect((await call('GET', '/api/user', { token: other.data.token })).status).toBe(401);
      expect((await call('GET', '/api/user', { token: user.token })).code).toBe(0);
      const login = await call('POST', '/api/auth/login', { body: { email: user.email, password: 'brand new pass' } });
      expect(login.code).toBe(0);
    });
  });

  describe('bad requests', () => {
    it('refuses malformed JSON, wrong types and unknown routes with a code, never a stack', async () => {
      const user = await server.register();
      const malformed = await call('POST', '/api/teams', { token: user.token, rawBody: '{"name":' });
      expect(malformed.status).toBe(400);
      expect(malformed.data.error).toBe('DataInvalid');
      const wrongType = await call('POST', '/api/teams', { token: user.token, body: { name: 42 } });
      expect(wrongType.status).toBe(400);
      expect(wrongType.data.issues).toEqual([{ path: 'name', reason: expect.any(String) }]);
      const route = await call('GET', '/api/nothing-here', { token: user.token });
      expect(route.status).toBe(404);
      expect(JSON.stringify([malformed, wrongType, route])).not.toMatch(/at .*\.ts:\d+/);
    });

    it('refuses bodies over the size limit with 413', async () => {
      const user = await userWithDoc();
      const big = await call('POST', user.base, {
        token: user.token,
        body: { name: 'Big', content: JSON.stringify({ pad: 'x'.repeat(300_000) }) },
      });
      expect(big.status).toBe(413);
      expect(big.code).toBe(BODY_CODE.tooLarge);
    });

    it('refuses template content that is not JSON as a template parse error', async () => {
      const user = await userWithDoc();
      const reply = await call('POST', user.base, { token: user.token, body: { name: 'T', content: '{not json' } });
      expect(reply.status).toBe(400);
      expect(reply.data.error).toBe('TemplateParseError');
    });
  });

  describe('teams and documents', () => {
    it('lists, creates, reads and renames teams; adds a member by email', async () => {
      const owner = await server.register('Owner');
      const member = await server.register('Member');
      const created = await call('POST', '/api/teams', { token: owner.token, body: { name: 'Studio' } });
      expect(created.data).toMatchObject({ name: 'Studio', role: 'owner' });
      const teams = await call('GET', '/api/teams', { token: owner.token });
      expect(teams.data.map((t: { name: string }) => t.name)).toEqual(['Owner', 'Studio']);
      const current = await call('GET', `/api/teams/${created.data.id}/current`, { token: owner.token });
      expect(current.data.teamKey).toBe(created.data.teamKey);
      const renamed = await call('PUT', `/api/teams/${created.data.teamKey}`, {
        token: owner.token,
        body: { name: 'S2' },
      });
      expect(renamed.data.name).toBe('S2');

      const added = await call('POST', `/api/teams/${created.data.id}/members`, {
        token: owner.token,
        body: { email: member.email },
      });
      expect(added.code).toBe(0);
      const seen = await call('GET', `/api/teams/${created.data.id}/current`, { token: member.token });
      expect(seen.data).toMatchObject({ name: 'S2', role: 'member' });
      const notOwner = await call('PUT', `/api/teams/${created.data.teamKey}`, {
        token: member.token,
        body: { name: 'X' },
      });
      expect(notOwner.status).toBe(403);
    });

    it('creates documents (named "New Document" by default), pages, updates, archives, logs and deletes', async () => {
      const user = await server.register();
      const docs = `/api/teams/${user.teamId}/docs`;
      const unnamed = await call('POST', docs, { token: user.token, body: {} });
      expect(unnamed.data.name).toBe('New Document');
      for (const name of ['B', 'C'])
        await call('POST', docs, { token: user.token, body: { name, sampleData: { a: 1 } } });
      const page = await call('GET', `${docs}?pageNo=2&pageSize=2`, { token: user.token });
      expect(page.data.total).toBe(3);
      expect(page.data.list.map((d: { name: string }) => d.name)).toEqual(['C']);
      const id = unnamed.data.id;
      const updated = await call('PUT', `${docs}/${id}`, {
        token: user.token,
        body: { name: 'Orders', dataSource: { t: 1 } },
      });
      expect(updated.data).toMatchObject({ name: 'Orders', dataSource: { t: 1 } });
      expect((await call('PUT', `${docs}/${id}`, { token: user.token, body: {} })).status).toBe(400);
      const archived = await call('PUT', `${docs}/${id}/status`, { token: user.token, body: { status: 'archived' } });
      expect(archived.data.status).toBe('archived');
      const logs = await call('GET', `${docs}/${id}/logs`, { token: user.token });
      expect(logs.data.list.map((l: { action: string }) => l.action)).toEqual([
        'doc.status',
        'doc.update',
        'doc.create',
      ]);
      expect((await call('DELETE', `${docs}/${id}`, { token: user.token })).code).toBe(0);
      expect((await call('GET', `${docs}/${id}`, { token: user.token })).status).toBe(404);
    });
  });

  describe('open-platform templates with version locks', () => {
    it('creates with version 1 and saves drafts only on top of the current version', async () => {
      const user = await userWithDoc();
      const created = await call('POST', user.base, {
        token: user.token,
        body: { name: 'Invoice', content: content(1) },
      });
      expect(created.data).toMatchObject({ name: 'Invoice', version: 1, releaseNo: 0, family: 'open' });
      const url = `${user.base}/${created.data.id}`;
      const saved = await call('PUT', url, {
        token: user.token,
        body: { lastVersion: 1, content: content(2), deps: ['a'] },
      });
      expect(saved.data).toMatchObject({ version: 2, content: content(2), deps: ['a'] });

      const stale = await call('PUT', url, { token: user.token, body: { lastVersion: 1, content: content('stale') } });
      expect(stale.status).toBe(409);
      expect(stale.code).toBe(BODY_CODE.versionConflict);
      expect(stale.data).toMatchObject({ error: 'VersionConflict', current: { version: 2, content: content(2) } });
      const got = await call('GET', url, { token: user.token });
      expect(got.data.content).toBe(content(2));
    });

    it('lets exactly one of many concurrent writers on one version win', async () => {
      const user = await userWithDoc();
      const created = await call('POST', user.base, { token: user.token, body: { name: 'Hot', content: content(0) } });
      const url = `${user.base}/${created.data.id}`;
      const replies = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          call('PUT', url, { token: user.token, body: { lastVersion: 1, content: content(`w${i}`) } }),
        ),
      );
      const winners = replies.filter((r) => r.code === 0);
      expect(winners).toHaveLength(1);
      expect(replies.filter((r) => r.status === 409)).toHaveLength(11);
      const final = await call('GET', url, { token: user.token });
      expect(final.data).toMatchObject({ version: 2, content: winners[0]?.data.content });
    });

    it('publishes numbered immutable releases with the lock, lists them, and resets a draft to one', async () => {
      const user = await userWithDoc();
      const created = await call('POST', user.base, { token: user.token, body: { name: 'R', content: content('v1') } });
      const url = `${user.base}/${created.data.id}`;
      const refused = await call('POST', `${url}/publish`, { token: user.token, body: { lastVersion: 7 } });
      expect(refused.status).toBe(409);
      const first = await call('POST', `${url}/publish`, {
        token: user.token,
        body: { lastVersion: 1, note: 'first' },
      });
      expect(first.data.release).toMatchObject({ releaseNo: 1, version: 1, content: content('v1'), note: 'first' });
      // Publishing moves the lock like a save (issue 26).
      expect(first.data.template).toMatchObject({ version: 2, releaseNo: 1 });
      await call('PUT', url, { token: user.token, body: { lastVersion: 2, content: content('v2') } });
      const second = await call('POST', `${url}/publish`, { token: user.token, body: { lastVersion: 3 } });
      expect(second.data.release.releaseNo).toBe(2);

      const releases = await call('GET', `/api/docs/${user.docId}/templates/${created.data.id}/releases`, {
        token: user.token,
      });
      expect(releases.data.map((r: { releaseNo: number; content: string }) => [r.releaseNo, r.content])).toEqual([
        [2, content('v2')],
        [1, content('v1')],
      ]);

      const staleReset = await call('POST', `${url}/reset`, {
        token: user.token,
        body: { lastVersion: 1, releaseNo: 1 },
      });
      expect(staleReset.status).toBe(409);
      const reset = await call('POST', `${url}/reset`, { token: user.token, body: { lastVersion: 4, releaseNo: 1 } });
      expect(reset.data).toMatchObject({ version: 5, content: content('v1') });
      const missing = await call('POST', `${url}/reset`, { token: user.token, body: { lastVersion: 5, releaseNo: 9 } });
      expect(missing.status).toBe(404);

      const enabled = await call('GET', `/api/teams/${user.teamId}/docs/${user.docId}/enabled-templates`, {
        token: user.token,
      });
      expect(enabled.data.list.map((t: { id: string }) => t.id)).toEqual([created.data.id]);
      const served = await call(
        'GET',
        `/api/teams/${user.teamId}/docs/${user.docId}/enabled-templates/${created.data.id}`,
        {
          token: user.token,
        },
      );
      // The enabled template is the latest release (v2), not the draft that was reset to v1.
      expect(served.data).toMatchObject({ content: content('v2'), releaseNo: 2 });
    });

    it('renames, copies, lists with pages and deletes', async () => {
      const user = await userWithDoc();
      const created = await call('POST', user.base, { token: user.token, body: { name: 'A', content: content(1) } });
      const url = `${user.base}/${created.data.id}`;
      const renamed = await call('PUT', `${url}/name`, { token: user.token, body: { name: 'A2' } });
      expect(renamed.data).toMatchObject({ name: 'A2', version: 2 });
      const copy = await call('POST', `${url}/copy`, { token: user.token, body: {} });
      expect(copy.data).toMatchObject({ name: 'A2 (copy)', version: 1, content: content(1) });
      const list = await call('GET', `${user.base}?pageNo=1&pageSize=1`, { token: user.token });
      expect(list.data.total).toBe(2);
      expect(list.data.list).toHaveLength(1);
      expect((await call('DELETE', url, { token: user.token })).code).toBe(0);
      expect((await call('GET', url, { token: user.token })).data.error).toBe('NoTempalte');
      expect((await call('GET', user.base, { token: user.token })).data.total).toBe(1);
    });

    it('refuses a client-chosen id that is already taken', async () => {
      const user = await userWithDoc();
      const body = { id: `tpl_fixed_${Date.now()}`, name: 'X', content: content(1) };
      expect((await call('POST', user.base, { token: user.token, body })).code).toBe(0);
      const again = await call('POST', user.base, { token: user.token, body });
      expect(again.status).toBe(409);
    });
  });

  describe('approval templates', () => {
    it('saves with lastVersionLock, publishes with the lock in the path, lists and reads releases, resets', async () => {
      const user = await server.register();
      const base = '/api/print-approval-v2/templates/APPR-1';
      const created = await call('POST', base, { token: user.token, body: { name: 'Leave', content: content(1) } });
      expect(created.data).toMatchObject({ approvalCode: 'APPR-1', lastVersionLock: 1, family: 'approval' });
      const id = created.data.id;
      const saved = await call('PUT', base, {
        token: user.token,
        body: { templateId: id, lastVersionLock: 1, content: content(2) },
      });
      expect(saved.data.lastVersionLock).toBe(2);
      const stale = await call('PUT', base, {
        token: user.token,
        body: { templateId: id, lastVersionLock: 1, content: '{}' },
      });
      expect(stale.code).toBe(BODY_CODE.versionConflict);
      expect((await call('GET', `${base}?templateId=${id}`, { token: user.token })).data.content).toBe(content(2));

      expect(
        (await call('POST', `${base}/publish-release/1`, { token: user.token, body: { templateId: id } })).status,
      ).toBe(409);
      const published = await call('POST', `${base}/publish-release/2`, {
        token: user.token,
        body: { templateId: id },
      });
      expect(published.data.release).toMatchObject({ releaseNo: 1, version: 2 });
      const releases = await call('GET', `${base}/releases?templateId=${id}`, { token: user.token });
      expect(releases.data).toHaveLength(1);
      const release = await call('GET', `${base}/release?templateId=${id}&version=1`, { token: user.token });
      expect(release.data.content).toBe(content(2));
      await call('PUT', base, { token: user.token, body: { templateId: id, lastVersionLock: 3, content: content(3) } });
      const reset = await call('POST', `${base}/reset`, {
        token: user.token,
        body: { templateId: id, lastVersionLock: 4, version: 1 },
      });
      expect(reset.data).toMatchObject({ content: content(2), lastVersionLock: 5 });
      // Another approval code does not see this template.
      expect(
        (await call('GET', `/api/print-approval-v2/templates/OTHER?templateId=${id}`, { token: user.token })).status,
      ).toBe(404);
    });

    it('manages templates: list, enable/disable, copy, status, outdated set once and never reset, delete', async () => {
      const user = await server.register();
      const manages = '/api/print-approval-v2/template-manages/APPR-2';
      const a = await call('POST', manages, { token: user.token, body: { name: 'A', content: content(1) } });
      const b = await call('POST', manages, { token: user.token, body: { name: 'B', content: content(1) } });
      expect((await call('GET', manages, { token: user.token })).data.total).toBe(2);
      const disabled = await call('POST', `${manages}/enable/${a.data.id}`, {
        token: user.token,
        body: { enabled: false },
      });
      expect(disabled.data.enabled).toBe(false);
      const enabled = await call('GET', `${manages}/enable`, { token: user.token });
      expect(enabled.data.list.map((t: { id: string }) => t.id)).toEqual([b.data.id]);
      const copy = await call('POST', `${manages}/copy/${b.data.id}`, { token: user.token, body: { name: 'B copy' } });
      expect(copy.data.name).toBe('B copy');
      const status = await call('POST', `${manages}/status`, {
        token: user.token,
        body: { templateId: b.data.id, status: 'inactive' },
      });
      expect(status.data.status).toBe('inactive');

      const one = `${manages}/templateId/${b.data.id}`;
      expect((await call('PUT', one, { token: user.token, body: { outdated: true } })).data.outdated).toBe(true);
      expect((await call('PUT', one, { token: user.token, body: { outdated: false } })).status).toBe(400);
      expect((await call('PUT', one, { token: user.token, body: { name: 'B2' } })).data).toMatchObject({
        name: 'B2',
        outdated: true,
      });
      expect((await call('GET', one, { token: user.token })).data.outdated).toBe(true);
      expect((await call('DELETE', one, { token: user.token })).code).toBe(0);
      expect((await call('GET', one, { token: user.token })).status).toBe(404);
    });

    it('scopes approval calls by the tenant-key header to a team the caller belongs to', async () => {
      const user = await server.register();
      const team = await call('POST', '/api/teams', { token: user.token, body: { name: 'Second' } });
      const base = '/api/print-approval-v2/templates/APPR-3';
      const created = await call('POST', base, {
        token: user.token,
        body: { name: 'T', content: content(1) },
        headers: { 'tenant-key': team.data.teamKey },
      });
      expect(created.data.teamId).toBe(team.data.id);
      // Without the header the default team is used, where this template is not.
      expect((await call('GET', `${base}?templateId=${created.data.id}`, { token: user.token })).status).toBe(404);
      const stranger = await server.register();
      const foreign = await call('GET', `${base}?templateId=${created.data.id}`, {
        token: stranger.token,
        headers: { 'tenant-key': team.data.teamKey },
      });
      expect(foreign.status).toBe(404);
    });
  });

  describe('main-API print templates', () => {
    it('creates, lists with category and filters, reads, saves with a lock and deletes', async () => {
      const user = await server.register();
      const make = (name: string, tableId: string, category: number) =>
        call('POST', '/api/print-templates', {
          token: user.token,
          body: { name, tableId, baseId: 'base1', category, content: content(name), type: 1 },
        });
      const first = await make('Invoice', 'tblA', 1);
      await make('Receipt', 'tblA', 2);
      await make('Label', 'tblB', 2);
      const board = await call('GET', '/api/print-templates?baseId=base1&category=2', { token: user.token });
      expect(board.data.list.map((t: { name: string }) => t.name)).toEqual(['Receipt', 'Label']);
      const byTable = await call('GET', '/api/print-templates?tableId=tblA&name=inv', { token: user.token });
      expect(byTable.data).toMatchObject({ total: 1, list: [{ name: 'Invoice' }] });

      const url = `/api/print-templates/code/${first.data.id}`;
      expect((await call('GET', url, { token: user.token })).data.tableId).toBe('tblA');
      const saved = await call('PUT', url, {
        token: user.token,
        body: { name: 'Invoice 2', content: content(9), lastVersion: 1 },
      });
      expect(saved.data).toMatchObject({ name: 'Invoice 2', version: 2 });
      expect(
        (await call('PUT', url, { token: user.token, body: { content: content(0), lastVersion: 1 } })).status,
      ).toBe(409);
      expect((await call('PUT', url, { token: user.token, body: { content: content(0) } })).status).toBe(400);
      expect((await call('DELETE', url, { token: user.token })).code).toBe(0);
      expect((await call('GET', url, { token: user.token })).status).toBe(404);
    });
  });

  describe('sync client ids (#33 item 5)', () => {
    it("cannot be taken over: a squatter's pushes under the owner's id neither lock the owner out nor touch their count", async () => {
      const owner = await userWithDoc();
      const squatter = await userWithDoc();
      const content = (text: string) => JSON.stringify({ text });
      const mine = await call('POST', owner.base, {
        token: owner.token,
        body: { name: 'Mine', content: content('a') },
      });
      const theirs = await call('POST', squatter.base, {
        token: squatter.token,
        body: { name: 'Theirs', content: content('x') },
      });
      const clientId = `device-${owner.userId}`;
      const push = (token: string, mutations: unknown[]) =>
        call('POST', '/api/sync/push', { token, body: { clientId, mutations } });
      // The squatter learnt the id and pushes under it first, three mutations of their own.
      const squatted = await push(squatter.token, [
        { id: 1, kind: 'template.save', templateId: theirs.data.id, lastVersion: 1, content: content('y') },
        { id: 2, kind: 'template.save', templateId: theirs.data.id, lastVersion: 2, content: content('z') },
        { id: 3, kind: 'template.save', templateId: mine.data.id, lastVersion: 1, content: content('stolen') },
      ]);
      expect(squatted.status).toBe(200);
      expect(squatted.data.lastMutationId).toBe(3);
      expect(squatted.data.results[2]).toMatchObject({ status: 'rejected' });
      // The owner's first push under the same id starts at 1 and applies: no 403, no 409.
      const first = await push(owner.token, [
        { id: 1, kind: 'template.save', templateId: mine.data.id, lastVersion: 1, content: content('b') },
      ]);
      expect([first.status, first.data.lastMutationId, first.data.results[0].status]).toEqual([200, 1, 'applied']);
      // A replay of the owner's mutation 1 answers the owner's own stored answer, never the squatter's.
      const replay = await push(owner.token, [
        { id: 1, kind: 'template.save', templateId: mine.data.id, lastVersion: 1, content: content('b') },
      ]);
      expect(replay.data).toEqual(first.data);
      const read = await call('GET', `${owner.base}/${mine.data.id}`, { token: owner.token });
      expect([read.data.content, read.data.version]).toEqual([content('b'), 2]);
      // And the squatter's own count went on from 3.
      const next = await push(squatter.token, [
        { id: 4, kind: 'template.save', templateId: theirs.data.id, lastVersion: 3, content: content('w') },
      ]);
      expect([next.data.lastMutationId, next.data.results[0].status]).toEqual([4, 'applied']);
    });
  });

  describe('retention (#33 item 3)', () => {
    it('deletes exactly what is due: old finished job results, expired sessions, spent reset and invitation links', async () => {
      const user = await userWithDoc();
      const past = new Date(Date.now() - 2 * 3600_000);
      const soon = new Date(Date.now() + 3600_000);
      await db.query(
        `INSERT INTO doc_instances (id, team_id, doc_id, data, created_by) VALUES ($1, $2, $3, '{}', $4)`,
        [`inst-ret-${user.userId}`, user.teamId, user.docId, user.userId],
      );
      const job = (id: string, status: string, finished: Date | null) =>
        db.query(
          `INSERT INTO render_jobs (id, team_id, doc_id, instance_id, template_id, target_type, status, finished_at)
           VALUES ($1, $2, $3, $4, 't', 'pdf', $5, $6)`,
          [`${id}-${user.userId}`, user.teamId, user.docId, `inst-ret-${user.userId}`, status, finished],
        );
      await job('old-done', 'done', past);
      await job('old-failed', 'failed', past);
      await job('new-done', 'done', new Date());
      await job('queued', 'queued', null);
      const row = (table: string, hash: string, extra: string, values: unknown[]) =>
        db.query(`INSERT INTO ${table} ${extra}`, [`${hash}-${user.userId}`, user.userId, ...values]);
      await row('sessions', 'expired', '(token_hash, user_id, expires_at) VALUES ($1, $2, $3)', [past]);
      await row('sessions', 'live', '(token_hash, user_id, expires_at) VALUES ($1, $2, $3)', [soon]);
      const reset = '(token_hash, user_id, expires_at, used_at) VALUES ($1, $2, $3, $4)';
      await row('password_resets', 'used', reset, [soon, new Date()]);
      await row('password_resets', 'expired', reset, [past, null]);
      await row('password_resets', 'live', reset, [soon, null]);
      const invitation = (id: string, expires: Date, revoked: Date | null) =>
        db.query(
          `INSERT INTO team_invitations (id, team_id, code_hash, prefix, role, created_by, expires_at, revoked_at)
           VALUES ($1, $2, $1, 'p', 'member', $3, $4, $5)`,
          [`${id}-${user.userId}`, user.teamId, user.userId, expires, revoked],
        );
      await invitation('revoked', soon, new Date());
      await invitation('expired', past, null);
      await invitation('live', soon, null);

      await purgeExpired(db, 3600_000);
      const left = async (table: string, column: string) =>
        (
          await db.query<{ id: string }>(`SELECT ${column} AS id FROM ${table} WHERE ${column} LIKE $1 ORDER BY 1`, [
            `%-${user.userId}`,
          ])
        ).map((r) => r.id.replace(`-${user.userId}`, ''));
      expect(await left('render_jobs', 'id')).toEqual(['new-done', 'queued']);
      expect(await left('sessions', 'token_hash')).toEqual(['live']);
      expect(await left('password_resets', 'token_hash')).toEqual(['live']);
      expect(await left('team_invitations', 'id')).toEqual(['live']);
      // The user's real session still works.
      expect((await call('GET', '/api/user', { token: user.token })).status).toBe(200);
    });

    it('keeps instances by default; with a lifetime, deletes the old ones but not one a render still waits on', async () => {
      const user = await userWithDoc();
      const instance = (id: string, age: number) =>
        db.query(
          `INSERT INTO doc_instances (id, team_id, doc_id, data, created_by, created_at) VALUES ($1, $2, $3, '{}', $4, $5)`,
          [`${id}-${user.userId}`, user.teamId, user.docId, user.userId, new Date(Date.now() - age)],
        );
      const day = 24 * 3600_000;
      await instance('old', 3 * day);
      await instance('old-rendering', 3 * day);
      await instance('new', day);
      await db.query(
        `INSERT INTO render_jobs (id, team_id, doc_id, instance_id, template_id, target_type, status)
         VALUES ($1, $2, $3, $4, 't', 'pdf', 'running')`,
        [`job-${user.userId}`, user.teamId, user.docId, `old-rendering-${user.userId}`],
      );
      const left = async () =>
        (await db.query<{ id: string }>('SELECT id FROM doc_instances WHERE team_id = $1', [user.teamId]))
          .map((r) => r.id.replace(`-${user.userId}`, ''))
          .sort();

      await purgeExpired(db, 3600_000);
      expect(await left()).toEqual(['new', 'old', 'old-rendering']);
      const purged = await purgeExpired(db, 3600_000, 2 * day);
      expect(purged.instances).toBeGreaterThanOrEqual(1);
      expect(await left()).toEqual(['new', 'old-rendering']);
      // Once its render finished, the next run takes it too (its job goes with it: ON DELETE CASCADE).
      await db.query(`UPDATE render_jobs SET status = 'done', finished_at = now() WHERE id = $1`, [
        `job-${user.userId}`,
      ]);
      await purgeExpired(db, 3600_000, 2 * day);
      expect(await left()).toEqual(['new']);
    });
  });

  describe('team isolation', () => {
    it("never lets one team's token read or write another team's documents or templates", async () => {
      const owner = await userWithDoc();
      const open = await call('POST', owner.base, {
        token: owner.token,
        body: { name: 'Secret', content: content('s') },
      });
      await call('POST', `${owner.base}/${open.data.id}/publish`, { token: owner.token, body: { lastVersion: 1 } });
      const approval = await call('POST', '/api/print-approval-v2/templates/SHARED', {
        token: owner.token,
        body: { name: 'Secret', content: content('s') },
      });
      const print = await call('POST', '/api/print-templates', {
        token: owner.token,
        body: { name: 'Secret', tableId: 't', baseId: 'b', content: content('s') },
      });
      const intruder = await userWithDoc();
      const t = owner.teamId;
      const d = owner.docId;
      const o = open.data.id;
      const a = approval.data.id;
      const p = print.data.id;
      const routes: [string, string, unknown?][] = [
        ['GET', `/api/teams/${t}/current`],
        ['PUT', `/api/teams/${owner.teamKey}`, { name: 'Hacked' }],
        ['POST', `/api/teams/${t}/members`, { email: intruder.email }],
        ['GET', `/api/teams/${t}/docs`],
        ['POST', `/api/teams/${t}/docs`, { name: 'X' }],
        ['GET', `/api/teams/${t}/docs/${d}`],
        ['PUT', `/api/teams/${t}/docs/${d}`, { name: 'Hacked' }],
        ['PUT', `/api/teams/${t}/docs/${d}/status`, { status: 'archived' }],
        ['GET', `/api/teams/${t}/docs/${d}/logs`],
        ['DELETE', `/api/teams/${t}/docs/${d}`],
        ['GET', `/api/teams/${t}/docs/${d}/templates`],
        ['POST', `/api/teams/${t}/docs/${d}/templates`, { name: 'X', content: '{}' }],
        ['GET', `/api/teams/${t}/docs/${d}/templates/${o}`],
        ['PUT', `/api/teams/${t}/docs/${d}/templates/${o}`, { lastVersion: 1, content: '{}' }],
        ['PUT', `/api/teams/${t}/docs/${d}/templates/${o}/name`, { name: 'Hacked' }],
        ['POST', `/api/teams/${t}/docs/${d}/templates/${o}/copy`, {}],
        ['POST', `/api/teams/${t}/docs/${d}/templates/${o}/publish`, { lastVersion: 1 }],
        ['POST', `/api/teams/${t}/docs/${d}/templates/${o}/reset`, { lastVersion: 1, releaseNo: 1 }],
        ['DELETE', `/api/teams/${t}/docs/${d}/templates/${o}`],
        ['GET', `/api/teams/${t}/docs/${d}/enabled-templates`],
        ['GET', `/api/teams/${t}/docs/${d}/enabled-templates/${o}`],
        ['GET', `/api/docs/${d}/templates/${o}/releases`],
        // The intruder's own team document, pointing at the owner's template: still not found.
        ['GET', `/api/teams/${intruder.teamId}/docs/${intruder.docId}/templates/${o}`],
        [
          'PUT',
          `/api/teams/${intruder.teamId}/docs/${intruder.docId}/templates/${o}`,
          { lastVersion: 1, content: '{}' },
        ],
        ['GET', `/api/print-approval-v2/templates/SHARED?templateId=${a}`],
        ['PUT', '/api/print-approval-v2/templates/SHARED', { templateId: a, lastVersionLock: 1, content: '{}' }],
        ['GET', `/api/print-approval-v2/templates/SHARED/releases?templateId=${a}`],
        ['POST', '/api/print-approval-v2/templates/SHARED/publish-release/1', { templateId: a }],
        ['GET', `/api/print-approval-v2/template-manages/SHARED/templateId/${a}`],
        ['PUT', `/api/print-approval-v2/template-manages/SHARED/templateId/${a}`, { outdated: true }],
        ['DELETE', `/api/print-approval-v2/template-manages/SHARED/templateId/${a}`],
        ['POST', `/api/print-approval-v2/template-manages/SHARED/enable/${a}`, { enabled: false }],
        ['POST', `/api/print-approval-v2/template-manages/SHARED/copy/${a}`, {}],
        ['POST', '/api/print-approval-v2/template-manages/SHARED/status', { templateId: a, status: 'inactive' }],
        ['GET', `/api/print-templates/code/${p}`],
        ['PUT', `/api/print-templates/code/${p}`, { content: '{}', lastVersion: 1 }],
        ['DELETE', `/api/print-templates/code/${p}`],
        ['GET', `/api/sync/pull?docId=${d}`],
        [
          'POST',
          '/api/sync/push',
          {
            clientId: 'intruder-client',
            mutations: [{ id: 1, kind: 'template.save', templateId: o, lastVersion: 1, content: '{}' }],
          },
        ],
      ];
      for (const [method, path, body] of routes) {
        const reply = await call(method, path, { token: intruder.token, body });
        const refused =
          [403, 404].includes(reply.status) ||
          // A sync push answers per mutation: the refusal is inside.
          (path === '/api/sync/push' && reply.data.results[0].status === 'rejected');
        expect(refused, `${method} ${path} answered ${reply.status} ${reply.msg}`).toBe(true);
      }
      // Lists scoped by the header-less default team show nothing of the owner's.
      const lists = await call('GET', '/api/print-approval-v2/template-manages/SHARED', { token: intruder.token });
      expect(lists.data.total).toBe(0);
      expect((await call('GET', '/api/print-templates', { token: intruder.token })).data.total).toBe(0);

      // And nothing of the owner's changed.
      const mine = await call('GET', `${owner.base}/${o}`, { token: owner.token });
      // Version 2: the owner's publish moved the lock once; nothing the intruder sent did.
      expect(mine.data).toMatchObject({ name: 'Secret', version: 2, content: content('s') });
      expect((await call('GET', `/api/teams/${t}/current`, { token: owner.token })).data.name).toBe('Owner');
      expect((await call('GET', `/api/teams/${t}/docs/${d}`, { token: owner.token })).data.name).toBe('Invoices');
      const appr = await call('GET', `/api/print-approval-v2/template-manages/SHARED/templateId/${a}`, {
        token: owner.token,
      });
      expect(appr.data).toMatchObject({ enabled: true, outdated: false, version: 1 });
      expect((await call('GET', `/api/print-templates/code/${p}`, { token: owner.token })).data.version).toBe(1);
    });
  });
});
