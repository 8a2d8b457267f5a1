import { readFileSync } from 'node:fs';
import {
  approvalDataSource,
  approvalGroupsPlain,
  approvalScope,
  mapApproval,
} from '../../core/data/approval/mapApproval';
import { QuireError } from '../../core/errors';
import { isValidTimeZone } from '../../core/format';
import { type CliCommand, parseArgs } from '../command';

function readJsonFile(path: string, flag: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new QuireError('DataInvalid', { detail: `${flag}: cannot read ${path}`, cause: error });
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new QuireError('DataInvalid', { detail: `${flag}: ${path} is not JSON`, cause: error });
  }
}

const text = (value: string | true | undefined) => (typeof value === 'string' ? value : undefined);

export const approvalCommand: CliCommand = {
  name: 'approval',
  summary: 'Map an approval definition + instance to form and system variables (JSON)',
  usage:
    'npm run quire -- approval --definition d.json [--instance i.json] [--lang en-US|ja-JP|zh-CN] [--tz Area/City]\n' +
    '                          [--preview] [--display] [--scope | --datasource]\n' +
    '  without --instance (or with --preview) unsupported items print "not support";\n' +
    '  --display prints display text instead of numbers; --scope prints the flat template scope;\n' +
    '  --datasource prints the variables as an open data source.',
  async run(args, io) {
    const { options } = parseArgs(args, ['preview', 'display', 'scope', 'datasource']);
    const definitionPath = text(options.definition);
    if (!definitionPath) {
      io.err(`Usage: ${this.usage}`);
      return 2;
    }
    const timeZone = text(options.tz);
    if (timeZone && !isValidTimeZone(timeZone)) {
      throw new QuireError('ArgumentRequired', { detail: `--tz: unknown time zone '${timeZone}'` });
    }
    const instancePath = text(options.instance);
    const mapping = mapApproval(
      readJsonFile(definitionPath, '--definition'),
      instancePath ? readJsonFile(instancePath, '--instance') : undefined,
      {
        lang: text(options.lang),
        timeZone,
        mode: options.preview === true || !instancePath ? 'preview' : 'instance',
      },
    );
    const plain = { mode: options.display === true ? ('display' as const) : ('value' as const) };
    const output =
      options.datasource === true
        ? approvalDataSource(mapping)
        : options.scope === true
          ? approvalScope(mapping, plain)
          : approvalGroupsPlain(mapping, plain);
    io.out(JSON.stringify(output, null, 2));
    return 0;
  },
};
