import { isQuireError } from '../core/errors';
import type { CliCommand, CliIO } from './command';
import { COMMANDS } from './commands/index';

export const processIO: CliIO = {
  out: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
  err: (text) => process.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
};

function helpText(commands: CliCommand[]): string {
  const width = Math.max(8, ...commands.map((c) => c.name.length));
  const lines = [
    'quire — templates plus data into printable documents, on your machine',
    '',
    'Usage: npm run quire -- <command> [options]',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    `  ${'help'.padEnd(width)}  Show this help, or a command's usage: help <command>`,
  ];
  return lines.join('\n');
}

export async function runCli(
  argv: string[],
  commands: CliCommand[] = COMMANDS,
  io: CliIO = processIO,
): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    const target = commands.find((c) => c.name === rest[0]);
    io.out(target ? `${target.summary}\n\nUsage: ${target.usage}` : helpText(commands));
    return 0;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) {
    io.err(`Unknown command '${name}'.\n\n${helpText(commands)}`);
    return 2;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (isQuireError(error)) {
      io.err(`${error.label}: ${error.message}`);
      for (const issue of error.issues) io.err(`  ${issue.path || '(root)'}: ${issue.reason}`);
      return 1;
    }
    throw error;
  }
}
