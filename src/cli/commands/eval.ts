import { readFileSync } from 'node:fs';
import { QuireError } from '../../core/errors';
import { renderTemplate } from '../../core/expr';
import { isValidTimeZone } from '../../core/format';
import { type CliCommand, parseArgs } from '../command';

export const evalCommand: CliCommand = {
  name: 'eval',
  summary: 'Evaluate text with tags ({x | filter:arg}, {#list}…{/list}) over JSON data',
  usage:
    "npm run quire -- eval '<text with tags>' --data '<json or @file>' [--lang en-US] [--tz Area/City] [--double]\n" +
    "  e.g. eval '{amount | currency}' --data '{\"amount\":1234.5}'   →  $1,234.50",
  async run(args, io) {
    const { positional, options } = parseArgs(args, ['double']);
    const text = positional[0];
    if (text === undefined) {
      io.err(`Usage: ${this.usage}`);
      return 2;
    }
    const timeZone = stringOption(options.tz);
    if (timeZone && !isValidTimeZone(timeZone)) {
      throw new QuireError('ArgumentRequired', { detail: `--tz: unknown time zone '${timeZone}'` });
    }
    const data = readJsonArg(options.data);
    io.out(
      renderTemplate(text, data, {
        locale: stringOption(options.lang) ?? 'en-US',
        timeZone,
        delimiters: options.double === true ? 'double' : 'single',
      }),
    );
    return 0;
  },
};

/** Reads `--data`: inline JSON, or `@path` to a JSON file. Absent → {}. */
export function readJsonArg(value: string | true | undefined, flag = '--data'): unknown {
  if (value === undefined || value === true) return {};
  let text = value;
  if (value.startsWith('@')) {
    try {
      text = readFileSync(value.slice(1), 'utf8');
    } catch (error) {
      throw new QuireError('DataInvalid', { detail: `${flag}: cannot read ${value.slice(1)}`, cause: error });
    }
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new QuireError('DataInvalid', { detail: `${flag} is not JSON`, cause: error });
  }
}

export function stringOption(value: string | true | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
