import { QuireError } from '../core/errors';

/**
 * Browsers report "storage refused" in many shapes: a DOMException named QuotaExceededError, the same
 * wrapped as the `inner` of Dexie's AbortError (the transaction aborted *because* the disk was full),
 * Firefox's legacy NS_ERROR_DOM_QUOTA_REACHED, InvalidStateError in private windows, Dexie's
 * MissingAPIError when there is no IndexedDB at all. The UI only needs two answers: "full" or
 * "unavailable".
 */

const QUOTA_NAMES = new Set(['QuotaExceededError', 'NS_ERROR_DOM_QUOTA_REACHED']);
const UNAVAILABLE_NAMES = new Set(['InvalidStateError', 'MissingAPIError', 'SecurityError', 'InvalidAccessError']);

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  inner?: unknown;
  cause?: unknown;
}

/** The error and everything it wraps (Dexie's `inner`, standard `cause`), outermost first. */
function errorChain(error: unknown): ErrorLike[] {
  const chain: ErrorLike[] = [];
  let current: unknown = error;
  while (current && typeof current === 'object' && chain.length < 8) {
    const item = current as ErrorLike;
    if (chain.includes(item)) break;
    chain.push(item);
    current = item.inner ?? item.cause;
  }
  return chain;
}

function isQuota(item: ErrorLike): boolean {
  // Legacy WebKit reports code 22 with an unhelpful name.
  return (typeof item.name === 'string' && QUOTA_NAMES.has(item.name)) || item.code === 22 || item.code === 1014;
}

function isUnavailable(item: ErrorLike): boolean {
  if (typeof item.name === 'string' && UNAVAILABLE_NAMES.has(item.name)) return true;
  // Safari drops its IndexedDB server process now and then ("Connection to Indexed Database server lost").
  return (
    typeof item.message === 'string' && /indexed ?(db|database) server lost|IndexedDB API missing/i.test(item.message)
  );
}

type StorageFailureKind = 'StorageQuotaExceeded' | 'StorageUnavailable';

export function storageFailureKind(error: unknown): StorageFailureKind | undefined {
  const chain = errorChain(error);
  if (chain.some(isQuota)) return 'StorageQuotaExceeded';
  if (chain.some(isUnavailable)) return 'StorageUnavailable';
  return undefined;
}

/** A catalogued storage error for a browser storage failure, or undefined for anything else. */
export function classifyStorageFailure(error: unknown): QuireError | undefined {
  if (error instanceof QuireError) {
    return error.errorName === 'StorageQuotaExceeded' || error.errorName === 'StorageUnavailable' ? error : undefined;
  }
  const kind = storageFailureKind(error);
  if (!kind) return undefined;
  const detail = error instanceof Error ? error.message : undefined;
  return new QuireError(kind, { detail, cause: error });
}

/** Minimal view of `navigator.storage`, so tests and non-browser hosts can pass their own. */
export interface StorageManagerLike {
  persist?: () => Promise<boolean>;
  persisted?: () => Promise<boolean>;
  estimate?: () => Promise<{ usage?: number; quota?: number }>;
}

function defaultStorageManager(): StorageManagerLike | undefined {
  const nav = (globalThis as { navigator?: { storage?: StorageManagerLike } }).navigator;
  return nav?.storage;
}

export type PersistenceResult = 'granted' | 'denied' | 'unsupported';

/** Ask the browser not to evict our data under storage pressure. */
export async function requestPersistence(
  storage: StorageManagerLike | undefined = defaultStorageManager(),
): Promise<PersistenceResult> {
  if (!storage?.persist) return 'unsupported';
  try {
    if (storage.persisted && (await storage.persisted())) return 'granted';
    return (await storage.persist()) ? 'granted' : 'denied';
  } catch {
    return 'denied';
  }
}

export interface UsageEstimate {
  usage: number;
  quota: number;
  /** 0–100, rounded to one decimal */
  percent: number;
}

export async function estimateUsage(
  storage: StorageManagerLike | undefined = defaultStorageManager(),
): Promise<UsageEstimate | undefined> {
  if (!storage?.estimate) return undefined;
  try {
    const { usage = 0, quota = 0 } = await storage.estimate();
    const percent = quota > 0 ? Math.round((usage / quota) * 1000) / 10 : 0;
    return { usage, quota, percent };
  } catch {
    return undefined;
  }
}
