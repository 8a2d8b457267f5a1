/**
 * `npm run quire -- plan set|show` (#32; scripts/quire.mjs hands `plan` to this file, since the CLI
 * bundle never loads the server): an operator gives a team its plan, straight in the database.
 *
 *   quire plan set <team> <FREE|STARTUP|BUSINESS|ENTERPRISE|ENTERPRISE_SEAT>
 *        [--trial] [--expires 2027-01-31] [--seats N] [--buyer EMAIL] [--note TEXT] [--data DIR]
 *   quire plan show <team> [--data DIR]
 *
 * `<team>` is a team id or team key. PGlite: the folder's lock is taken as a server takes it, so
 * with a server running on the folder use the operator API instead (docs/SERVER.md). PostgreSQL:
 * DATABASE_URL (and QUIRE_DB_SCHEMA); the command runs beside servers.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { setPlanBody } from '../api/contract';
import { tenantPlanStatus } from '../core/plan';
import { openDatabase } from './db';
import { ApiError, parseWith } from './envelope';
import { planHistory, setTeamPlan, teamByIdOrKey, teamPlan } from './plans';

const USAGE =
  'usage: quire plan set <team> <FREE|STARTUP|BUSINESS|ENTERPRISE|ENTERPRISE_SEAT> [--trial] [--expires DATE] ' +
  '[--seats N] [--buyer EMAIL] [--note TEXT] [--data DIR]\n       quire plan show <team> [--data DIR]';

function option(argv: readonly string[], name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
}

const day = (ms: number | null) => (ms === null ? 'no end' : new Date(ms).toISOString());

export async function runPlanCommand(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [, action, teamName, version] = argv;
  if ((action !== 'set' && action !== 'show') || !teamName || (action === 'set' && !version)) {
    console.error(USAGE);
    return 2;
  }
  const url = env.DATABASE_URL || undefined;
  const dataDir = resolve(option(argv, 'data') ?? env.QUIRE_DATA ?? 'data');
  if (!url && !existsSync(dataDir)) {
    console.error(`no data folder at ${dataDir} (or set DATABASE_URL for PostgreSQL)`);
    return 1;
  }
  const db = await openDatabase({ url, dataDir, schema: env.QUIRE_DB_SCHEMA || undefined });
  try {
    const team = await teamByIdOrKey(db, teamName);
    if (!team) {
      console.error(`no team ${teamName} (give a team id or team key)`);
      return 1;
    }
    if (action === 'set') {
      const seats = option(argv, 'seats');
      const body = parseWith(
        setPlanBody,
        {
          version,
          trial: argv.includes('--trial'),
          expiresAt: option(argv, 'expires') ?? null,
          totalSeats: seats === undefined ? 0 : Number(seats),
          buyer: option(argv, 'buyer') ?? null,
          note: option(argv, 'note') ?? '',
        },
        'plan',
      );
      await setTeamPlan(db, team.id, body, `cli:${env.USER ?? 'operator'}`);
    }
    const { plan, past } = await teamPlan(db, team.id);
    const state = tenantPlanStatus(plan, past, Date.now()).state;
    console.log(
      `${team.name} (${team.id}): ${plan.version}${plan.trial ? ' trial' : ''}, ${day(plan.expiresAt)}, ` +
        `${plan.totalSeats} seats — ${state}`,
    );
    if (action === 'show')
      for (const entry of await planHistory(db, team.id))
        console.log(
          `  ${new Date(entry.createdAt).toISOString()} ${entry.version}${entry.trial ? ' trial' : ''} ` +
            `until ${day(entry.expiresAt)}, ${entry.totalSeats} seats, by ${entry.setBy}${entry.note ? ` — ${entry.note}` : ''}`,
        );
    return 0;
  } catch (error) {
    console.error(error instanceof ApiError || error instanceof Error ? error.message : error);
    return 1;
  } finally {
    await db.close();
  }
}

// Run directly (tsx src/server/planMain.ts plan …), not when a test imports it.
if (process.argv[1] && /planMain\.ts$/.test(process.argv[1]))
  runPlanCommand(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
