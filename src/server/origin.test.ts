import type { Context } from 'hono';
import { describe, expect, it } from 'vitest';
import { originPolicy, parsePublicUrl } from './origin';

/** Just what the policy reads of a request: the socket's address and the headers. */
function request(remoteAddress: string, headers: Record<string, string> = {}): Context {
  return {
    env: { incoming: { socket: { remoteAddress } } },
    req: { header: (name: string) => headers[name.toLowerCase()] },
  } as unknown as Context;
}

const forwarded = {
  host: 'attacker.example',
  'x-forwarded-host': 'quire.example.com',
  'x-forwarded-proto': 'https',
  'x-forwarded-for': '203.0.113.9, 10.0.0.2',
};

describe('origin policy', () => {
  it('uses the configured public URL whatever the request says', () => {
    const policy = originPolicy('https://quire.example.com/', ['10.0.0.2'], () => 'http://127.0.0.1:4173');
    expect(policy.publicOrigin(request('10.0.0.2', forwarded))).toBe('https://quire.example.com');
    expect(policy.publicOrigin(request('198.51.100.1', forwarded))).toBe('https://quire.example.com');
  });

  it('believes forwarded headers from a trusted proxy only; else the listening address', () => {
    const policy = originPolicy(undefined, ['10.0.0.2'], () => 'http://127.0.0.1:4173');
    expect(policy.publicOrigin(request('::ffff:10.0.0.2', forwarded))).toBe('https://quire.example.com');
    expect(policy.clientAddress(request('10.0.0.2', forwarded))).toBe('203.0.113.9');
    expect(policy.publicOrigin(request('198.51.100.1', forwarded))).toBe('http://127.0.0.1:4173');
    expect(policy.clientAddress(request('198.51.100.1', forwarded))).toBe('198.51.100.1');
    // A forwarded host that is not a host name is ignored even from the proxy.
    const odd = { ...forwarded, 'x-forwarded-host': 'evil.example/path?x' };
    expect(policy.publicOrigin(request('10.0.0.2', odd))).toBe('http://127.0.0.1:4173');
  });

  it('checks --public-url', () => {
    expect(parsePublicUrl('https://quire.example.com/app/')).toBe('https://quire.example.com/app');
    expect(parsePublicUrl(undefined)).toBeUndefined();
    expect(() => parsePublicUrl('ftp://x.example')).toThrow(/public-url/);
    expect(() => parsePublicUrl('https://x.example/?q=1')).toThrow(/public-url/);
  });
});
