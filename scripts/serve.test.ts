import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without type declarations
import { startServer } from './serve.mjs';

let root = '';
const servers: Server[] = [];

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'quire-serve-'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Quire</title>');
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'assets', 'app.js'), 'export {};');
});
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  rmSync(root, { recursive: true, force: true });
});

async function serve(options: { frameAncestors?: string[] } = {}): Promise<string> {
  const server: Server = await startServer({ root, port: 0, ...options });
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('the static server', () => {
  it('sends nosniff and a referrer policy with every file and the app shell', async () => {
    const url = await serve();
    for (const path of ['/', '/assets/app.js', '/deep/link']) {
      const answer = await fetch(`${url}${path}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
    expect((await fetch(`${url}/assets/app.js`)).headers.get('content-type')).toContain('text/javascript');
  });

  it('protects framing without configuration: only Quire frames Quire, and the app learns it has no hosts', async () => {
    const url = await serve();
    for (const path of ['/', '/assets/app.js', '/baseplugin?userId=u', '/auth/signin']) {
      expect((await fetch(`${url}${path}`)).headers.get('content-security-policy')).toBe("frame-ancestors 'self'");
    }
    const hosts = await fetch(`${url}/quire-hosts.json`);
    expect(hosts.headers.get('content-type')).toContain('application/json');
    expect(await hosts.json()).toEqual({ hostOrigins: [] });
  });

  it("adds 'self' to configured hosts that leave it out", async () => {
    const url = await serve({ frameAncestors: ['https://host.example'] });
    expect((await fetch(url)).headers.get('content-security-policy')).toBe(
      "frame-ancestors 'self' https://host.example",
    );
  });

  it('lets only the configured hosts frame the app, and tells the app who they are', async () => {
    const url = await serve({ frameAncestors: ["'self'", 'https://host.example'] });
    const page = await fetch(url);
    expect(page.headers.get('content-security-policy')).toBe("frame-ancestors 'self' https://host.example");
    const hosts = await (await fetch(`${url}/quire-hosts.json`)).json();
    expect(hosts).toEqual({ hostOrigins: ['https://host.example'] });
  });
});
