/**
 * The page's one connection to the host that frames it: the bridge to the configured host
 * origins, said hello to once. A page that is not framed has no host (the local workspace stands
 * in for a base); a framed page whose host does not answer gets the catalogued error.
 */
import { QuireError } from '../../core/errors';
import { createHostBridge, type HostBridge } from '../../host/bridge';
import type { HelloResult } from '../../host/protocol';
import { hostOrigins, isFramed, parentOriginHint } from '../services/hostConfig';

export interface HostConnection {
  bridge: HostBridge;
  hello: HelloResult;
  origin: string;
}

export type HostState =
  | { status: 'none' }
  | { status: 'connecting' }
  | { status: 'connected'; connection: HostConnection }
  | { status: 'failed'; error: unknown };

let pending: Promise<HostConnection | undefined> | undefined;
let settled: HostState = isFramed() ? { status: 'connecting' } : { status: 'none' };

/** Messages from other origins are ignored; they are noted for the console, never shown. */
function noteIgnored(error: QuireError) {
  console.warn(`[quire] ${error.label}: ${error.message}`);
}

/**
 * The origins Quire may talk to as its host: the configured ones other than its own. None, or a
 * framing page (when the browser names it) that is not among them: not in a host.
 */
export function hostTargets(
  configured: readonly string[],
  ownOrigin: string,
  parentOrigin: string | undefined,
): string[] {
  const hosts = configured.filter((origin) => origin !== ownOrigin);
  if (hosts.length === 0 || (parentOrigin && !hosts.includes(parentOrigin)))
    throw new QuireError('NotInHost', { detail: parentOrigin ?? 'no configured host origin' });
  return hosts;
}

/**
 * The start URL's `userId` gates sign-in, `hello`'s names the host's user; they should agree. A
 * host that sends two different ids keeps working (the URL's signs in) but is told so in the
 * console, so the mix-up is not silent (docs/HOST-PROTOCOL.md, "The `userId` gate").
 */
export function userMismatch(search: string, hello: Pick<HelloResult, 'user'>): string | undefined {
  const fromUrl = new URLSearchParams(search).get('userId');
  if (!fromUrl || fromUrl === hello.user.userId) return undefined;
  return `hello's user.userId "${hello.user.userId}" differs from the start URL's userId "${fromUrl}": the URL's gates sign-in`;
}

async function open(): Promise<HostConnection | undefined> {
  if (!isFramed()) return undefined;
  const parentOrigin = parentOriginHint();
  const hosts = hostTargets(await hostOrigins(), window.location.origin, parentOrigin);
  const bridge = createHostBridge({
    self: window,
    parent: window.parent,
    origins: hosts,
    ...(parentOrigin ? { parentOrigin } : {}),
    onIgnored: noteIgnored,
    appVersion: import.meta.env.VITE_APP_VERSION ?? 'dev',
  });
  try {
    const hello = await bridge.hello();
    const mismatch = userMismatch(window.location.search, hello);
    if (mismatch) console.warn(`[quire] ${mismatch}`);
    return { bridge, hello, origin: bridge.hostOrigin ?? parentOrigin ?? '' };
  } catch (error) {
    bridge.close();
    throw error;
  }
}

/** Connects once per page load; later calls share the answer. */
export function connectHost(): Promise<HostConnection | undefined> {
  pending ??= open().then(
    (connection) => {
      settled = connection ? { status: 'connected', connection } : { status: 'none' };
      return connection;
    },
    (error: unknown) => {
      settled = { status: 'failed', error };
      // A later screen may try again (the host may have been slow to load its SDK).
      pending = undefined;
      throw error;
    },
  );
  return pending;
}

export function currentHostState(): HostState {
  return settled;
}
