import { liveQuery, type Observable } from 'dexie';
import { ChangeBus } from './changes';
import { createContext, type StorageContext } from './context';
import { openQuireDb, type QuireDbOptions } from './db';
import { PendingWrites } from './pending';
import { createApprovalRepo } from './repos/approvals';
import { createAssetRepo } from './repos/assets';
import { createBaseCacheRepo } from './repos/baseCache';
import { createBaseRepo } from './repos/bases';
import { createLoginRepo } from './repos/logins';
import { createOpenDocumentRepo } from './repos/openDocuments';
import { createRecordRepo } from './repos/records';
import { createSettingsRepo } from './repos/settings';
import { createSignatureRepo } from './repos/signatures';
import { createTableRepo } from './repos/tables';
import { createTemplateRepo } from './repos/templates';

export interface OpenStorageOptions extends QuireDbOptions {
  /** BroadcastChannel name; tests give each "tab" group its own. */
  channelName?: string;
  now?: () => number;
}

export function createRepos(ctx: StorageContext) {
  return {
    ctx,
    db: ctx.db,
    changes: ctx.changes,
    pending: ctx.pending,
    bases: createBaseRepo(ctx),
    tables: createTableRepo(ctx),
    records: createRecordRepo(ctx),
    templates: createTemplateRepo(ctx),
    approvals: createApprovalRepo(ctx),
    openDocuments: createOpenDocumentRepo(ctx),
    assets: createAssetRepo(ctx),
    settings: createSettingsRepo(ctx),
    logins: createLoginRepo(ctx),
    baseCache: createBaseCacheRepo(ctx),
    signatures: createSignatureRepo(ctx),
    /** Re-run `query` whenever the data it read changes, in this tab or another (Dexie liveQuery). */
    live<T>(query: () => T | Promise<T>): Observable<T> {
      return liveQuery(query);
    },
    close(): void {
      ctx.changes.close();
      ctx.db.close();
    },
  };
}

export type Storage = ReturnType<typeof createRepos>;

/** Open the local database and its repositories: the one entry point the app needs. */
export async function openStorage(options: OpenStorageOptions = {}): Promise<Storage> {
  const db = await openQuireDb(options);
  const ctx = createContext(db, {
    changes: new ChangeBus(options.channelName),
    pending: new PendingWrites(),
    ...(options.now ? { now: options.now } : {}),
  });
  return createRepos(ctx);
}
