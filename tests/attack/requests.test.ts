/**
 * Issue 26, items 1 and 2: malformed requests get an answer (400/404/405) and never end the
 * process; the static root is compared by path segments (no sibling folder sharing its name
 * prefix, no dotfiles, no symlinks out of it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attackBackends, rawRequest, type ServerProcess, startServerProcess } from './harness';

describe.each(attackBackends())('hostile requests on %s', (backend) => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess({ backend });
  });
  afterAll(async () => {
    await server?.stop();
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
});
