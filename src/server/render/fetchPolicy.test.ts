import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isQuireError } from '../../core/errors';
import { DEFAULT_FETCH_POLICY, type FetchPolicy, hostAllowed, isBlockedAddress, safeFetch } from './fetchPolicy';

/** A local server standing in for both an outside host and the server's own network. */
let server: Server;
let port: number;
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/logo.png') res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    else if (req.url === '/big') {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      // No content-length: the cap must hold while streaming.
      const chunk = Buffer.alloc(64 * 1024);
      let sent = 0;
      const pump = () => {
        while (sent < 2 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return res.once('drain', pump);
        }
        res.end();
      };
      pump();
    } else if (req.url === '/slow') setTimeout(() => res.writeHead(200).end('late'), 5_000).unref();
    else if (req.url === '/to-loopback') res.writeHead(302, { location: `http://127.0.0.1:${port}/logo.png` }).end();
    else if (req.url === '/to-allowed') res.writeHead(302, { location: '/logo.png' }).end();
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const policy = (change: Partial<FetchPolicy>): FetchPolicy => ({ ...DEFAULT_FETCH_POLICY, ...change });

async function reason(url: string, p: FetchPolicy): Promise<string> {
  try {
    await safeFetch(url, p);
  } catch (error) {
    if (isQuireError(error)) return error.issues[0]?.reason ?? error.message;
    throw error;
  }
  throw new Error(`expected ${url} to be refused`);
}

describe('URLs named by instances', () => {
  it('knows loopback, private, link-local and unique-local addresses, IPv4-mapped too', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
    ])
      expect(isBlockedAddress(address), address).toBe(true);
    for (const address of ['93.184.216.34', '2606:2800:220:1::1', '8.8.8.8'])
      expect(isBlockedAddress(address), address).toBe(false);
  });

  it('matches allowed hosts exactly or by a *. wildcard for subdomains', () => {
    expect(hostAllowed('cdn.example.com', ['cdn.example.com'])).toBe(true);
    expect(hostAllowed('a.files.example.org', ['*.files.example.org'])).toBe(true);
    expect(hostAllowed('files.example.org', ['*.files.example.org'])).toBe(false);
    expect(hostAllowed('evil-cdn.example.com', ['cdn.example.com'])).toBe(false);
  });

  it('refuses hosts not on the list, other schemes, and credentials', async () => {
    expect(await reason(`http://127.0.0.1:${port}/logo.png`, policy({}))).toContain('not on the allowed list');
    expect(await reason('file:///etc/passwd', policy({ allowedHosts: [''] }))).toBe('only http and https');
    expect(await reason(`http://u:p@127.0.0.1:${port}/logo.png`, policy({ allowedHosts: ['127.0.0.1'] }))).toContain(
      'credentials',
    );
  });

  it('never reaches loopback even on an allowed host, unless private addresses are allowed', async () => {
    const allowed = policy({ allowedHosts: ['127.0.0.1', 'localhost'] });
    expect(await reason(`http://127.0.0.1:${port}/logo.png`, allowed)).toContain('loopback');
    expect(await reason(`http://localhost:${port}/logo.png`, allowed)).toContain('loopback');
    const bytes = await safeFetch(`http://127.0.0.1:${port}/logo.png`, { ...allowed, allowPrivateAddresses: true });
    expect(Buffer.from(bytes)).toEqual(PNG);
  });

  it('checks every redirect again', async () => {
    const trusted = policy({ allowedHosts: ['localhost'], allowPrivateAddresses: true });
    // localhost is allowed, 127.0.0.1 (where the redirect points) is not on the list.
    expect(await reason(`http://localhost:${port}/to-loopback`, trusted)).toContain('not on the allowed list');
    expect(Buffer.from(await safeFetch(`http://localhost:${port}/to-allowed`, trusted))).toEqual(PNG);
  });

  it('stops at the size cap and at the timeout', async () => {
    const trusted = policy({ allowedHosts: ['127.0.0.1'], allowPrivateAddresses: true });
    expect(await reason(`http://127.0.0.1:${port}/big`, { ...trusted, maxBytes: 1024 * 1024 })).toContain(
      'larger than 1048576 bytes',
    );
    expect(await reason(`http://127.0.0.1:${port}/slow`, { ...trusted, timeoutMs: 300 })).toContain(
      'no answer within 300 ms',
    );
  });
});
