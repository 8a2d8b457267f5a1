import { writeFile } from 'node:fs/promises';
import { CURRENT_SCHEMA_VERSION, detectSchemaVersion, loadTemplateContent } from '../../core/model/index';
import type { CliCommand } from '../command';
import { parseArgs } from '../command';
import { describeFileError, readTemplateFile } from './validate';

/** `quire migrate <file>`: prints the content upgraded to the current schema version (validated, defaults filled). */
export const migrateCommand: CliCommand = {
  name: 'migrate',
  summary: 'Upgrade a template file to the current schema version and print it',
  usage: 'quire migrate <template.json> [--out <file>]',
  async run(args, io) {
    const { positional, options } = parseArgs(args);
    const file = positional[0];
    if (!file || positional.length > 1) {
      io.err(`Usage: ${this.usage}`);
      return 2;
    }
    let read: Awaited<ReturnType<typeof readTemplateFile>>;
    try {
      read = await readTemplateFile(file);
    } catch (error) {
      io.err(describeFileError(file, error));
      return 1;
    }
    const content = typeof read.content === 'string' ? safeJson(read.content) : read.content;
    const fromVersion = content === undefined ? undefined : safeVersion(content);
    // Throws TemplateParseError; the CLI prints its label and paths and exits 1.
    const migrated = loadTemplateContent(read.content);
    const output = read.entity ? { ...read.entity, content: JSON.stringify(migrated) } : migrated;
    const text = `${JSON.stringify(output, null, 2)}\n`;
    if (typeof options.out === 'string') {
      await writeFile(options.out, text);
      io.err(`wrote ${options.out}`);
    } else {
      io.out(text);
    }
    io.err(`migrated from schema version ${fromVersion ?? '?'} to ${CURRENT_SCHEMA_VERSION}`);
    return 0;
  },
};

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function safeVersion(content: unknown): number | undefined {
  try {
    return detectSchemaVersion(content);
  } catch {
    return undefined;
  }
}
