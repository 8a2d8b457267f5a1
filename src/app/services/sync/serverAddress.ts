/**
 * Which Quire server this device syncs with: this site's own API by default, or a server elsewhere
 * that the user named (it must allow this site's origin, `--cors-origins`, and this site must allow
 * connecting to it, `--connect-origins`). Kept in localStorage: it is a device setting, like the login.
 */

const ADDRESS_KEY = 'quire-sync-server';

/** An address as the user typed it → the server's origin, or null when it is not one. */
export function parseServerAddress(input: string): string | null {
  const text = input.trim();
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  // An origin only: a path, a query or a user name would not name a Quire server's API root.
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== ''))
    return null;
  return url.origin;
}

/** The origin of the server this device uses, or undefined for this site's own. */
export function serverAddress(): string | undefined {
  try {
    const stored = globalThis.localStorage?.getItem(ADDRESS_KEY);
    const origin = stored ? parseServerAddress(stored) : null;
    return origin && origin !== globalThis.location?.origin ? origin : undefined;
  } catch {
    return undefined;
  }
}

/** Remembers the server (undefined or this site's origin: this site's own). */
export function saveServerAddress(origin: string | undefined): void {
  try {
    if (!origin || origin === globalThis.location?.origin) globalThis.localStorage?.removeItem(ADDRESS_KEY);
    else globalThis.localStorage?.setItem(ADDRESS_KEY, origin);
  } catch {
    // Private mode without storage: this site's server stays the one used.
  }
}
