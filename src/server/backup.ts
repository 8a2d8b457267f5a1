/**
 * Backup and restore of a server's database (#33 item 7), the same for PGlite and PostgreSQL: a
 * logical copy of every table of Quire's schema and the values of its sequences, as JSON lines.
 *
 * Rows travel as PostgreSQL's own JSON of them (`row_to_json`: bytea as `\x…` hex, timestamps with
 * their zone, jsonb as JSON) and come back through `json_populate_recordset`, so the database does
 * both conversions and nothing is lost to JavaScript's types. The backup is read in one
 * repeatable-read transaction (one consistent moment while the server runs, on PostgreSQL); tables
 * are written and restored in the order they were created, so every row's references exist
 * before it. A restore goes into an empty database at the same schema version.
 *
 * Line 1: the header. Then `{"table": name, "rows": [...]}` lines of at most ROWS_PER_LINE rows,
 * and last `{"sequences": {name: [lastValue, isCalled]}}`.
 */
import { QuireError } from '../core/errors';
import type { Database, Sql } from './db';
import { MIGRATIONS } from './migrations';

export const BACKUP_FORMAT = 'quire-backup';
const ROWS_PER_LINE = 200;

interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  formatVersion: 1;
  /** The schema version (migrations applied) the rows fit. */
  schemaVersion: number;
  createdAt: string;
  /** Where it came from: 'pglite' or 'postgres' (either restores into either). */
  database: string;
  tables: string[];
}

/** Tables whose rows are not worth keeping: migrations are the schema version; rate limits pass within minutes. */
const SKIPPED = new Set(['schema_migrations', 'rate_limits']);

/** Quire's tables in the order they were created (object ids grow with creation). */
async function tablesInOrder(sql: Sql): Promise<string[]> {
  const rows = await sql.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c
     WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r' ORDER BY c.oid`,
  );
  return rows.map((r) => r.name).filter((name) => !SKIPPED.has(name));
}

async function sequences(sql: Sql): Promise<string[]> {
  const rows = await sql.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c
     WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'S' ORDER BY c.oid`,
  );
  return rows.map((r) => r.name);
}

/** Table and sequence names come from the catalogue, never from a request; quoted all the same. */
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Writes the whole database as JSON lines through `write` (awaited line by line, so memory stays one chunk). */
export async function backupDatabase(
  db: Database,
  write: (line: string) => Promise<void> | void,
): Promise<BackupHeader> {
  return db.transaction(async (tx) => {
    // One moment for every table (a no-op in PGlite, where nothing else writes meanwhile).
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    const tables = await tablesInOrder(tx);
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      formatVersion: 1,
      schemaVersion: await schemaVersion(tx),
      createdAt: new Date().toISOString(),
      database: db.kind,
      tables,
    };
    await write(JSON.stringify(header));
    for (const table of tables) {
      // ctid: the rows' physical order, stable within this transaction's snapshot.
      for (let offset = 0; ; offset += ROWS_PER_LINE) {
        const [chunk] = await tx.query<{ rows: string | null }>(
          `SELECT json_agg(row_to_json(t))::text AS rows FROM
             (SELECT * FROM ${ident(table)} ORDER BY ctid LIMIT ${ROWS_PER_LINE} OFFSET ${offset}) t`,
        );
        if (!chunk?.rows) break;
        await write(`{"table":${JSON.stringify(table)},"rows":${chunk.rows}}`);
      }
    }
    const values: Record<string, [string, boolean]> = {};
    for (const name of await sequences(tx)) {
      const [row] = await tx.query<{ last_value: string | number; is_called: boolean }>(
        `SELECT last_value, is_called FROM ${ident(name)}`,
      );
      if (row) values[name] = [String(row.last_value), row.is_called];
    }
    await write(JSON.stringify({ sequences: values }));
    return header;
  });
}

async function schemaVersion(sql: Sql): Promise<number> {
  const [row] = await sql.query<{ v: number | null }>('SELECT max(version) AS v FROM schema_migrations');
  return Number(row?.v ?? 0);
}

const invalidBackup = (detail: string) => new QuireError('BackupInvalid', { detail });

/**
 * Restores a backup's lines into `db`, which must be empty (no accounts) and at the backup's
 * schema version. One transaction: a bad line leaves the database as it was.
 */
export async function restoreDatabase(
  db: Database,
  lines: AsyncIterable<string> | Iterable<string>,
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  await db.transaction(async (tx) => {
    let header: BackupHeader | undefined;
    let known = new Set<string>();
    for await (const text of lines) {
      if (text.trim() === '') continue;
      let line: Record<string, unknown>;
      try {
        line = JSON.parse(text) as Record<string, unknown>;
      } catch {
        throw invalidBackup('a line is not JSON');
      }
      if (!header) {
        header = checkHeader(line);
        const version = await schemaVersion(tx);
        if (header.schemaVersion !== version)
          throw new QuireError('BackupSchemaMismatch', {
            detail: `it was made at schema version ${header.schemaVersion}; this server is at ${version} (of ${MIGRATIONS.length})`,
          });
        const [users] = await tx.query<{ n: number | string }>('SELECT count(*) AS n FROM users');
        if (Number(users?.n) > 0)
          throw new QuireError('DataInvalid', { detail: 'restore goes into an empty database; this one has accounts' });
        known = new Set(await tablesInOrder(tx));
        continue;
      }
      if (typeof line.table === 'string' && Array.isArray(line.rows)) {
        if (!known.has(line.table) || !header.tables.includes(line.table))
          throw invalidBackup(`unknown table ${line.table}`);
        await tx.query(
          `INSERT INTO ${ident(line.table)} SELECT * FROM json_populate_recordset(null::${ident(line.table)}, $1::json)`,
          [JSON.stringify(line.rows)],
        );
        counts[line.table] = (counts[line.table] ?? 0) + line.rows.length;
      } else if (line.sequences && typeof line.sequences === 'object') {
        const existing = new Set(await sequences(tx));
        for (const [name, value] of Object.entries(line.sequences as Record<string, [string, boolean]>)) {
          if (!existing.has(name)) throw invalidBackup(`unknown sequence ${name}`);
          await tx.query('SELECT setval($1::regclass, $2::bigint, $3::boolean)', [ident(name), value[0], value[1]]);
        }
        counts['(sequences)'] = Object.keys(line.sequences).length;
      } else throw invalidBackup('a line is neither rows nor sequences');
    }
    if (!header) throw invalidBackup('the file is empty');
    if (counts['(sequences)'] === undefined) throw invalidBackup('the file ends early (no sequences line)');
  });
  return counts;
}

function checkHeader(line: Record<string, unknown>): BackupHeader {
  if (line.format !== BACKUP_FORMAT || line.formatVersion !== 1 || !Array.isArray(line.tables))
    throw invalidBackup('its first line is not a Quire backup header');
  return line as unknown as BackupHeader;
}
