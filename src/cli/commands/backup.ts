/**
 * `quire backup` and `quire restore` as `quire help` lists them (#33 item 7). The work is the
 * server's (src/server/backupMain.ts): the launcher (scripts/quire.mjs) hands these two words to
 * it before loading the CLI bundle, which never imports the server. These entries give the help
 * and usage texts; reached directly (tsx src/cli/main.ts backup), they say where the command runs.
 */
import type { CliCommand, CliIO } from '../command';

function throughLauncher(name: string, usage: string, io: CliIO): number {
  io.err(`quire ${name} runs through the launcher: ${usage}`);
  return 2;
}

export const backupCommand: CliCommand = {
  name: 'backup',
  summary: "Back up a server's database (PGlite folder or DATABASE_URL) to a JSON-lines file",
  usage:
    'npm run quire -- backup --data DIR [--file quire-backup.jsonl]\n' +
    '  (PostgreSQL: set DATABASE_URL, and QUIRE_DB_SCHEMA for a schema other than public; a backup may run beside servers)',
  async run(_args, io) {
    return throughLauncher(this.name, this.usage, io);
  },
};

export const restoreCommand: CliCommand = {
  name: 'restore',
  summary: 'Restore a backup into an empty server database of the same schema version',
  usage:
    'npm run quire -- restore --data DIR --file quire-backup.jsonl\n' +
    '  (into an empty folder or database; a backup from another schema version is refused: BACKUP_SCHEMA_MISMATCH)',
  async run(_args, io) {
    return throughLauncher(this.name, this.usage, io);
  },
};
