import { z } from 'zod';
import { type ErrorIssue, QuireError } from '../core/errors';
import { zodIssues } from '../core/issues';
import { write } from './context';
import { CURRENT_SCHEMA_VERSION, RECORD_STORES, type StoreName } from './db';
import { migrateBackupRows } from './migrations';
import { allRecords, parseRecordId, putRecords } from './recordBlocks';
import { deleteBaseRows } from './repos/bases';
import type { Storage } from './storage';
import type { RecordRow } from './types';

/**
 * Workspace backup: one JSON file holding every row, with Blobs inlined as base64, that imports back
 * to the same rows. Logins and the base cache are left out on purpose: a backup file gets copied and
 * mailed around, and must never carry access tokens.
 */

export const BACKUP_FORMAT = 'quire-backup';
export const BACKUP_VERSION = 1;

/** Stores a backup carries, and the primary key of each (to validate rows before writing). */
const BACKED_UP: Record<string, string> = {
  bases: 'id',
  dataTables: 'id',
  records: 'id',
  templates: 'id',
  releases: 'id',
  approvalDefinitions: 'code',
  approvalInstances: 'code',
  openDocuments: 'id',
  assets: 'hash',
  settings: 'key',
};
/** Records travel as one flat list (`stores.records`), whatever the database's block layout. */
const ROW_STORES = Object.keys(BACKED_UP).filter((name) => name !== 'records') as StoreName[];
const READ_STORES: StoreName[] = [...ROW_STORES, ...RECORD_STORES];

/** Rows by store name; `records` is the flat list of all records. */
type BackupStores = Partial<Record<StoreName | 'records', Row[]>>;

export type BackupScope = { kind: 'workspace' } | { kind: 'base'; baseId: string };

type Row = Record<string, unknown>;

export interface BackupEnvelope {
  format: typeof BACKUP_FORMAT;
  version: number;
  /** The database schema version the rows were written with; older rows are migrated on import. */
  schemaVersion: number;
  exportedAt: string;
  scope: BackupScope;
  stores: BackupStores;
}

// --- Blob <-> JSON ---------------------------------------------------------------------------------

const BLOB_TAG = '$quireBlob';

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
}

function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Replace every Blob in a value by `{ $quireBlob: { type, base64 } }`. */
async function encodeBlobs(value: unknown): Promise<unknown> {
  if (value instanceof Blob) {
    return { [BLOB_TAG]: { type: value.type, base64: bytesToBase64(new Uint8Array(await value.arrayBuffer())) } };
  }
  if (Array.isArray(value)) return Promise.all(value.map(encodeBlobs));
  if (value && typeof value === 'object') {
    const out: Row = {};
    for (const [key, inner] of Object.entries(value)) out[key] = await encodeBlobs(inner);
    return out;
  }
  return value;
}

function decodeBlobs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decodeBlobs);
  if (value && typeof value === 'object') {
    const tagged = (value as Row)[BLOB_TAG] as { type?: unknown; base64?: unknown } | undefined;
    if (tagged && typeof tagged.base64 === 'string') {
      return new Blob([base64ToBytes(tagged.base64)], { type: typeof tagged.type === 'string' ? tagged.type : '' });
    }
    const out: Row = {};
    for (const [key, inner] of Object.entries(value)) out[key] = decodeBlobs(inner);
    return out;
  }
  return value;
}

// --- export ----------------------------------------------------------------------------------------

const HASH = /^[0-9a-f]{64}$/;

/** Asset hashes mentioned anywhere in some rows (attachment cells, thumbnails, template images). */
function referencedHashes(rows: unknown, found = new Set<string>()): Set<string> {
  if (typeof rows === 'string') {
    if (HASH.test(rows)) found.add(rows);
    else if (rows.length > 64 && rows.includes('"')) for (const m of rows.matchAll(/[0-9a-f]{64}/g)) found.add(m[0]);
  } else if (Array.isArray(rows)) for (const item of rows) referencedHashes(item, found);
  else if (rows && typeof rows === 'object') for (const inner of Object.values(rows)) referencedHashes(inner, found);
  return found;
}

async function collectRows(storage: Storage, scope: BackupScope): Promise<BackupStores> {
  const { db } = storage;
  if (scope.kind === 'workspace') {
    const out: BackupStores = {};
    for (const name of ROW_STORES) out[name] = (await db.table(name).toArray()) as Row[];
    const blocks = await db.recordBlocks.toArray();
    out.records = blocks.flatMap((b) => b.records) as unknown as Row[];
    return out;
  }
  const base = await db.bases.get(scope.baseId);
  if (!base) throw new QuireError('NoBaseId', { detail: scope.baseId });
  const dataTables = await db.dataTables.where('baseId').equals(scope.baseId).toArray();
  const tableIds = dataTables.map((t) => t.id);
  const records = [];
  for (const tableId of tableIds) records.push(...(await allRecords(storage.ctx, tableId)));
  const templates = await db.templates.where('baseId').equals(scope.baseId).toArray();
  const templateIds = templates.map((t) => t.id);
  const releases = templateIds.length ? await db.releases.where('templateId').anyOf(templateIds).toArray() : [];
  const hashes = referencedHashes([records, templates, releases]);
  const assets = (await db.assets.bulkGet([...hashes])).filter((a) => a !== undefined);
  return { bases: [base], dataTables, records, templates, releases, assets } as unknown as Partial<
    Record<StoreName, Row[]>
  >;
}

/** The whole workspace (or one base) as a backup envelope, Blobs inlined. */
export async function exportBackup(
  storage: Storage,
  scope: BackupScope = { kind: 'workspace' },
): Promise<BackupEnvelope> {
  // Read everything in one read transaction, so the backup is a consistent snapshot.
  const rows = await storage.db.transaction(
    'r',
    READ_STORES.map((n) => storage.db.table(n)),
    () => collectRows(storage, scope),
  );
  const stores: BackupStores = {};
  for (const [name, list] of Object.entries(rows))
    stores[name as keyof BackupStores] = (await encodeBlobs(list)) as Row[];
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    schemaVersion: CURRENT_SCHEMA_VERSION,
    exportedAt: new Date(storage.ctx.now()).toISOString(),
    scope,
    stores,
  };
}

/** The backup as a downloadable file. */
export async function exportBackupBlob(storage: Storage, scope: BackupScope = { kind: 'workspace' }): Promise<Blob> {
  return new Blob([JSON.stringify(await exportBackup(storage, scope))], { type: 'application/json' });
}

export function backupFileName(scope: BackupScope, now: number, baseName?: string): string {
  const stamp = new Date(now).toISOString().slice(0, 10);
  const what = scope.kind === 'base' ? (baseName ?? scope.baseId).replace(/[^\p{L}\p{N}_-]+/gu, '_') : 'workspace';
  return `quire-${what}-${stamp}.quire.json`;
}

// --- import ----------------------------------------------------------------------------------------

const envelopeSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int().min(1),
  schemaVersion: z.number().int().min(1),
  exportedAt: z.string().optional(),
  scope: z.union([
    z.object({ kind: z.literal('workspace') }),
    z.object({ kind: z.literal('base'), baseId: z.string().min(1) }),
  ]),
  stores: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
});

function invalid(issues: ErrorIssue[]): QuireError {
  return new QuireError('BackupInvalid', {
    detail: `${issues[0]?.path ?? ''}: ${issues[0]?.reason ?? 'invalid backup'}`,
    issues,
  });
}

/** Parse and check a backup file without writing anything. */
export async function readBackup(input: Blob | string): Promise<BackupEnvelope> {
  const text = typeof input === 'string' ? input : await input.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw invalid([{ path: '', reason: 'not a JSON file' }]);
  }
  const parsed = envelopeSchema.safeParse(json);
  if (!parsed.success) {
    throw invalid(zodIssues(parsed.error, { limit: 20 }));
  }
  const envelope = parsed.data;
  if (envelope.version > BACKUP_VERSION || envelope.schemaVersion > CURRENT_SCHEMA_VERSION) {
    throw invalid([{ path: 'version', reason: 'this backup was written by a newer Quire; update Quire to open it' }]);
  }
  const issues: ErrorIssue[] = [];
  for (const [store, rows] of Object.entries(envelope.stores)) {
    const key = BACKED_UP[store];
    if (!key) {
      issues.push({ path: `stores.${store}`, reason: 'not a store a backup may contain' });
      continue;
    }
    rows.forEach((row, i) => {
      const value = row[key];
      if (typeof value !== 'string' || value === '') {
        issues.push({ path: `stores.${store}[${i}].${key}`, reason: 'required' });
      } else if (store === 'records' && envelope.schemaVersion >= 2 && !parseRecordId(value)) {
        issues.push({ path: `stores.records[${i}].id`, reason: 'not a record id written by Quire' });
      }
    });
  }
  if (issues.length > 0) throw invalid(issues.slice(0, 50));
  return envelope as BackupEnvelope;
}

export interface RestoreOptions {
  /**
   * 'replace' (default): the backup's scope is emptied first — the whole workspace, or the one base —
   * so the result equals the backup. 'merge': rows are added or overwrite rows with the same key.
   */
  mode?: 'replace' | 'merge';
}

interface RestoreResult {
  counts: Record<string, number>;
}

/** Write a backup into the database in one transaction: all of it, or (on any failure) none. */
export async function restoreBackup(
  storage: Storage,
  input: Blob | string | BackupEnvelope,
  options: RestoreOptions = {},
): Promise<RestoreResult> {
  const envelope = typeof input === 'object' && !(input instanceof Blob) ? input : await readBackup(input);
  const decoded: Record<string, Row[]> = {};
  for (const [name, rows] of Object.entries(envelope.stores)) decoded[name] = decodeBlobs(rows ?? []) as Row[];
  const stores = migrateBackupRows(envelope.schemaVersion, decoded);
  const mode = options.mode ?? 'replace';
  const { db } = storage;
  const writeStores: StoreName[] = [...READ_STORES, 'baseCache'];

  return write(storage.ctx, { action: 'backup.restore', stores: writeStores }, async () => {
    if (mode === 'replace') {
      if (envelope.scope.kind === 'workspace') {
        for (const name of READ_STORES) await db.table(name).clear();
      } else {
        await deleteBaseRows(storage.ctx, envelope.scope.baseId);
      }
    }
    const counts: Record<string, number> = {};
    for (const name of ROW_STORES) {
      const rows = stores[name];
      if (!rows || rows.length === 0) continue;
      await db.table(name).bulkPut(rows);
      counts[name] = rows.length;
    }
    const records = (stores.records ?? []) as unknown as RecordRow[];
    if (records.length > 0) {
      await putRecords(storage.ctx, records);
      counts.records = records.length;
    }
    return { counts };
  });
}
