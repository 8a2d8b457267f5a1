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

  it('refuses a port that is not one', () => {
    expect(() => parseArgs(['--port', 'eighty'], {})).toThrow('--port');
    expect(() => parseArgs(['--port', '70000'], {})).toThrow('--port');
  });
});
