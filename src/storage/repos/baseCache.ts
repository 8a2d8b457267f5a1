import type { StorageContext } from '../context';
import { write } from '../context';
import type { BaseCacheRow } from '../types';

/** Spec 000 §3: the initialised-bases list keeps the 20 most recent. */
export const BASE_CACHE_LIMIT = 20;

/** Spec 000 §4: a base needs initialising unless it has a token and its template recovery ran. */
export function needsInitialisation(entry: BaseCacheRow | undefined): boolean {
  return !(entry?.baseAccessToken && entry.templateRecoveryCheck);
}

export function createBaseCacheRepo(ctx: StorageContext) {
  const { db } = ctx;

  /** Write an entry as most recent and drop the oldest beyond the limit, in one transaction. */
  async function upsert(
    baseId: string,
    patch: Partial<Omit<BaseCacheRow, 'baseId' | 'touchedAt'>>,
  ): Promise<BaseCacheRow> {
    return write(ctx, { action: 'baseCache.touch', stores: ['baseCache'], keys: [baseId] }, async () => {
      const existing = await db.baseCache.get(baseId);
      const row: BaseCacheRow = {
        baseId,
        templateRecoveryCheck: false,
        ...existing,
        ...patch,
        touchedAt: ctx.now(),
      };
      await db.baseCache.put(row);
      const count = await db.baseCache.count();
      if (count > BASE_CACHE_LIMIT) {
        const stale = await db.baseCache
          .orderBy('touchedAt')
          .limit(count - BASE_CACHE_LIMIT)
          .primaryKeys();
        await db.baseCache.bulkDelete(stale.filter((key) => key !== baseId));
      }
      return row;
    });
  }

  return {
    get(baseId: string): Promise<BaseCacheRow | undefined> {
      return db.baseCache.get(baseId);
    },
    /** Most recent first. */
    list(): Promise<BaseCacheRow[]> {
      return db.baseCache.orderBy('touchedAt').reverse().toArray();
    },
    touch(baseId: string): Promise<BaseCacheRow> {
      return upsert(baseId, {});
    },
    setAccessToken(baseId: string, baseAccessToken: string): Promise<BaseCacheRow> {
      return upsert(baseId, { baseAccessToken });
    },
    markRecoveryChecked(baseId: string): Promise<BaseCacheRow> {
      return upsert(baseId, { templateRecoveryCheck: true });
    },
    /** Body code 3021 (spec 000 §4) clears the stored base token. */
    async clearAccessToken(baseId: string): Promise<void> {
      await write(ctx, { action: 'baseCache.clearToken', stores: ['baseCache'], keys: [baseId] }, async () => {
        const existing = await db.baseCache.get(baseId);
        if (!existing) return;
        const { baseAccessToken: _dropped, ...rest } = existing;
        await db.baseCache.put(rest);
      });
    },
  };
}

export type BaseCacheRepo = ReturnType<typeof createBaseCacheRepo>;
