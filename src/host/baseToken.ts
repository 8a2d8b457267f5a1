/**
 * The base access token (spec 000 §3, §4, §8, §9): one token per base, cached on the device with
 * the base's template-recovery flag. Getting it: a cached token is verified (a failed verification
 * is tried once more after 500 ms; "token not match" rewrites it); without one, a token is created
 * under a cross-tab lock that lasts 30 s, so two tabs opening the same base do not create two
 * tokens: the second sees BASE_TOKEN_LOCKED and waits, then uses what the first wrote. A body code
 * 3021 from the API clears the cached token. Pure apart from the stores it is given.
 */
import { QuireError } from '../core/errors';
import type { Clock } from './bridge';
import { realClock } from './bridge';

export const BASE_TOKEN_LOCK_MS = 30_000;
const TOKEN_VERIFY_RETRY_MS = 500;
const TENANT_KEY_RETRY_MS = 200;
/** The API's body code for a base token it no longer accepts. */
const BASE_TOKEN_INVALID_BODY_CODE = 3021;
/** Token cache key prefix (spec 000 §9: "v2 plus category"). */
const TOKEN_CACHE_PREFIX = 'v2';

/** Key/value storage shared by the tabs of one browser profile (localStorage in the app). */
export interface SharedStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Per base: the token and whether its templates were recovered (spec 000 §3, "base cache"). */
interface BaseCache {
  baseAccessToken?: string;
  templateRecoveryCheck?: boolean;
}

/** Who issues and checks tokens: Quire's server when one is configured, else this device. */
export interface TokenAuthority {
  /** 'mismatch': the base is bound to another token ("token not match"). */
  verify(baseId: string, token: string): Promise<'ok' | 'mismatch'>;
  create(baseId: string): Promise<string>;
}

export function baseCacheKey(baseId: string, category = 'base'): string {
  return `quire.${TOKEN_CACHE_PREFIX}.${category}.${baseId}`;
}

export function lockKey(baseId: string): string {
  return `quire.baseTokenLock.${baseId}`;
}

export function readBaseCache(store: SharedStore, baseId: string): BaseCache {
  try {
    const value = JSON.parse(store.getItem(baseCacheKey(baseId)) ?? '{}') as unknown;
    if (typeof value !== 'object' || value === null) return {};
    const { baseAccessToken, templateRecoveryCheck } = value as Record<string, unknown>;
    return {
      ...(typeof baseAccessToken === 'string' && baseAccessToken ? { baseAccessToken } : {}),
      ...(templateRecoveryCheck === true ? { templateRecoveryCheck } : {}),
    };
  } catch {
    return {};
  }
}

export function writeBaseCache(store: SharedStore, baseId: string, patch: BaseCache): void {
  store.setItem(baseCacheKey(baseId), JSON.stringify({ ...readBaseCache(store, baseId), ...patch }));
}

/** Body code 3021: the API refused the token; the next open creates or fetches a new one. */
export function clearTokenOnBodyCode(store: SharedStore, baseId: string, bodyCode: number): boolean {
  if (bodyCode !== BASE_TOKEN_INVALID_BODY_CODE) return false;
  clearToken(store, baseId);
  return true;
}

/** Forgets the base's token and keeps its recovery flag. */
export function clearToken(store: SharedStore, baseId: string): void {
  const { templateRecoveryCheck } = readBaseCache(store, baseId);
  store.setItem(baseCacheKey(baseId), JSON.stringify(templateRecoveryCheck ? { templateRecoveryCheck } : {}));
}

interface LockEntry {
  owner: string;
  until: number;
}

function readLock(store: SharedStore, baseId: string): LockEntry | undefined {
  try {
    const value = JSON.parse(store.getItem(lockKey(baseId)) ?? 'null') as Partial<LockEntry> | null;
    return value && typeof value.owner === 'string' && typeof value.until === 'number'
      ? { owner: value.owner, until: value.until }
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the base's creation lock for `owner`, or throws BASE_TOKEN_LOCKED while another tab
 * holds one that has not expired (a tab that crashed mid-creation frees it after 30 s).
 */
export function acquireTokenLock(store: SharedStore, baseId: string, owner: string, now: number): void {
  const held = readLock(store, baseId);
  if (held && held.owner !== owner && held.until > now)
    throw new QuireError('BaseTokenLocked', {
      detail: baseId,
      params: { seconds: Math.ceil((held.until - now) / 1000) },
    });
  store.setItem(lockKey(baseId), JSON.stringify({ owner, until: now + BASE_TOKEN_LOCK_MS }));
  // Two tabs may write at once: only the one whose entry stayed holds the lock.
  const after = readLock(store, baseId);
  if (after?.owner !== owner) throw new QuireError('BaseTokenLocked', { detail: baseId });
}

function releaseTokenLock(store: SharedStore, baseId: string, owner: string): void {
  if (readLock(store, baseId)?.owner === owner) store.removeItem(lockKey(baseId));
}

export interface TokenOptions {
  baseId: string | null;
  store: SharedStore;
  authority: TokenAuthority;
  /** This tab's id (the lock's owner). */
  owner: string;
  clock?: Clock;
  now?: () => number;
  /** Told while another tab holds the lock (the screen says so). */
  onWaiting?: (error: QuireError) => void;
}

function sleep(clock: Clock, ms: number): Promise<void> {
  return new Promise((resolve) => clock.setTimeout(resolve, ms));
}

async function verifyWithRetry(options: TokenOptions & { baseId: string }, token: string) {
  const clock = options.clock ?? realClock;
  try {
    return await options.authority.verify(options.baseId, token);
  } catch {
    // A verification that failed (network, timeout) is tried once more after 500 ms.
    await sleep(clock, TOKEN_VERIFY_RETRY_MS);
    return options.authority.verify(options.baseId, token);
  }
}

async function createUnderLock(options: TokenOptions & { baseId: string }): Promise<string> {
  const clock = options.clock ?? realClock;
  const now = options.now ?? Date.now;
  for (;;) {
    try {
      acquireTokenLock(options.store, options.baseId, options.owner, now());
      break;
    } catch (error) {
      if (!(error instanceof QuireError) || error.errorName !== 'BaseTokenLocked') throw error;
      options.onWaiting?.(error);
      await sleep(clock, TOKEN_VERIFY_RETRY_MS);
      // The other tab may have finished meanwhile: its token is ours too.
      const written = readBaseCache(options.store, options.baseId).baseAccessToken;
      if (written && readLock(options.store, options.baseId) === undefined) return written;
    }
  }
  try {
    // Created by another tab between our read and the lock: use it.
    const written = readBaseCache(options.store, options.baseId).baseAccessToken;
    if (written) return written;
    const token = await options.authority.create(options.baseId);
    writeBaseCache(options.store, options.baseId, { baseAccessToken: token });
    return token;
  } finally {
    releaseTokenLock(options.store, options.baseId, options.owner);
  }
}

/** The base's access token: cached and verified, or created under the cross-tab lock. */
export async function getOrCreateBaseToken(options: TokenOptions): Promise<string> {
  const { baseId } = options;
  if (!baseId) throw new QuireError('NoBaseId');
  const withBase = { ...options, baseId };
  const cached = readBaseCache(options.store, baseId).baseAccessToken;
  if (cached) {
    if ((await verifyWithRetry(withBase, cached)) === 'ok') return cached;
    // "token not match": the cached token is rewritten with a fresh one.
    clearToken(options.store, baseId);
  }
  return createUnderLock(withBase);
}

/**
 * The tenant key the API needs: it may arrive a moment after start (a sign-in round trip writing
 * the login, a host telling it late), so it is read again every 200 ms until it is there (or
 * `timeoutMs` passes: NOT_LOGIN). The host base's server binding waits for it (app/host/baseServer).
 */
export async function waitForTenantKey(
  read: () => Promise<string | undefined> | string | undefined,
  options: { clock?: Clock; timeoutMs?: number } = {},
): Promise<string> {
  const clock = options.clock ?? realClock;
  const attempts = Math.max(1, Math.ceil((options.timeoutMs ?? 5_000) / TENANT_KEY_RETRY_MS));
  for (let i = 0; i < attempts; i++) {
    const key = await read();
    if (key) return key;
    await sleep(clock, TENANT_KEY_RETRY_MS);
  }
  throw new QuireError('NotLogin', { detail: 'no tenant key from the host' });
}

/**
 * This device as the token authority when no server is configured: a base is bound to the first
 * token created for it (kept in the shared store), so a token from another device or an old
 * install is a mismatch.
 */
export function deviceTokenAuthority(store: SharedStore, randomId: () => string): TokenAuthority {
  const boundKey = (baseId: string) => `quire.baseTokenBinding.${baseId}`;
  return {
    async verify(baseId, token) {
      return store.getItem(boundKey(baseId)) === token ? 'ok' : 'mismatch';
    },
    async create(baseId) {
      const token = `bt_${randomId()}`;
      store.setItem(boundKey(baseId), token);
      return token;
    },
  };
}

/**
 * The base's token checked against Quire's server as well (spec 000 §7 `POST /api/secure/bind/
 * {token}/baseId/{baseId}`): `bind` binds it on first use and answers "token not match"
 * (TokenNotMatch) when the server knows the base by another token. A token the base itself no
 * longer holds is a mismatch here (rewritten with the base's); one the server refuses is an error
 * no rewrite can fix (the base would lose its templates on the server), so it is thrown. A server
 * that cannot be reached is no reason to stop: inside a host Quire works offline, and the server
 * checks the token again on every call once it is reachable.
 */
export function serverCheckedAuthority(
  inner: TokenAuthority,
  bind: (baseId: string, token: string) => Promise<void>,
  isRefusal: (error: unknown) => boolean,
): TokenAuthority {
  const check = async (baseId: string, token: string) => {
    try {
      await bind(baseId, token);
    } catch (error) {
      if (isRefusal(error)) throw error;
    }
  };
  return {
    async verify(baseId, token) {
      if ((await inner.verify(baseId, token)) === 'mismatch') return 'mismatch';
      await check(baseId, token);
      return 'ok';
    },
    async create(baseId) {
      const token = await inner.create(baseId);
      await check(baseId, token);
      return token;
    },
  };
}
