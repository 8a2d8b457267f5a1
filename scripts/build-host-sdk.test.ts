/**
 * The SDK as an npm package (packages/quire-host): the module `npm pack` ships is built from
 * src/host/sdk, imports nothing at run time, and answers Quire's hello from the host's options.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildHostSdkPackage } from './build-host-sdk.mjs';

const dir = mkdtempSync(join(tmpdir(), 'quire-host-sdk-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the quire-host package', () => {
  it('is one ES module with no imports, described by its package.json', async () => {
    const file = await buildHostSdkPackage(join(dir, 'quire-host.js'));
    const code = readFileSync(file, 'utf8');
    expect(code).not.toMatch(/^\s*import\s/m);
    expect(code).not.toMatch(/\brequire\(/);
    const manifest = JSON.parse(readFileSync('packages/quire-host/package.json', 'utf8'));
    expect(manifest.type).toBe('module');
    expect(manifest.exports['.']).toEqual({ types: './index.d.ts', import: './dist/quire-host.js' });
    expect(manifest.files).toEqual(expect.arrayContaining(['dist/quire-host.js', 'index.d.ts', 'README.md']));
  });

  it('answers hello with the user’s zone and locale, and only to Quire’s origin', async () => {
    const sdk = await import(pathToFileURL(join(dir, 'quire-host.js')).href);
    let listener: ((event: MessageEvent) => void) | undefined;
    const posted: Array<[unknown, string]> = [];
    const frame = {
      contentWindow: { postMessage: (message: unknown, origin: string) => posted.push([message, origin]) },
    };
    const host = sdk.createQuireHost({
      frame,
      quireOrigin: 'https://quire.example',
      host: { kind: 'base' },
      user: { userId: 'u-1', lang: 'en-US', timeZone: 'UTC', locale: 'en-GB' },
      handlers: {},
      window: { addEventListener: (_: string, fn: typeof listener) => (listener = fn), removeEventListener() {} },
      onIgnored() {},
    });
    const hello = {
      protocol: 'quire-host',
      version: 1,
      type: 'request',
      id: 'h1',
      method: 'hello',
      params: { app: 'quire', appVersion: 't', protocolVersions: [1] },
    };
    listener?.({ data: hello, origin: 'https://evil.example', source: frame.contentWindow } as unknown as MessageEvent);
    listener?.({
      data: hello,
      origin: 'https://quire.example',
      source: frame.contentWindow,
    } as unknown as MessageEvent);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(posted).toHaveLength(1);
    expect(posted[0]?.[1]).toBe('https://quire.example');
    expect(posted[0]?.[0]).toMatchObject({
      id: 'h1',
      ok: true,
      result: { protocolVersion: 1, user: { userId: 'u-1', timeZone: 'UTC', locale: 'en-GB' } },
    });
    expect(host.connected).toBe(true);
  });
});
