/**
 * Where a request comes from and which origin links point at. A request's own Host and
 * `X-Forwarded-*` headers are chosen by whoever sends it, so they never make a link (reset
 * poisoning) and count only when the connection comes from a configured trusted proxy.
 */
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { QuireError } from '../core/errors';

const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

function incomingOf(c: Context): IncomingMessage | undefined {
  return (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
}

/** `::ffff:127.0.0.1` and `127.0.0.1` are one address. */
const plain = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');

function fromTrustedProxy(c: Context, trusted: ReadonlySet<string>): boolean {
  const address = incomingOf(c)?.socket.remoteAddress;
  return address !== undefined && trusted.has(plain(address));
}

/** The first value of a forwarded header (the one the outermost trusted proxy set). */
const firstOf = (value: string | undefined) => value?.split(',')[0]?.trim() || undefined;

interface OriginPolicy {
  clientAddress(c: Context): string;
  publicOrigin(c: Context): string;
}

/**
 * `publicUrl` wins; else a trusted proxy's forwarded scheme and host; else `listening()` — the
 * address the server was started on.
 */
export function originPolicy(
  publicUrl: string | undefined,
  trustedProxies: readonly string[],
  listening: () => string,
): OriginPolicy {
  const trusted = new Set(trustedProxies.map(plain));
  const configured = publicUrl?.replace(/\/+$/, '');
  return {
    clientAddress(c) {
      const socketAddress = plain(incomingOf(c)?.socket.remoteAddress ?? 'unknown');
      if (!trusted.has(socketAddress)) return socketAddress;
      // The nearest address a trusted proxy did not add itself: X-Forwarded-For read from the right.
      const hops = (c.req.header('x-forwarded-for') ?? '').split(',').map((h) => plain(h.trim()));
      for (let i = hops.length - 1; i >= 0; i--) {
        const hop = hops[i];
        if (hop && !trusted.has(hop)) return hop;
      }
      return socketAddress;
    },
    publicOrigin(c) {
      if (configured) return configured;
      if (fromTrustedProxy(c, trusted)) {
        const proto = firstOf(c.req.header('x-forwarded-proto'));
        const host = firstOf(c.req.header('x-forwarded-host'));
        if ((proto === 'http' || proto === 'https') && host && HOST.test(host)) return `${proto}://${host}`;
      }
      return listening();
    },
  };
}

/** Checks a `--public-url`: an http(s) origin, perhaps with a path prefix, nothing else. */
export function parsePublicUrl(text: string | undefined): string | undefined {
  if (!text) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash || url.username || url.password)
    throw new QuireError('DataInvalid', {
      detail: `--public-url takes an address like https://quire.example.com, not '${text}'`,
    });
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}
