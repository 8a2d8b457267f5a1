/**
 * Base initialisation (spec 000 §3, §4): skipped when the base already has a token and has
 * completed template recovery; otherwise the token is got or created, templates are restored
 * from the saved demo, and the base is recorded as initialised (the 20 most recent are kept).
 * The demo info lives in the base's meta table with its baseId as a SHA-256 hex digest, so the
 * base id itself is not written into the user's data; a copy for another base is refused.
 */
import { z } from 'zod';
import { QuireError } from '../core/errors';
import { getOrCreateBaseToken, readBaseCache, type SharedStore, type TokenOptions, writeBaseCache } from './baseToken';
import type { HostBridge } from './bridge';
import { deleteMeta, type MetaTable, readMeta, writeMeta } from './metaTable';

type Bridge = Pick<HostBridge, 'request'>;

export const DEMO_INFO_KEY = 'quire.demoInfo';
/** Where an earlier release kept it; cleared once the new copy is saved. */
export const LEGACY_DEMO_INFO_KEY = 'demoInfo';
const INITIALISED_BASES_KEY = 'quire.initialisedBases';
export const INITIALISED_BASES_KEPT = 20;

const demoInfoSchema = z.object({
  baseId: z.string().regex(/^[0-9a-f]{64}$/),
  name: z.string().max(500),
  baseUrl: z.string().max(2000).default(''),
  version: z.number().int().nonnegative(),
});
type DemoInfo = z.output<typeof demoInfoSchema>;

export async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The base's demo info, or undefined when there is none or it does not parse (reported through
 * `onParseError`, never thrown: a damaged record must not stop the base from opening). Demo info
 * of another base is refused (HostWrongBase).
 */
export async function readDemoInfo(
  bridge: Bridge,
  baseId: string,
  meta: MetaTable,
  onParseError: (error: QuireError) => void = () => undefined,
): Promise<DemoInfo | undefined> {
  const text =
    (await readMeta(bridge, baseId, meta, DEMO_INFO_KEY)) ??
    (await readMeta(bridge, baseId, meta, LEGACY_DEMO_INFO_KEY));
  if (!text) return undefined;
  let parsed: DemoInfo;
  try {
    parsed = demoInfoSchema.parse(JSON.parse(text));
  } catch (cause) {
    onParseError(new QuireError('DataInvalid', { detail: 'demo info', cause }));
    return undefined;
  }
  if (parsed.baseId !== (await sha256Hex(baseId))) throw new QuireError('HostWrongBase', { detail: 'demo info' });
  return parsed;
}

/** Saves the demo info (update or add), then clears the legacy copy. */
export async function writeDemoInfo(
  bridge: Bridge,
  baseId: string,
  meta: MetaTable,
  info: Omit<DemoInfo, 'baseId'> & { baseId: string },
): Promise<DemoInfo> {
  const digest = await sha256Hex(baseId);
  // The caller names the base it means; writing one base's demo into another is refused.
  if (info.baseId !== baseId && info.baseId !== digest) throw new QuireError('HostWrongBase', { detail: 'demo info' });
  const stored: DemoInfo = { ...info, baseId: digest };
  await writeMeta(bridge, baseId, meta, DEMO_INFO_KEY, JSON.stringify(stored));
  await deleteMeta(bridge, baseId, meta, LEGACY_DEMO_INFO_KEY);
  return stored;
}

export function initialisedBases(store: SharedStore): string[] {
  try {
    const list = JSON.parse(store.getItem(INITIALISED_BASES_KEY) ?? '[]') as unknown;
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** Most recent first; the 20 most recent kept. */
export function recordInitialised(store: SharedStore, baseId: string): string[] {
  const list = [baseId, ...initialisedBases(store).filter((id) => id !== baseId)].slice(0, INITIALISED_BASES_KEPT);
  store.setItem(INITIALISED_BASES_KEY, JSON.stringify(list));
  return list;
}

interface InitResult {
  token: string;
  skipped: boolean;
  restored: number;
}

export async function initialiseBase(
  options: TokenOptions & {
    /** Restores the base's templates from its saved demo (none: nothing to restore); returns how many. */
    restoreTemplates: () => Promise<number>;
  },
): Promise<InitResult> {
  const { baseId, store } = options;
  if (!baseId) throw new QuireError('NoBaseId');
  const cache = readBaseCache(store, baseId);
  if (cache.baseAccessToken && cache.templateRecoveryCheck) {
    recordInitialised(store, baseId);
    return { token: cache.baseAccessToken, skipped: true, restored: 0 };
  }
  const token = await getOrCreateBaseToken(options);
  const restored = await options.restoreTemplates();
  writeBaseCache(store, baseId, { templateRecoveryCheck: true });
  recordInitialised(store, baseId);
  return { token, skipped: false, restored };
}

export const BASE_TOKEN_META_KEY = 'quire.baseToken';

/**
 * The base itself as the token authority when no server is configured: the token is bound in the
 * base's meta table, so every device that opens the base agrees on it, and a token cached from
 * before someone else rebound the base is a mismatch ("token not match" rewrites it with the
 * base's).
 */
export function metaTokenAuthority(
  bridge: Bridge,
  meta: () => Promise<MetaTable>,
  randomId: () => string,
): TokenOptions['authority'] {
  return {
    async verify(baseId, token) {
      return (await readMeta(bridge, baseId, await meta(), BASE_TOKEN_META_KEY)) === token ? 'ok' : 'mismatch';
    },
    async create(baseId) {
      const table = await meta();
      // Another device made the base's token already: this one adopts it (a second token would
      // make every other device's copy a mismatch, and the server refuses it).
      const existing = await readMeta(bridge, baseId, table, BASE_TOKEN_META_KEY);
      if (existing) return existing;
      const token = `bt_${randomId()}`;
      await writeMeta(bridge, baseId, table, BASE_TOKEN_META_KEY, token);
      return token;
    },
  };
}
