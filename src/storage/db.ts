import Dexie, { type Table } from 'dexie';
import { classifyStorageFailure } from './failures';
import { migrateBaseCacheV1toV2, migrateRecordsV1toV2, migrateTablesV1toV2, migrateTemplateV1toV2 } from './migrations';
import { blocksOf } from './recordBlocks';
import type {
  ApprovalDefinitionRow,
  ApprovalInstanceRow,
  AssetRow,
  BaseCacheRow,
  BaseRow,
  LoginRow,
  OpenDocumentRow,
  RecordBlockIndexRow,
  RecordBlockRow,
  RecordRow,
  ReleaseRow,
  SettingRow,
  SignatureRow,
  TableRow,
  TemplateRow,
} from './types';

const DEFAULT_DB_NAME = 'quire';

/**
 * Every schema version, oldest first. Dexie needs the full history to upgrade an old database; a
 * version's `stores` lists only what changed. Never edit a shipped entry: add a new version.
 */
export const SCHEMA_V1 = {
  bases: 'id, updatedAt',
  dataTables: 'id, baseId',
  records: 'id, tableId',
  templates: 'id, baseId, tableId, updatedAt',
  releases: 'id, templateId',
  approvalDefinitions: 'code',
  approvalInstances: 'code, approvalCode',
  openDocuments: 'id, updatedAt',
  assets: 'hash',
  settings: 'key',
  logins: 'key',
  baseCache: 'baseId',
} as const;

export const SCHEMA_V2 = {
  dataTables: 'id, baseId, [baseId+order]',
  // Records move into blocks (see recordBlocks.ts); the v1 `records` store is emptied here and
  // dropped in v3 (Dexie cannot read a store in the same version that deletes it).
  recordBlocks: '[tableId+block]',
  recordIndex: '[tableId+block]',
  releases: 'id, templateId, [templateId+version]',
  baseCache: 'baseId, touchedAt',
} as const;

export const SCHEMA_V3 = {
  records: null,
} as const;

/** #31: saved signatures, one row per signer on this device (a new table: no rows to migrate). */
const SCHEMA_V4 = {
  signatures: 'id',
} as const;

export const CURRENT_SCHEMA_VERSION = 4;

/** The tables of the database, by name; `keyof` this is what transactions and change events name. */
export type StoreName =
  | 'bases'
  | 'dataTables'
  | 'recordBlocks'
  | 'recordIndex'
  | 'templates'
  | 'releases'
  | 'approvalDefinitions'
  | 'approvalInstances'
  | 'openDocuments'
  | 'assets'
  | 'settings'
  | 'logins'
  | 'baseCache'
  | 'signatures';

/** The two stores that hold records; every write of records names both. */
export const RECORD_STORES: StoreName[] = ['recordBlocks', 'recordIndex'];

export interface QuireDbOptions {
  name?: string;
  /** For tests and non-browser hosts (fake-indexeddb); defaults to the global IndexedDB. */
  indexedDB?: IDBFactory;
  IDBKeyRange?: typeof IDBKeyRange;
}

export class QuireDb extends Dexie {
  bases!: Table<BaseRow, string>;
  dataTables!: Table<TableRow, string>;
  recordBlocks!: Table<RecordBlockRow, [string, number]>;
  recordIndex!: Table<RecordBlockIndexRow, [string, number]>;
  templates!: Table<TemplateRow, string>;
  releases!: Table<ReleaseRow, string>;
  approvalDefinitions!: Table<ApprovalDefinitionRow, string>;
  approvalInstances!: Table<ApprovalInstanceRow, string>;
  openDocuments!: Table<OpenDocumentRow, string>;
  assets!: Table<AssetRow, string>;
  settings!: Table<SettingRow, string>;
  logins!: Table<LoginRow, string>;
  baseCache!: Table<BaseCacheRow, string>;
  signatures!: Table<SignatureRow, string>;

  constructor(options: QuireDbOptions = {}) {
    const deps = options.indexedDB
      ? { indexedDB: options.indexedDB, IDBKeyRange: options.IDBKeyRange ?? globalThis.IDBKeyRange }
      : {};
    // Chrome defaults to "relaxed" commits that may be lost on a crash; "saved" in Quire must mean on
    // disk. One user action is one transaction, so this costs one flush per action, not per row.
    super(options.name ?? DEFAULT_DB_NAME, { ...deps, chromeTransactionDurability: 'strict' });

    this.version(1).stores(SCHEMA_V1);
    this.version(2)
      .stores(SCHEMA_V2)
      .upgrade(async (tx) => {
        await tx
          .table('templates')
          .toCollection()
          .modify((row: Record<string, unknown>) => {
            Object.assign(row, migrateTemplateV1toV2(row));
          });
        await tx
          .table('baseCache')
          .toCollection()
          .modify((row: Record<string, unknown>) => {
            Object.assign(row, migrateBaseCacheV1toV2(row));
          });
        const tables = tx.table('dataTables');
        const tableRows = migrateTablesV1toV2(await tables.toArray());
        await tables.bulkPut(tableRows);
        const oldRecords = tx.table('records');
        const records = migrateRecordsV1toV2(await oldRecords.toArray(), tableRows) as unknown as RecordRow[];
        await oldRecords.clear();
        await writeRecordBlocks(tx.table('recordBlocks'), tx.table('recordIndex'), records);
      });
    this.version(3).stores(SCHEMA_V3);
    this.version(4).stores(SCHEMA_V4);
  }
}

/** Write migrated records as blocks with the upgrade transaction's own tables. */
async function writeRecordBlocks(blocks: Table, index: Table, records: RecordRow[]): Promise<void> {
  const { rows, indexRows } = blocksOf(records);
  await blocks.bulkPut(rows);
  await index.bulkPut(indexRows);
}

/**
 * Open the database, turning the browser's many ways of refusing storage (private mode, missing
 * IndexedDB, full disk) into catalogued errors the app can show a banner for.
 */
export async function openQuireDb(options: QuireDbOptions = {}): Promise<QuireDb> {
  const db = new QuireDb(options);
  try {
    await db.open();
  } catch (error) {
    db.close();
    throw classifyStorageFailure(error) ?? error;
  }
  return db;
}
