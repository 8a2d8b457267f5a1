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

export const RUNTIME_CONFIG_PATH = '/quire-hosts.json';

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

export async function loadRuntimeOrigins(fetcher: Fetch): Promise<string[]> {
  try {
    const response = await fetcher(RUNTIME_CONFIG_PATH, { cache: 'no-store', credentials: 'same-origin' });
    return response.ok ? originsFromRuntimeConfig(await response.text()) : [];
  } catch {
    // Offline or no such file: the build-time list (and our own origin) still hold.
    return [];
  }
}

let loaded: Promise<string[]> | undefined;

/** The configured host origins of this page (loaded once). */
export function hostOrigins(): Promise<string[]> {
  loaded ??= loadRuntimeOrigins((input, init) => fetch(input, init)).then((runtime) =>
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
