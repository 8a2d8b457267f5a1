/**
 * Pure row migrations between schema versions. Dexie upgrade functions in `db.ts` and the backup
 * importer (old backups carry old rows) both call these, so one ordered sequence upgrades any row.
 */

type Row = Record<string, unknown>;

function num(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/** v1 templates had no revision, and some v1 writers stored content as an object instead of JSON text. */
export function migrateTemplateV1toV2(row: Row): Row {
  const content = typeof row.content === 'string' ? row.content : JSON.stringify(row.content ?? {});
  return { ...row, content, revision: num(row.revision, 1), category: row.category === 2 ? 2 : 1 };
}

/** v1 base cache rows had no last-use time; treat them as the oldest so new visits win the 20 slots. */
export function migrateBaseCacheV1toV2(row: Row): Row {
  return { ...row, touchedAt: num(row.touchedAt, 0), templateRecoveryCheck: row.templateRecoveryCheck === true };
}

function byCreatedThenId(a: Row, b: Row): number {
  const d = num(a.createdAt, 0) - num(b.createdAt, 0);
  if (d !== 0) return d;
  return String(a.id) < String(b.id) ? -1 : String(a.id) > String(b.id) ? 1 : 0;
}

const BLOCK_SIZE_V2 = 500;

/**
 * v1 stored one object per record with random ids and no order of its own. v2 stores records in
 * blocks (recordBlocks.ts), gives each a `seq` following creation time, and ids that name their block
 * (`<tableId>:<block>:<old id>`). Link cells pointing at old ids are rewritten to the new ones.
 */
export function migrateRecordsV1toV2(rows: Row[], tables: Row[]): Row[] {
  const byTable = new Map<string, Row[]>();
  for (const row of rows) {
    const key = String(row.tableId);
    const list = byTable.get(key) ?? [];
    list.push(row);
    byTable.set(key, list);
  }
  const newIds = new Map<string, string>();
  const out: Row[] = [];
  for (const [tableId, list] of byTable) {
    list.sort(byCreatedThenId);
    list.forEach((row, index) => {
      const block = Math.floor(index / BLOCK_SIZE_V2).toString(36);
      const id = `${tableId}:${block}:${String(row.id).replace(/:/g, '_')}`;
      newIds.set(String(row.id), id);
      out.push({ ...row, id, seq: index + 1, values: { ...((row.values as Row | undefined) ?? {}) } });
    });
  }
  const linkFields = new Set<string>();
  for (const table of tables) {
    for (const field of (table.fields as Row[] | undefined) ?? []) {
      if (field.type === 'singleLink' || field.type === 'duplexLink') linkFields.add(String(field.id));
    }
  }
  for (const row of out) {
    const values = row.values as Row;
    for (const fieldId of Object.keys(values)) {
      const cell = values[fieldId];
      if (linkFields.has(fieldId) && Array.isArray(cell)) {
        values[fieldId] = cell.map((id) => (typeof id === 'string' ? (newIds.get(id) ?? id) : id));
      }
    }
  }
  return out;
}

/** v1 tables had no position; number them by creation time within each base. */
export function migrateTablesV1toV2(rows: Row[]): Row[] {
  const byBase = new Map<string, Row[]>();
  for (const row of rows) {
    const key = String(row.baseId);
    const list = byBase.get(key) ?? [];
    list.push(row);
    byBase.set(key, list);
  }
  const out: Row[] = [];
  for (const list of byBase.values()) {
    list.sort(byCreatedThenId);
    list.forEach((row, index) => {
      out.push({ ...row, order: index, fields: Array.isArray(row.fields) ? row.fields : [] });
    });
  }
  return out;
}

/** Bring the rows of a backup written at `fromVersion` up to the current schema. */
export function migrateBackupRows(fromVersion: number, tables: Record<string, Row[]>): Record<string, Row[]> {
  let out = { ...tables };
  if (fromVersion < 2) {
    out = {
      ...out,
      templates: (out.templates ?? []).map(migrateTemplateV1toV2),
      dataTables: migrateTablesV1toV2(out.dataTables ?? []),
      records: migrateRecordsV1toV2(out.records ?? [], out.dataTables ?? []),
      baseCache: (out.baseCache ?? []).map(migrateBaseCacheV1toV2),
    };
  }
  return out;
}
