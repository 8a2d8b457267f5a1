import { QuireError } from '../../core/errors';
import { guessDate, isValidTimeZone } from '../../core/format';
import { renderFileName } from '../../core/naming';
import { type CliCommand, parseArgs } from '../command';
import { readJsonArg, stringOption } from './eval';

function printTime(value: string | undefined, timeZone: string | undefined): number {
  if (value === undefined) return Date.now();
  const epoch = /^\d+$/.test(value) ? Number(value) : guessDate(value, timeZone);
  if (epoch === undefined) throw new QuireError('ArgumentRequired', { detail: `--time: not a date '${value}'` });
  return epoch;
}

export const filenameCommand: CliCommand = {
  name: 'filename',
  summary: 'Render an output file name from a name template and a record',
  usage:
    "npm run quire -- filename '<name template>' --data '<record json or @file>' [--name <template name>]\n" +
    '  [--table <table name>] [--first <first field>] [--sub <sub record>] [--doc <doc name>]\n' +
    "  [--time <epoch ms | yyyy-MM-dd HH:mm>] [--default '<fallback template>'] [--tz Area/City]",
  async run(args, io) {
    const { positional, options } = parseArgs(args);
    const template = positional[0];
    if (template === undefined) {
      io.err(`Usage: ${this.usage}`);
      return 2;
    }
    const timeZone = stringOption(options.tz);
    if (timeZone && !isValidTimeZone(timeZone)) {
      throw new QuireError('ArgumentRequired', { detail: `--tz: unknown time zone '${timeZone}'` });
    }
    const data = readJsonArg(options.data);
    if (data === null || typeof data !== 'object' || Array.isArray(data)) {
      throw new QuireError('DataInvalid', { detail: '--data must be a JSON object of record fields' });
    }
    io.out(
      renderFileName({
        template,
        record: data as Record<string, unknown>,
        defaultTemplate: stringOption(options.default),
        variables: {
          NAME: stringOption(options.name),
          TABLE_NAME: stringOption(options.table),
          FIRST_FIELD: stringOption(options.first),
          SUB_RECORD: stringOption(options.sub),
          DOC_NAME: stringOption(options.doc),
          PRINT_TIME: printTime(stringOption(options.time), timeZone),
        },
        options: { timeZone },
      }),
    );
    return 0;
  },
};
