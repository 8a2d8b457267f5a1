/**
 * #33 item 7 on PGlite and PostgreSQL: backup → restore into an empty database → the same rows in
 * every table (bytes, times and JSON exactly), the same sequence values, and a server on the copy
 * signs the same user in and serves the same template. Plus the command on PGlite folders, and
 * the refusals: a database with accounts, a file that is not a backup.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDatabase, restoreDatabase } from './backup';
import { runBackupCommand } from './backupMain';
import { type Database, openDatabase } from './db';
import { startTestServer, type TestServer, testBackends } from './testing';

const content = JSON.stringify({ kind: 'canvas', pages: [] });

/** Every table's rows as PostgreSQL writes them, in one order, and every sequence's value. */
async function fingerprint(db: Database): Promise<Record<string, string>> {
  const relations = await db.query<{ name: string; kind: string }>(
    `SELECT relname AS name, relkind AS kind FROM pg_class WHERE relnamespace = current_schema()::regnamespace
       AND relkind IN ('r', 'S') AND relname NOT IN ('schema_migrations', 'rate_limits') ORDER BY relname`,
  );
  const out: Record<string, string> = {};
  for (const { name, kind } of relations) {
    const [row] = await db.query<{ f: string | null }>(
      kind === 'S'
        ? `SELECT last_value::text || ' ' || is_called::text AS f FROM "${name}"`
        : `SELECT string_agg(row_to_json(t)::text, E'\\n' ORDER BY row_to_json(t)::text) AS f FROM "${name}" t`,
    );
    out[name] = row?.f ?? '';
  }
  return out;
}

describe.each(testBackends())('backup and restore on $name', (backend) => {
  let source: Database;
  let server: TestServer;
  let user: Awaited<ReturnType<TestServer['register']>>;
  let templatePath = '';

  beforeAll(async () => {
    source = await backend.open();
    server = await startTestServer(source);
    user = await server.register('Keeper');
    const docs = `/api/teams/${user.teamId}/docs`;
    const doc = await server.call('POST', docs, { token: user.token, body: { name: 'Ledger ✓ 账本' } });
    const made = await server.call('POST', `${docs}/${doc.data.id}/templates`, {
      token: user.token,
      body: { name: 'Invoice', content },
    });
    templatePath = `${docs}/${doc.data.id}/templates/${made.data.id}`;
    await server.call('POST', `${templatePath}/publish`, { token: user.token, body: { lastVersion: 1 } });
    // A stored file with every byte value, and a job row around it.
    await source.query(
      `INSERT INTO doc_instances (id, team_id, doc_id, data, created_by) VALUES ('inst-b', $1, $2, '{"n": 1.5, "s": "é"}', $3)`,
      [user.teamId, doc.data.id, user.userId],
    );
    await source.query(
      `INSERT INTO render_jobs (id, team_id, doc_id, instance_id, template_id, target_type, status, result, finished_at)
       VALUES ('job-b', $1, $2, 'inst-b', $3, 'pdf', 'done', $4, now())`,
      [user.teamId, doc.data.id, made.data.id, Buffer.from(Array.from({ length: 256 }, (_, i) => i))],
    );
    await server.close();
  }, 240_000);
  afterAll(async () => {
    if (source) await backend.dispose(source);
  }, 60_000);

  it('refuses what is not a backup, changing nothing; restores every row and sequence exactly; a server on the copy serves the same data', async () => {
    const lines: string[] = [];
    const header = await backupDatabase(source, (line) => void lines.push(line));
    expect(header.tables).toEqual(expect.arrayContaining(['users', 'teams', 'templates', 'render_jobs']));
    const target = await backend.open();
    try {
      await expect(restoreDatabase(target, ['{"hello": 1}'])).rejects.toMatchObject({ errorName: 'BackupInvalid' });
      // A dump from another schema version (an older or newer Quire): refused by a catalogued error of its own.
      const [first, ...rest] = lines;
      const other = JSON.stringify({ ...JSON.parse(first ?? '{}'), schemaVersion: header.schemaVersion + 1 });
      await expect(restoreDatabase(target, [other, ...rest])).rejects.toMatchObject({
        errorName: 'BackupSchemaMismatch',
        message: expect.stringContaining(`it was made at schema version ${header.schemaVersion + 1}`),
      });
      // Cut short (no sequences line): the one transaction gives back every row it took.
      await expect(restoreDatabase(target, lines.slice(0, -1))).rejects.toMatchObject({ errorName: 'BackupInvalid' });
      const [users] = await target.query<{ n: string | number }>('SELECT count(*) AS n FROM users');
      expect(Number(users?.n)).toBe(0);

      const counts = await restoreDatabase(target, lines);
      expect(counts.users).toBe(1);
      expect(counts.render_jobs).toBe(1);
      expect(await fingerprint(target)).toEqual(await fingerprint(source));

      const copy = await startTestServer(target);
      try {
        const login = await copy.call('POST', '/api/auth/login', {
          body: { email: user.email, password: 'correct horse' },
        });
        expect(login.code, login.msg).toBe(0);
        const template = await copy.call('GET', templatePath, { token: login.data.token });
        expect([template.data.content, template.data.releaseNo]).toEqual([content, 1]);
        // The old session came along too.
        expect((await copy.call('GET', '/api/user', { token: user.token })).data.email).toBe(user.email);
      } finally {
        await copy.close();
      }

      // Never over a database that has accounts: the copy has one now.
      await expect(restoreDatabase(target, lines)).rejects.toMatchObject({ errorName: 'DataInvalid' });
    } finally {
      await backend.dispose(target);
    }
  }, 120_000);
});

describe('quire backup | restore on PGlite folders', () => {
  const dir = mkdtempSync(join(tmpdir(), 'quire-backup-'));
  const from = join(dir, 'from');
  const to = join(dir, 'to');
  const file = join(dir, 'b.jsonl');
  const logged: string[] = [];
  const env = { QUIRE_DATA: '' } as NodeJS.ProcessEnv;

  beforeAll(async () => {
    const db = await openDatabase({ dataDir: from });
    await db.query(
      `INSERT INTO users (id, email, name, password_hash) VALUES ('u1', 'folder@example.test', 'Folder', 'x')`,
    );
    await db.close();
  }, 240_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes a file from one folder and fills an empty folder from it', async () => {
    const log = console.log;
    console.log = (...args: unknown[]) => void logged.push(args.join(' '));
    try {
      expect(await runBackupCommand(['backup', '--data', from, '--file', file], env)).toBe(0);
      expect(JSON.parse(readFileSync(file, 'utf8').split('\n')[0] ?? '').format).toBe('quire-backup');
      // A second backup never overwrites a file.
      const error = console.error;
      console.error = () => {};
      try {
        expect(await runBackupCommand(['backup', '--data', from, '--file', file], env)).toBe(1);
      } finally {
        console.error = error;
      }
      expect(await runBackupCommand(['restore', '--data', to, '--file', file], env)).toBe(0);
    } finally {
      console.log = log;
    }
    // One account, the only row of the folder besides what migrations wrote.
    expect(logged.at(-1)).toMatch(/^Restored 1 rows into .*to from /);
  }, 240_000);
});
