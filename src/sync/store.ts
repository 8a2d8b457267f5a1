/**
 * The sync layer's own small IndexedDB database (not the app's `QuireDb`): the outbox of
 * mutations, each template's sync state, conflicts waiting for the user, pull cursors and the
 * client id. Kept apart so the app's schema versions and the sync protocol evolve separately.
 */
import Dexie, { type Table } from 'dexie';
import type { MutationKind, TemplateDto } from '../api/contract';

/** A queued change. `id` is the mutation id: one growing sequence per client. */
export interface OutboxRow {
  id: number;
  kind: MutationKind;
  templateId: string;
  docId?: string;
  name?: string;
  content?: string;
  deps?: string[];
  note?: string;
  /** template.create only: where the template lives on this device. */
  place?: TemplatePlace;
  enqueuedAt: number;
  /**
   * Set just before the row first goes to the server. A save not yet sent takes the next save's
   * content instead of queueing another (one draft version per pause, not per keystroke); one sent
   * may have been applied already, so it is never changed.
   */
  sent?: true;
}

/** Where a template sits in a local workspace, carried to other devices with its creation. */
export interface TemplatePlace {
  baseId?: string;
  tableId?: string;
  type?: number;
  category?: number;
}

/** on this device only · waiting to send · synced · conflict (shown per template). */
type TemplateSyncState = 'pending' | 'synced' | 'conflict' | 'deleted';

export interface TemplateSyncRow {
  templateId: string;
  docId: string;
  state: TemplateSyncState;
  /** The server version this device last saw; null before the template reached the server. */
  serverVersion: number | null;
  /** The latest local name and content handed to sync: "mine" in a conflict. */
  localName: string;
  localContent: string;
  localDeps: string[];
  /** The latest release number the server reported (0: never published). */
  releaseNo?: number;
  /** The last refusal other than a conflict (e.g. the template was deleted elsewhere). */
  lastError?: string;
  /**
   * A pulled version the app has not written into its own template yet, with what sync last knew
   * that template to hold (`previous`, null when it had nothing). Until it is written, the app's
   * template differing from `localContent` is not a local edit: a tab starting meanwhile, or a
   * restart after a crash in between, must write the pulled version rather than push the old one
   * over it; and an app template that differs from `previous` too was edited meanwhile: a conflict
   * (and a change queued meanwhile is pushed against `previousVersion`, so the server refuses it).
   */
  pulledUnwritten?: {
    template: TemplateDto;
    previous: { name: string; content: string } | null;
    /** The server version the app's template was at: a change made on it is pushed against this. */
    previousVersion: number | null;
  };
}

export interface ConflictRow {
  templateId: string;
  docId: string;
  mine: { name: string; content: string; deps: string[] };
  theirs: TemplateDto;
  detectedAt: number;
}

/** A local template (app storage id) and the server template it syncs with. */
interface LocalLinkRow {
  remoteId: string;
  localId: string;
  baseId: string;
}

/** A local workspace (base) whose templates sync with a team document. */
export interface BaseLinkRow {
  baseId: string;
  teamId: string;
  docId: string;
  docName: string;
  linkedAt: number;
  /**
   * False from the moment the link is written until the workspace's templates are queued for the
   * team document; a link left false (the browser lost in between) is finished at the next start.
   * Absent on links made before this was kept: those finished.
   */
  complete?: boolean;
}

interface MetaRow {
  key: string;
  value: unknown;
}

/** The sync database's name on a device. */
export const SYNC_DB_NAME = 'quire-sync';

export class SyncDb extends Dexie {
  outbox!: Table<OutboxRow, number>;
  templates!: Table<TemplateSyncRow, string>;
  conflicts!: Table<ConflictRow, string>;
  meta!: Table<MetaRow, string>;
  locals!: Table<LocalLinkRow, string>;
  bases!: Table<BaseLinkRow, string>;

  constructor(name = SYNC_DB_NAME, options?: ConstructorParameters<typeof Dexie>[1]) {
    super(name, options);
    this.version(1).stores({
      outbox: 'id, templateId',
      templates: 'templateId, docId, state',
      conflicts: 'templateId, docId',
      meta: 'key',
    });
    // The app's side: which local templates and workspaces sync, and with what.
    this.version(2).stores({ locals: 'remoteId, &localId, baseId', bases: 'baseId, docId' });
  }
}

/**
 * Whether the device's sync database holds a workspace link, looked for by name first so a device
 * that never linked opens (and creates) nothing. `factory`/`keyRange`: the IndexedDB to ask.
 */
export async function syncDbHasLinks(factory: IDBFactory, keyRange: typeof IDBKeyRange): Promise<boolean> {
  const names = await factory.databases();
  if (!names.some((d) => d.name === SYNC_DB_NAME)) return false;
  const db = new SyncDb(SYNC_DB_NAME, { indexedDB: factory, IDBKeyRange: keyRange });
  try {
    return (await db.bases.count()) > 0;
  } finally {
    db.close();
  }
}

export async function getMeta<T>(db: SyncDb, key: string, fallback: T): Promise<T> {
  const row = await db.meta.get(key);
  return row ? (row.value as T) : fallback;
}

export function setMeta(db: SyncDb, key: string, value: unknown): Promise<string> {
  return db.meta.put({ key, value });
}
