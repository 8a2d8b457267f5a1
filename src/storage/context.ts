import { ChangeBus } from './changes';
import type { QuireDb, StoreName } from './db';
import { classifyStorageFailure } from './failures';
import { PendingWrites } from './pending';

/** What every repository needs: the database, the change bus, the unsaved-data buffer and a clock. */
export interface StorageContext {
  db: QuireDb;
  changes: ChangeBus;
  pending: PendingWrites;
  now: () => number;
}

export function createContext(db: QuireDb, overrides: Partial<Omit<StorageContext, 'db'>> = {}): StorageContext {
  return {
    db,
    changes: overrides.changes ?? new ChangeBus(),
    pending: overrides.pending ?? new PendingWrites(),
    now: overrides.now ?? (() => Date.now()),
  };
}

const ID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** A short random id such as `rec3k9x…`; 16 random characters make collisions negligible. */
export function newId(prefix: string): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  let out = prefix;
  for (const byte of bytes) out += ID_ALPHABET[byte % 36];
  return out;
}

interface WriteSpec {
  /** Short action name for change events, e.g. 'record.update'. */
  action: string;
  stores: StoreName[];
  keys?: string[];
  /**
   * What to keep in memory if storage refuses the write. Omit for writes whose data can be
   * regenerated (caches, demo data).
   */
  unsaved?: { key: string; label: string; payload: unknown };
}

/**
 * Run one user action as one transaction: all its writes land together or none do. On commit the
 * change is announced (to this tab and others) and any older unsaved copy of the same thing is
 * dropped; on a storage failure the data is kept in the pending buffer and a catalogued error thrown.
 */
export async function write<T>(ctx: StorageContext, spec: WriteSpec, body: () => Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await ctx.db.transaction(
      'rw',
      spec.stores.map((name) => ctx.db.table(name)),
      body,
    );
  } catch (error) {
    const failure = classifyStorageFailure(error);
    if (!failure) throw error;
    if (spec.unsaved) {
      ctx.pending.keep({ ...spec.unsaved, reason: failure.errorName, failedAt: ctx.now() });
    }
    throw failure;
  }
  if (spec.unsaved) ctx.pending.resolve(spec.unsaved.key, spec.unsaved.payload);
  ctx.changes.emit({ action: spec.action, stores: spec.stores, ...(spec.keys ? { keys: spec.keys } : {}) });
  return result;
}
