/**
 * `quire plan` as `quire help` lists it (#32). The work is the server's (src/server/planMain.ts):
 * the launcher (scripts/quire.mjs) hands `plan` to it, since the CLI bundle never imports the server.
 */
import type { CliCommand } from '../command';

export const planCommand: CliCommand = {
  name: 'plan',
  summary: "Set or show a team's plan on a server's database (operators; Quire takes no payments)",
  usage:
    'npm run quire -- plan set <team> <FREE|STARTUP|BUSINESS|ENTERPRISE|ENTERPRISE_SEAT> [--trial] [--expires 2027-01-31]\n' +
    '       [--seats N] [--buyer EMAIL] [--note TEXT] [--data DIR]\n' +
    'npm run quire -- plan show <team> [--data DIR]\n' +
    '  (<team> is a team id or key; PostgreSQL: DATABASE_URL; a running server: PUT /api/operator/teams/<team>/plan)',
  async run(_args, io) {
    io.err(`quire plan runs through the launcher: ${this.usage}`);
    return 2;
  },
};
