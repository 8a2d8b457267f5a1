/**
 * Issue 26 against one real server process per database: malformed requests get an answer
 * (400/404/405) and never end the process (1); the static root is compared by path segments (2);
 * links never follow the Host header (3); NUL and runaway nesting are 400 (5).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestSmtp, type TestSmtp } from '../../src/server/smtpTesting';
import { fuzzCases } from './fuzz';
import { attackBackends, rawRequest, type ServerProcess, startServerProcess } from './harness';

const FROM = 'Quire <quire@example.test>';

describe.each(attackBackends())('hostile requests on %s', (backend) => {
  let server: ServerProcess;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startServerProcess({
      backend,
      env: { QUIRE_SMTP_URL: smtp.url, QUIRE_MAIL_FROM: FROM },
      // Only this (absent) proxy's forwarded headers would count; loopback's are ignored.
      args: ['--trusted-proxy', '10.9.8.7'],
    });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });
  beforeEach(() => {
    smtp.received.length = 0;
  });

  it('answers malformed percent-encoding, NUL, overlong paths and odd methods, and stays up', async () => {
    const cases: [string, string, number[]][] = [
      ['GET', '/o/%zz', [400]],
      ['GET', '/assets/%E0%A4%A', [400]],
      ['GET', '/%00', [400]],
      ['GET', '/assets/app.js%00.html', [400]],
      ['GET', `/${'a'.repeat(5000)}`, [400]],
      ['GET', `/api/teams/${'%zz'.repeat(50)}/docs`, [400]],
      ['GET', '/api/%E0%A4%A', [400]],
      ['GET', '/api/open/t/%zz/docs/%00/preview/%E0%A4%A', [400]],
      ['GET', '/api/open/t/t1/docs/d%00/preview/i1', [400]],
      ['POST', '/index.html', [405]],
      ['DELETE', '/', [405]],
      ['PROPFIND', '/', [405]],
      ['PATCH', '/api/health', [401, 404]],
      ['BREW', '/', [400]],
    ];
    for (const [method, target, statuses] of cases) {
      const answer = await rawRequest(server.port, method, target);
      expect({ method, target, status: answer.status }).toEqual({
        method,
        target,
        status: expect.toSatisfy((s: number) => statuses.includes(s)),
      });
      expect(server.alive()).toBe(true);
    }
    expect((await server.call('GET', '/api/health')).code).toBe(0);
  });

  it('serves only files inside the build: no sibling folder, dotfile or symlink out', async () => {
    // `%2e%2e` alone is a dot segment the URL parser removes (the path becomes /dist-old/…, the
    // app shell); encoded slashes and `..` inside one segment are what once reached the sibling.
    const refused: [string, number][] = [
      ['/%2e%2e/dist-old/secret.txt', 200],
      ['/%2E%2E%2Fdist-old%2Fsecret.txt', 400],
      ['/..%2fdist.bak/secret.txt', 400],
      ['/assets/..%2F..%2Fdist-old/secret.txt', 400],
      ['/.env', 404],
      ['/assets/%2e%2e/.env', 404],
      ['/link-out.txt', 404],
      ['/dir-out/secret.txt', 404],
    ];
    for (const [target, status] of refused) {
      const answer = await rawRequest(server.port, 'GET', target);
      expect({ target, status: answer.status }).toEqual({ target, status });
      expect(answer.text).not.toContain('SECRET');
    }
    // What is inside still works: a file, and the app shell for deep links.
    expect((await rawRequest(server.port, 'GET', '/assets/app.js')).text).toContain('export {};');
    expect((await rawRequest(server.port, 'GET', '/workspace/deep/link')).text).toContain('Quire shell');
    expect(server.alive()).toBe(true);
  });

  it('points reset and invitation links at the server, never at the Host or forwarded headers', async () => {
    const owner = await server.register();
    const poisoned = {
      host: 'attacker.example',
      'x-forwarded-host': 'attacker.example',
      'x-forwarded-proto': 'https',
      forwarded: 'host=attacker.example;proto=https',
    };
    const reset = await rawRequest(
      server.port,
      'POST',
      '/api/auth/password-reset',
      { ...poisoned, 'content-type': 'application/json' },
      JSON.stringify({ email: owner.email }),
    );
    expect(reset.status).toBe(200);
    const invite = await rawRequest(
      server.port,
      'POST',
      `/api/teams/${owner.teamId}/invitations`,
      { ...poisoned, 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
      JSON.stringify({ email: 'friend@example.test', role: 'member', expiresInDays: 7 }),
    );
    expect(invite.status).toBe(200);
    expect(smtp.received).toHaveLength(2);
    for (const mail of smtp.received) {
      expect(mail.text).toContain(`${server.url}/`);
      expect(mail.text + mail.html).not.toContain('attacker');
    }
  });

  it('answers NUL bytes and 10,000-level nesting with 400, on every kind of body', async () => {
    const owner = await server.register();
    const doc = await server.call('POST', `/api/teams/${owner.teamId}/docs`, {
      token: owner.token,
      body: { name: 'Doc' },
    });
    const docPath = `/api/teams/${owner.teamId}/docs/${doc.data.id}`;
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const deepObject = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    const cases: [string, string, string, string | undefined][] = [
      ['POST', '/api/auth/login', JSON.stringify({ email: 'a\u0000@example.test', password: 'x\u0000' }), undefined],
      [
        'POST',
        '/api/auth/register',
        JSON.stringify({ email: 'n@example.test', password: 'long enough\u0000', name: 'N' }),
        undefined,
      ],
      [
        'POST',
        '/api/auth/register',
        JSON.stringify({ email: 'n@example.test', password: 'long enough', name: 'N\u0000' }),
        undefined,
      ],
      ['POST', '/api/auth/password-reset', JSON.stringify({ email: 'x\u0000@example.test' }), undefined],
      [
        'POST',
        '/api/auth/password-reset/confirm',
        JSON.stringify({ token: 'a'.repeat(30), newPassword: 'x\u0000yyyyyyy' }),
        undefined,
      ],
      ['POST', '/api/auth/login', `{"email": ${deep}, "password": "x"}`, undefined],
      ['POST', '/api/auth/register', deepObject, undefined],
      ['PUT', docPath, JSON.stringify({ sampleData: { k: 'v\u0000' } }), owner.token],
      ['PUT', docPath, JSON.stringify({ dataSource: { groups: [], ['k\u0000']: 1 } }), owner.token],
      ['PUT', docPath, `{"sampleData": ${deepObject}}`, owner.token],
      ['PUT', docPath, `{"dataSource": ${deep}}`, owner.token],
      ['PUT', `${docPath}%00`, JSON.stringify({ name: 'x' }), owner.token],
      ['GET', `/api/teams/${owner.teamId}%00/docs`, '', owner.token],
    ];
    for (const [method, path, body, token] of cases) {
      const answer = await rawRequest(
        server.port,
        method,
        path,
        { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body,
      );
      expect({ method, path: path.slice(0, 80), status: answer.status }).toEqual({
        method,
        path: path.slice(0, 80),
        status: 400,
      });
    }
    expect(server.alive()).toBe(true);
    expect(server.log()).not.toContain('InternalError');
  });

  it('makes one release of two publishes sent at once, and publishing moves the lock', async () => {
    const owner = await server.register();
    const doc = await server.call('POST', `/api/teams/${owner.teamId}/docs`, {
      token: owner.token,
      body: { name: 'D' },
    });
    const base = `/api/teams/${owner.teamId}/docs/${doc.data.id}/templates`;
    const content = JSON.stringify({ document: { pages: [] } });
    for (let round = 0; round < 5; round++) {
      const created = await server.call('POST', base, { token: owner.token, body: { name: `T${round}`, content } });
      const url = `${base}/${created.data.id}`;
      const publish = () => server.call('POST', `${url}/publish`, { token: owner.token, body: { lastVersion: 1 } });
      const answers = await Promise.all([publish(), publish()]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const releases = await server.call('GET', `/api/docs/${doc.data.id}/templates/${created.data.id}/releases`, {
        token: owner.token,
      });
      expect(releases.data).toHaveLength(1);
      const stale = await server.call('PUT', url, { token: owner.token, body: { lastVersion: 1, content } });
      expect(stale.status).toBe(409);
    }
  });

  it("never tells whether another team uses a template id: ids are each team's own", async () => {
    const [a, b] = [await server.register(), await server.register()];
    const docOf = async (user: typeof a) => {
      const doc = await server.call('POST', `/api/teams/${user.teamId}/docs`, {
        token: user.token,
        body: { name: 'D' },
      });
      return { id: doc.data.id as string, base: `/api/teams/${user.teamId}/docs/${doc.data.id}/templates` };
    };
    const [docA, docB] = [await docOf(a), await docOf(b)];
    const id = `tpl_shared_${Date.now()}`;
    const contentA = JSON.stringify({ document: { pages: [] }, owner: 'A' });
    const contentB = JSON.stringify({ document: { pages: [] }, owner: 'B' });
    const madeA = await server.call('POST', docA.base, { token: a.token, body: { id, name: 'A', content: contentA } });
    expect(madeA.code, madeA.msg).toBe(0);
    await server.call('POST', `${docA.base}/${id}/publish`, { token: a.token, body: { lastVersion: 1 } });

    // B chooses the same id: answered like a fresh id, and it is B's own template.
    const madeB = await server.call('POST', docB.base, { token: b.token, body: { id, name: 'B', content: contentB } });
    expect([madeB.status, madeB.data.id, madeB.data.teamId]).toEqual([200, id, b.teamId]);
    // Within one team the id is taken: 409, as before.
    const again = await server.call('POST', docB.base, { token: b.token, body: { id, name: 'B2', content: contentB } });
    expect(again.status).toBe(409);
    // Through sync too: B's pushes reach B's template, never A's.
    const push = await server.call('POST', '/api/sync/push', {
      token: b.token,
      body: {
        clientId: `client-b-${Date.now()}`,
        mutations: [
          { id: 1, kind: 'template.save', templateId: id, lastVersion: 1, content: contentB },
          { id: 2, kind: 'template.publish', templateId: id, lastVersion: 2 },
        ],
      },
    });
    expect(
      push.data.results.map((r: { status: string }) => r.status),
      JSON.stringify(push.data),
    ).toEqual(['applied', 'applied']);

    // Each team reads its own template and releases; A's is untouched.
    const readA = await server.call('GET', `${docA.base}/${id}`, { token: a.token });
    expect([readA.data.content, readA.data.version, readA.data.releaseNo]).toEqual([contentA, 2, 1]);
    const readB = await server.call('GET', `${docB.base}/${id}`, { token: b.token });
    expect([readB.data.content, readB.data.teamId, readB.data.releaseNo]).toEqual([contentB, b.teamId, 1]);
    const snapshotOf = async (user: typeof a, doc: typeof docA) =>
      (
        await server.call('GET', `/api/teams/${user.teamId}/docs/${doc.id}/enabled-templates/snapshot/latest`, {
          token: user.token,
        })
      ).data.map((t: { id: string; content: string }) => [t.id, t.content]);
    expect(await snapshotOf(a, docA)).toEqual([[id, contentA]]);
    expect(await snapshotOf(b, docB)).toEqual([[id, contentB]]);
    // And a stranger's probe of A's id through sync finds nothing, like an id nobody has.
    const probe = await server.call('POST', '/api/sync/push', {
      token: (await server.register()).token,
      body: {
        clientId: `client-c-${Date.now()}`,
        mutations: [{ id: 1, kind: 'template.delete', templateId: id }],
      },
    });
    expect(probe.data.results[0]).toMatchObject({ status: 'rejected', error: 'NoTempalte' });
  });

  it('refuses the commonest passwords and the e-mail as password', async () => {
    const email = `pw.${Date.now()}@example.test`;
    for (const password of ['password', '12345678', 'qwerty123', email]) {
      const answer = await server.call('POST', '/api/auth/register', { body: { email, password, name: 'P' } });
      expect([answer.status, answer.data?.error]).toEqual([
        400,
        password.length < 8 ? 'DataInvalid' : 'PasswordTooWeak',
      ]);
    }
  });

  it('enforces the role matrix: members draft, owners and admins publish, delete and share', async () => {
    const owner = await server.register();
    const join = async (role: 'member' | 'admin') => {
      const user = await server.register();
      const invitation = await server.call('POST', `/api/teams/${owner.teamId}/invitations`, {
        token: owner.token,
        body: { role },
      });
      const accepted = await server.call('POST', `/api/invitations/${invitation.data.code}/accept`, {
        token: user.token,
      });
      expect(accepted.code, accepted.msg).toBe(0);
      return user;
    };
    const [member, admin] = [await join('member'), await join('admin')];
    const team = `/api/teams/${owner.teamId}`;
    const content = JSON.stringify({ document: { pages: [] } });
    const doc = await server.call('POST', `${team}/docs`, { token: owner.token, body: { name: 'Owner doc' } });
    const docPath = `${team}/docs/${doc.data.id}`;
    const template = await server.call('POST', `${docPath}/templates`, {
      token: owner.token,
      body: { name: 'T', content },
    });
    const tpl = `${docPath}/templates/${template.data.id}`;

    // What a member may do: read, make documents and drafts, save drafts.
    expect((await server.call('GET', docPath, { token: member.token })).code).toBe(0);
    expect((await server.call('POST', `${team}/docs`, { token: member.token, body: { name: 'Mine' } })).code).toBe(0);
    const saved = await server.call('PUT', tpl, { token: member.token, body: { lastVersion: 1, content } });
    expect(saved.code, saved.msg).toBe(0);

    // What a member may not: publish, reset, delete, archive, turn previews off, bind a base, keys.
    const refused: [string, string, unknown][] = [
      ['POST', `${tpl}/publish`, { lastVersion: 2 }],
      ['POST', `${tpl}/reset`, { lastVersion: 2, releaseNo: 1 }],
      ['DELETE', tpl, undefined],
      ['DELETE', docPath, undefined],
      ['PUT', `${docPath}/status`, { status: 'archived' }],
      ['PUT', `${docPath}/preview-settings`, { publicPreview: false }],
      ['POST', `/api/secure/bind/${'b'.repeat(24)}/baseId/base1`, undefined],
      ['POST', `${team}/app-key`, { description: 'x' }],
      ['POST', `${team}/invitations`, { role: 'member' }],
    ];
    // The main API names the team by its key: the owner's team, where the member is a member.
    const teams = await server.call('GET', '/api/teams', { token: member.token });
    const teamKey = teams.data.find((t: { id: string }) => t.id === owner.teamId).teamKey;
    for (const [method, path, body] of refused) {
      const answer = await server.call(method, path, { token: member.token, body, headers: { 'tenant-key': teamKey } });
      expect({ method, path, status: answer.status, error: answer.data?.error }).toEqual({
        method,
        path,
        status: 403,
        error: 'OnlyAdminAllowed',
      });
    }
    // Admins may: publish, and turn previews off; nothing the member tried changed anything.
    const published = await server.call('POST', `${tpl}/publish`, { token: admin.token, body: { lastVersion: 2 } });
    expect(published.code, published.msg).toBe(0);
    expect(published.data.release.releaseNo).toBe(1);
    const off = await server.call('PUT', `${docPath}/preview-settings`, {
      token: admin.token,
      body: { publicPreview: false },
    });
    expect(off.code, off.msg).toBe(0);
    expect((await server.call('GET', docPath, { token: owner.token })).data.status).toBe('active');
  });

  it('survives 2,000 seeded random requests over every route without a 500', async () => {
    const owner = await server.register();
    const member = await server.register();
    const doc = await server.call('POST', `/api/teams/${owner.teamId}/docs`, {
      token: owner.token,
      body: { name: 'F' },
    });
    const template = await server.call('POST', `/api/teams/${owner.teamId}/docs/${doc.data.id}/templates`, {
      token: owner.token,
      body: { name: 'T', content: JSON.stringify({ document: { pages: [] } }) },
    });
    const ids = {
      teamId: owner.teamId,
      teamKey: owner.teamId,
      docId: doc.data.id,
      templateId: template.data.id,
      userId: member.userId,
    };
    const tokens = { owner: owner.token, member: member.token, garbage: 'g'.repeat(40), none: '' };
    const cases = fuzzCases(26, 2000, ids);
    const failures: string[] = [];
    // A few at a time: the server sees concurrency without the test flooding a loaded machine.
    for (let i = 0; i < cases.length; i += 8) {
      await Promise.all(
        cases.slice(i, i + 8).map(async (c) => {
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          if (tokens[c.auth]) headers.authorization = `Bearer ${tokens[c.auth]}`;
          const answer = await rawRequest(server.port, c.method, c.path, headers, c.body).catch(() => ({ status: 0 }));
          if (answer.status === 0 || answer.status >= 500)
            failures.push(`${answer.status} ${c.method} ${c.path.slice(0, 120)} ${c.body.slice(0, 120)}`);
        }),
      );
      if (!server.alive()) break;
    }
    expect(failures).toEqual([]);
    expect(server.alive()).toBe(true);
    expect((await server.call('GET', '/api/health')).code).toBe(0);
  }, 300_000);
});
