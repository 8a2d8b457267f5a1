/** A `quire` sub-command. Each lives in its own file under `src/cli/commands/`. */
export interface CliCommand {
  name: string;
  /** One line for `quire help`. */
  summary: string;
  /** Usage line(s) shown by `quire help <name>` and on a usage error. */
  usage: string;
  /** Runs the command; resolves to the process exit code. */
  run(args: string[], io: CliIO): Promise<number>;
}

export interface CliIO {
  out(text: string): void;
  err(text: string): void;
}

/** Parses `--flag value` / `--flag=value` / `--switch` options; everything else is positional. */
export function parseArgs(args: string[], switches: readonly string[] = []) {
  const positional: string[] = [];
  const options: Record<string, string | true> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    if (eq > 0) {
      options[arg.slice(2, eq)] = arg.slice(eq + 1);
    } else {
      const name = arg.slice(2);
      const next = args[i + 1];
      if (switches.includes(name) || next === undefined || next.startsWith('--')) options[name] = true;
      else {
        options[name] = next;
        i++;
      }
    }
  }
  return { positional, options };
}
