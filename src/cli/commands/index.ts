import type { CliCommand } from '../command';
import { approvalCommand } from './approval';
import { backupCommand, restoreCommand } from './backup';
import { evalCommand } from './eval';
import { filenameCommand } from './filename';
import { migrateCommand } from './migrate';
import { planCommand } from './plan';
import { renderCommand } from './render';
import { validateCommand } from './validate';
import { varsCommand } from './vars';

/**
 * Every `quire` sub-command, in the order `quire help` lists them.
 * Add a command by creating `src/cli/commands/<name>.ts` and listing it here.
 */
export const COMMANDS: CliCommand[] = [
  validateCommand,
  migrateCommand,
  evalCommand,
  filenameCommand,
  varsCommand,
  approvalCommand,
  renderCommand,
  backupCommand,
  restoreCommand,
  planCommand,
];
