/**
 * `npm run quire -- backup|restore` (scripts/quire.mjs hands these two to this file, since the
 * CLI bundle never loads the server): a server's database to a file and back (backup.ts).
 *
 *   quire backup  --data DIR [--file quire-backup.jsonl]   (PGlite folder; or DATABASE_URL)
 *   quire restore --data DIR --file quire-backup.jsonl     (into an empty folder or database)
 *
 * PGlite: the folder's lock is taken as a server takes it, so neither runs beside a server on the
 * same folder. PostgreSQL: DATABASE_URL (and QUIRE_DB_SCHEMA); a backup may run while servers do.
 */
import { once } from 'node:events';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { isQuireError } from '../core/errors';
import { backupDatabase, restoreDatabase } from './backup';
import { openDatabase } from './db';

function option(argv: readonly string[], name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
}

export async function runBackupCommand(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [command] = argv;
  if (command !== 'backup' && command !== 'restore') {
    console.error('usage: quire backup --data DIR [--file FILE] | quire restore --data DIR --file FILE');
    return 2;
  }
  const url = env.DATABASE_URL || undefined;
  const dataDir = resolve(option(argv, 'data') ?? env.QUIRE_DATA ?? 'data');
  const file = option(argv, 'file') ?? (command === 'backup' ? `quire-backup-${Date.now()}.jsonl` : undefined);
  if (!file) {
    console.error('quire restore needs --file FILE (a file quire backup wrote)');
    return 2;
  }
  if (command === 'restore' && !existsSync(file)) {
    console.error(`no such file: ${file}`);
    return 1;
  }
  if (command === 'backup' && existsSync(file)) {
    console.error(`${file} exists already; name a new file`);
    return 1;
  }
  if (command === 'backup' && !url && !existsSync(dataDir)) {
    console.error(`no data folder at ${dataDir} (or set DATABASE_URL for PostgreSQL)`);
    return 1;
  }
  const db = await openDatabase({ url, dataDir, schema: env.QUIRE_DB_SCHEMA || undefined });
  const where = db.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : dataDir;
  try {
    if (command === 'backup') {
      const out = createWriteStream(file, { flags: 'wx' });
      const header = await backupDatabase(db, async (line) => {
        if (!out.write(`${line}\n`)) await once(out, 'drain');
      });
      out.end();
      await once(out, 'finish');
      console.log(`Backed up ${header.tables.length} tables of ${where} to ${file}`);
    } else {
      const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Number.POSITIVE_INFINITY });
      const counts = await restoreDatabase(db, lines);
      const rows = Object.entries(counts)
        .filter(([name]) => !name.startsWith('('))
        .reduce((sum, [, n]) => sum + n, 0);
      console.log(`Restored ${rows} rows into ${where} from ${file}`);
    }
    return 0;
  } catch (error) {
    console.error(isQuireError(error) ? error.message : error);
    return 1;
  } finally {
    await db.close();
  }
}

// Run directly (tsx src/server/backupMain.ts backup …), not when a test imports it.
if (process.argv[1] && /backupMain\.ts$/.test(process.argv[1]))
  runBackupCommand(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
