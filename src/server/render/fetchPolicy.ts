/**
 * Images and attachments an instance names by URL are fetched by the server, so a URL must never
 * turn the server into a proxy into its own network. Only http(s), only hosts on the allow-list,
 * never a loopback, private, link-local, unique-local, multicast or unspecified address (unless
 * the operator allows private addresses), a size cap and a timeout. The address is checked after
 * DNS resolution and the connection goes to that checked address (no second lookup a rebinding
 * DNS server could answer differently); each redirect is checked the same way.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';
import { QuireError } from '../../core/errors';

export interface FetchPolicy {
  /** Host names (exact, or `*.example.com` for subdomains) the server may fetch from; empty = none. */
  allowedHosts: string[];
  /** Lets the allowed hosts resolve to loopback/private/link-local addresses (a trusted intranet, tests). */
  allowPrivateAddresses: boolean;
  /** Largest body accepted (spec 001: the 20 MB preview limit). */
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
}

export const DEFAULT_FETCH_POLICY: FetchPolicy = {
  allowedHosts: [],
  allowPrivateAddresses: false,
  maxBytes: 20 * 1024 * 1024,
  timeoutMs: 10_000,
  maxRedirects: 3,
};

/** `QUIRE_FETCH_HOSTS="cdn.example.com,*.files.example.org"`, `QUIRE_FETCH_ALLOW_PRIVATE=1`. */
export function fetchPolicyFromEnv(env: NodeJS.ProcessEnv = process.env): FetchPolicy {
  return {
    ...DEFAULT_FETCH_POLICY,
    allowedHosts: (env.QUIRE_FETCH_HOSTS ?? '')
      .split(/[\s,]+/)
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    allowPrivateAddresses: env.QUIRE_FETCH_ALLOW_PRIVATE === '1',
  };
}

/** Addresses a fetch must never reach unless private addresses are allowed. */
const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv6');

export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  if (family !== 6) return true;
  // An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is the IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return BLOCKED.check(mapped, 'ipv4');
  return BLOCKED.check(address, 'ipv6');
}

export function hostAllowed(host: string, allowed: readonly string[]): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, '');
  return allowed.some((entry) =>
    entry.startsWith('*.') ? name.endsWith(entry.slice(1)) && name.length > entry.length - 1 : name === entry,
  );
}

const refused = (url: string, reason: string, params: Record<string, number> = {}) =>
  new QuireError('DataInvalid', {
    detail: `cannot fetch ${url}: ${reason}`,
    issues: [{ path: 'url', reason }],
    params,
  });

/** A refusal for size: its params name the limit (attachment preview answers size_over_limit for it). */
const tooLarge = (url: string, maxBytes: number) => refused(url, `larger than ${maxBytes} bytes`, { maxBytes });

/** Whether `safeFetch` refused a body for being larger than the policy's `maxBytes`. */
export function isTooLargeRefusal(error: unknown): boolean {
  return error instanceof QuireError && error.errorName === 'DataInvalid' && typeof error.params.maxBytes === 'number';
}

async function checkedAddress(url: URL, policy: FetchPolicy): Promise<{ address: string; family: number }> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refused(url.href, 'only http and https');
  if (url.username || url.password) throw refused(url.href, 'credentials in URLs are not fetched');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!hostAllowed(host, policy.allowedHosts)) throw refused(url.href, `host ${host} is not on the allowed list`);
  const resolved = isIP(host) ? [{ address: host, family: isIP(host) }] : await dnsLookup(host, { all: true });
  if (resolved.length === 0) throw refused(url.href, 'the host does not resolve');
  if (!policy.allowPrivateAddresses) {
    const blocked = resolved.find((r) => isBlockedAddress(r.address));
    if (blocked) throw refused(url.href, `${blocked.address} is a loopback, private or link-local address`);
  }
  return resolved[0] as { address: string; family: number };
}

function get(url: URL, target: { address: string; family: number }, signal: AbortSignal) {
  return new Promise<IncomingMessage>((resolve, reject) => {
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      url,
      {
        method: 'GET',
        signal,
        headers: { accept: 'image/*,application/pdf,*/*;q=0.5', 'user-agent': 'Quire render API' },
        // Connect to the address that was checked, never to a second answer of the resolver.
        lookup: (_host, options, done) => {
          if ((options as { all?: boolean }).all) done(null, [target] as never, target.family);
          else done(null, target.address, target.family);
        },
      },
      resolve,
    );
    request.on('error', reject);
    request.end();
  });
}

/** Fetches a URL under the policy; throws a catalogued error naming why it would not. */
export async function safeFetch(href: string, policy: FetchPolicy): Promise<Uint8Array> {
  const signal = AbortSignal.timeout(policy.timeoutMs);
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    throw refused(href, 'not a URL');
  }
  for (let redirects = 0; ; redirects++) {
    const target = await checkedAddress(url, policy);
    let response: IncomingMessage;
    try {
      response = await get(url, target, signal);
    } catch (cause) {
      throw refused(url.href, signal.aborted ? `no answer within ${policy.timeoutMs} ms` : String(cause));
    }
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      if (redirects >= policy.maxRedirects) throw refused(url.href, 'too many redirects');
      url = new URL(response.headers.location, url);
      continue;
    }
    if (status !== 200) {
      response.resume();
      throw refused(url.href, `the server answered ${status}`);
    }
    const declared = Number(response.headers['content-length'] ?? 0);
    if (declared > policy.maxBytes) {
      response.destroy();
      throw tooLarge(url.href, policy.maxBytes);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of response as AsyncIterable<Buffer>) {
        size += chunk.byteLength;
        if (size > policy.maxBytes) {
          response.destroy();
          throw tooLarge(url.href, policy.maxBytes);
        }
        chunks.push(chunk);
      }
    } catch (cause) {
      if (cause instanceof QuireError) throw cause;
      throw refused(url.href, signal.aborted ? `no answer within ${policy.timeoutMs} ms` : String(cause));
    }
    return new Uint8Array(Buffer.concat(chunks));
  }
}

/** The renderer's image loader on the server: a refused or failed URL is an image left out, as in the app. */
export function safeImageLoader(policy: FetchPolicy): (url: string) => Promise<Uint8Array | undefined> {
  return async (url) => {
    try {
      return await safeFetch(url, policy);
    } catch {
      return undefined;
    }
  };
}
