import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseArgs } from './main';

describe('server command line', () => {
  it('reads --port, --host, --data and DATABASE_URL, with loopback and ./data by default', () => {
    expect(parseArgs([], {})).toEqual({
      port: 4173,
      host: '127.0.0.1',
      dataDir: resolve('data'),
      databaseUrl: undefined,
      frameAncestors: ["'self'"],
      corsOrigins: [],
      connectOrigins: [],
      trustedProxies: [],
    });
    const options = parseArgs(
      ['--api', '--port', '8080', '--data', '/tmp/q', '--frame-ancestors', "'self' https://a.example"],
      {
        DATABASE_URL: 'postgres://u:p@localhost/db',
      },
    );
    expect(options).toMatchObject({
      port: 8080,
      dataDir: '/tmp/q',
      databaseUrl: 'postgres://u:p@localhost/db',
      frameAncestors: ["'self'", 'https://a.example'],
    });
  });

  it("always lets Quire frame itself: 'self' is added to hosts that leave it out", () => {
    expect(parseArgs(['--frame-ancestors', 'https://a.example'], {}).frameAncestors).toEqual([
      "'self'",
      'https://a.example',
    ]);
    expect(parseArgs([], { QUIRE_FRAME_ANCESTORS: "https://a.example 'self'" }).frameAncestors).toEqual([
      "'self'",
      'https://a.example',
    ]);
  });

  it('reads the origins allowed to call the API and the servers the app may sync with', () => {
    const options = parseArgs(['--cors-origins', 'https://app.example, http://127.0.0.1:5000'], {
      QUIRE_CONNECT_ORIGINS: 'https://sync.example',
    });
    expect(options.corsOrigins).toEqual(['https://app.example', 'http://127.0.0.1:5000']);
    expect(options.connectOrigins).toEqual(['https://sync.example']);
    expect(() => parseArgs(['--cors-origins', '*'], {})).toThrow('--cors-origins');
    expect(() => parseArgs(['--cors-origins', 'https://app.example/path'], {})).toThrow('--cors-origins');
    expect(() => parseArgs([], { QUIRE_CONNECT_ORIGINS: 'javascript:alert(1)' })).toThrow('--connect-origins');
  });

  it('reads the public URL links point at and the trusted proxies', () => {
    const options = parseArgs(['--public-url', 'https://quire.example.com/'], {
      QUIRE_TRUSTED_PROXIES: '10.0.0.2, ::1',
    });
    expect(options.publicUrl).toBe('https://quire.example.com');
    expect(options.trustedProxies).toEqual(['10.0.0.2', '::1']);
    expect(parseArgs([], { QUIRE_PUBLIC_URL: 'http://10.1.1.1:8080' }).publicUrl).toBe('http://10.1.1.1:8080');
    expect(() => parseArgs(['--public-url', 'quire.example.com'], {})).toThrow('--public-url');
  });

  it('refuses a port that is not one', () => {
    expect(() => parseArgs(['--port', 'eighty'], {})).toThrow('--port');
    expect(() => parseArgs(['--port', '70000'], {})).toThrow('--port');
  });
});
