/**
 * Which host origins may frame Quire and talk to it. Two sources, merged:
 *  - build time: `VITE_QUIRE_HOST_ORIGINS` (spaces or commas), baked into the bundle;
 *  - run time: `/quire-hosts.json` (`{ "hostOrigins": [...] }`) from the server or static host
 *    that serves the app, so one build can be deployed for different hosts. Quire's server writes
 *    it from the same `--frame-ancestors` list its CSP uses (docs/HOST-PROTOCOL.md, Configuration).
 * The app's own origin always counts (a same-origin frame is the app itself).
 * No URL parameter can add an origin: trust never comes from the page that frames us.
 */
import { z } from 'zod';
import { normaliseOrigin, parseOrigins } from '../../host/protocol';

const RUNTIME_CONFIG_PATH = '/quire-hosts.json';

const runtimeConfigSchema = z.object({ hostOrigins: z.array(z.string()).max(100) });

/** Origins in a runtime config file's text; anything malformed counts as none. */
export function originsFromRuntimeConfig(text: string): string[] {
  try {
    const parsed = runtimeConfigSchema.safeParse(JSON.parse(text));
    if (!parsed.success) return [];
    return parsed.data.hostOrigins.map(normaliseOrigin).filter((o): o is string => o !== undefined);
  } catch {
    return [];
  }
}

export function mergeOrigins(...lists: ReadonlyArray<readonly string[]>): string[] {
  return [...new Set(lists.flat())];
}

type Fetch = (input: string, init?: RequestInit) => Promise<Pick<Response, 'ok' | 'text'>>;

/** The runtime list from the server ([] when it has none or cannot be reached). */
export function loadRuntimeOrigins(fetcher: Fetch): Promise<string[]> {
  return runtimeOriginsWithMemory(fetcher, undefined);
}

let loaded: Promise<string[]> | undefined;

const LAST_RUNTIME_KEY = 'quire.hostOrigins';

/**
 * The runtime list, remembered for offline starts: a host page reloaded without a network still
 * frames the same Quire (the service worker serves the app; the list came from the same server).
 */
export async function runtimeOriginsWithMemory(
  fetcher: Fetch,
  memory: Pick<Storage, 'getItem' | 'setItem'> | undefined,
): Promise<string[]> {
  try {
    const response = await fetcher(RUNTIME_CONFIG_PATH, { cache: 'no-store', credentials: 'same-origin' });
    if (response.ok) {
      const origins = originsFromRuntimeConfig(await response.text());
      memory?.setItem(LAST_RUNTIME_KEY, JSON.stringify({ hostOrigins: origins }));
      return origins;
    }
    return [];
  } catch {
    return originsFromRuntimeConfig(memory?.getItem(LAST_RUNTIME_KEY) ?? '');
  }
}

function localMemory(): Pick<Storage, 'getItem' | 'setItem'> | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** The configured host origins of this page (loaded once). */
export function hostOrigins(): Promise<string[]> {
  loaded ??= runtimeOriginsWithMemory((input, init) => fetch(input, init), localMemory()).then((runtime) =>
    mergeOrigins([window.location.origin], parseOrigins(import.meta.env.VITE_QUIRE_HOST_ORIGINS), runtime),
  );
  return loaded;
}

/** Whether this page is framed at all (a host may be present). */
export function isFramed(): boolean {
  try {
    return window.parent !== window;
  } catch {
    return true;
  }
}

/** The framing page's origin when the browser tells us (Chromium, Safari: `ancestorOrigins`). */
export function parentOriginHint(): string | undefined {
  const list = (window.location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  return list && list.length > 0 ? (list[0] ?? undefined) : undefined;
}

/**
 * The framing page's origin when the browser names it and it is neither Quire nor a configured
 * host: such a page must never get a screen that takes input (the sign-in card). Undefined when
 * not framed, framed by a listed origin, or the browser does not name the framer (then the
 * server's `frame-ancestors` is what stops it).
 */
export async function unlistedFramer(): Promise<string | undefined> {
  if (!isFramed()) return undefined;
  const parent = parentOriginHint();
  if (!parent) return undefined;
  const listed = await hostOrigins().catch(() => [window.location.origin]);
  return listed.includes(parent) ? undefined : parent;
}
