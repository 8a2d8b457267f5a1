/** `quire plan set|show` (#32) on a PGlite folder: the operator's command writes the plan history. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db';
import { runPlanCommand } from './planMain';

describe('quire plan on a PGlite folder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'quire-plan-'));
  const env = { QUIRE_DATA: '' } as NodeJS.ProcessEnv;

  beforeAll(async () => {
    const db = await openDatabase({ dataDir: dir });
    await db.query(
      `INSERT INTO users (id, email, name, password_hash) VALUES ('u1', 'buyer@example.test', 'Buyer', 'x')`,
    );
    await db.query(`INSERT INTO teams (id, team_key, name, created_by) VALUES ('team_1', 'key_1', 'Acme', 'u1')`);
    await db.query(`INSERT INTO team_members (team_id, user_id, role) VALUES ('team_1', 'u1', 'owner')`);
    await db.close();
  }, 240_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('sets a plan by team key, shows its history, and refuses a wrong version', async () => {
    const out: string[] = [];
    const errors: string[] = [];
    const [log, error] = [console.log, console.error];
    console.log = (...args: unknown[]) => void out.push(args.join(' '));
    console.error = (...args: unknown[]) => void errors.push(args.join(' '));
    try {
      const set = ['plan', 'set', 'key_1', 'ENTERPRISE_SEAT', '--seats', '5', '--expires', '2099-01-31'];
      expect(await runPlanCommand([...set, '--buyer', 'buyer@example.test', '--data', dir], env)).toBe(0);
      expect(out.at(-1)).toBe('Acme (team_1): ENTERPRISE_SEAT, 2099-01-31T23:59:59.999Z, 5 seats — ENTERPRISE');
      expect(await runPlanCommand(['plan', 'set', 'team_1', 'FREE', '--data', dir], env)).toBe(0);
      expect(await runPlanCommand(['plan', 'show', 'team_1', '--data', dir], env)).toBe(0);
      expect(out.slice(-3)[0]).toBe('Acme (team_1): FREE, no end, 0 seats — ENTERPRISE_EXPIRED');
      expect(out.slice(-2).map((line) => line.split(' ')[3])).toEqual(['ENTERPRISE_SEAT', 'FREE']);
      expect(await runPlanCommand(['plan', 'set', 'team_1', 'GOLD', '--data', dir], env)).toBe(1);
      expect(errors.at(-1)).toContain('version');
      expect(await runPlanCommand(['plan', 'set', 'nobody', 'FREE', '--data', dir], env)).toBe(1);
      expect(await runPlanCommand(['plan', 'set'], env)).toBe(2);
    } finally {
      console.log = log;
      console.error = error;
    }
  }, 240_000);
});
