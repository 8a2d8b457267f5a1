/**
 * Issue 26 against one real server process per database: malformed requests get an answer
 * (400/404/405) and never end the process (1); the static root is compared by path segments (2);
 * links never follow the Host header (3); NUL and runaway nesting are 400 (5).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestSmtp, type TestSmtp } from '../../src/server/smtpTesting';
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
});
