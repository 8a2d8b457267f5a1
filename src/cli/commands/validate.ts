import { readFile } from 'node:fs/promises';
import { isQuireError, QuireError } from '../../core/errors';
import { assertVariableNames, formatSummary, loadTemplateContent, summarizeDocument } from '../../core/model/index';
import type { CliCommand } from '../command';
import { parseArgs } from '../command';
import {
  isOfficeTemplatePath,
  type OfficeSettings,
  officeSettingsOf,
  readOfficeTemplate,
  unknownFields,
} from './office';

/**
 * `quire validate <file>…`: exit 0 when every file is a valid template, 1 otherwise, 2 on usage errors.
 * Valid means: it loads (schema, rules) and every variable path follows the naming rule. A Word,
 * Excel or PowerPoint file is parsed as an upload is (hostile packages refused, tag problems as
 * TemplateError with part and text around); with `--data record.json` its tags are also checked
 * against the record's fields.
 */
export const validateCommand: CliCommand = {
  name: 'validate',
  summary: 'Check template files (content or print-template JSON) against the model',
  usage: 'quire validate <template.json|.docx|.xlsx|.pptx> [more …] [--data record.json] [--delimiters single|double]',
  async run(args, io) {
    const { positional, options } = parseArgs(args);
    const record = typeof options.data === 'string' ? await readRecord(options.data) : undefined;
    const settings = officeSettingsOf(options);
    if (typeof settings === 'string') {
      io.err(settings);
      return 2;
    }
    if (positional.length === 0) {
      io.err(`Usage: ${this.usage}`);
      return 2;
    }
    let failed = 0;
    for (const file of positional) {
      const prefix = positional.length > 1 ? `${file}: ` : '';
      try {
        if (isOfficeTemplatePath(file)) {
          io.out(`ok ${prefix}${await validateOffice(file, record, settings)}`);
          continue;
        }
        const { content } = await readTemplateFile(file);
        const loaded = loadTemplateContent(content);
        assertVariableNames(loaded.document);
        io.out(`ok ${prefix}${formatSummary(summarizeDocument(loaded.document))}`);
      } catch (error) {
        failed++;
        if (
          !isQuireError(error, 'TemplateParseError') &&
          !isQuireError(error, 'InvalidVariableName') &&
          !isQuireError(error, 'TemplateError')
        ) {
          io.err(describeFileError(file, error));
          continue;
        }
        io.err(`${prefix}${error.label}: ${error.message}`);
        for (const issue of error.issues) io.err(`  ${issue.path || '(root)'}: ${issue.reason}`);
      }
    }
    return failed > 0 ? 1 : 0;
  },
};

/** An Office template's summary, or TemplateError listing each tag the record has no field for. */
async function validateOffice(
  file: string,
  record: Record<string, unknown> | undefined,
  settings: OfficeSettings,
): Promise<string> {
  const { label, vars } = await readOfficeTemplate(file, settings);
  const unknown = record ? unknownFields(vars, record) : [];
  if (unknown.length > 0)
    throw new QuireError('TemplateError', {
      detail: `${unknown.length} tag(s) print no field of the record`,
      issues: unknown.map((path) => ({ path: `{${path}}`, reason: 'unknown field' })),
    });
  return `${label}, ${vars.length} field${vars.length === 1 ? '' : 's'}${vars.length > 0 ? `: ${vars.join(', ')}` : ''}`;
}

/** `--data`: one record (an object), or the first of an array of records. */
async function readRecord(path: string): Promise<Record<string, unknown>> {
  let value: unknown;
  try {
    value = JSON.parse(await readFile(path, 'utf8'));
  } catch (cause) {
    throw new QuireError('DataInvalid', { detail: `${path}: not a readable JSON file`, cause });
  }
  const record = Array.isArray(value) ? value[0] : value;
  if (record === null || typeof record !== 'object' || Array.isArray(record))
    throw new QuireError('DataInvalid', { detail: `${path}: expected a record (an object) or an array of records` });
  return record as Record<string, unknown>;
}

/**
 * Reads a template file: either stored content (`{document, pageSetting, …}`) or a whole print
 * template entity (`{id, name, content: "<json>"}`), whose `content` is then what gets parsed.
 * Returns the content to parse (JSON text or value) and the entity around it, if any.
 */
export async function readTemplateFile(file: string): Promise<{ content: unknown; entity?: Record<string, unknown> }> {
  const text = await readFile(file, 'utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Let the model report the JSON error with its catalogued code.
    return { content: text };
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    if (typeof record.content === 'string' && !('document' in record))
      return { content: record.content, entity: record };
  }
  return { content: value };
}

export function describeFileError(file: string, error: unknown): string {
  if (error instanceof QuireError) return `${file}: ${error.label}`;
  const code = (error as { code?: string }).code;
  return code === 'ENOENT'
    ? `${file}: no such file`
    : `${file}: ${error instanceof Error ? error.message : String(error)}`;
}
