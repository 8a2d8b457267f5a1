import { isQuireError } from '../core/errors';
import type { CliCommand, CliIO } from './command';
import { COMMANDS } from './commands/index';

const processIO: CliIO = {
  out: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
  err: (text) => process.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
};

function helpText(commands: CliCommand[]): string {
  const width = Math.max(8, ...commands.map((c) => c.name.length));
  const lines = [
    'quire — templates plus data into printable documents, on your machine',
    '',
    'Usage: quire <command> [options]   (in the repository: npx quire …, or npm run quire -- …)',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    `  ${'help'.padEnd(width)}  Show this help, or a command's usage: help <command>`,
  ];
  return lines.join('\n');
}

/**
 * Every help text the CLI prints: the overview under '' and each command's usage under its name.
 * The launcher (scripts/quire.mjs) keeps them beside the bundle, so `quire help` answers without
 * loading the commands (and the renderers they import).
 */
export function helpTexts(commands: CliCommand[]): Record<string, string> {
  const texts: Record<string, string> = { '': helpText(commands) };
  for (const c of commands) texts[c.name] = `${c.summary}\n\nUsage: ${c.usage}`;
  return texts;
}

/** The arguments that ask for help: none, `help [command]`, `--help`, `-h`. */
export function isHelpRequest(argv: readonly string[]): boolean {
  const name = argv[0];
  return !name || name === 'help' || name === '--help' || name === '-h';
}

export async function runCli(
  argv: string[],
  commands: CliCommand[] = COMMANDS,
  io: CliIO = processIO,
): Promise<number> {
  const [name, ...rest] = argv;
  if (isHelpRequest(argv)) {
    const texts = helpTexts(commands);
    const topic = rest[0] ?? '';
    io.out(Object.hasOwn(texts, topic) ? texts[topic]! : texts['']!);
    return 0;
  }
  // For the launcher's help cache (written when the bundle is built): the texts above as JSON.
  if (name === '--help-texts') {
    io.out(JSON.stringify(helpTexts(commands)));
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
