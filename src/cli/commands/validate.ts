import { readFile } from 'node:fs/promises';
import { isQuireError, QuireError } from '../../core/errors';
import { assertVariableNames, formatSummary, loadTemplateContent, summarizeDocument } from '../../core/model/index';
import type { CliCommand } from '../command';
import { parseArgs } from '../command';

/**
 * `quire validate <file>…`: exit 0 when every file is a valid template, 1 otherwise, 2 on usage errors.
 * Valid means: it loads (schema, rules) and every variable path follows the naming rule.
 */
export const validateCommand: CliCommand = {
  name: 'validate',
  summary: 'Check template files (content or print-template JSON) against the model',
  usage: 'quire validate <template.json> [more.json …]',
  async run(args, io) {
    const { positional } = parseArgs(args);
    if (positional.length === 0) {
      io.err(`Usage: ${this.usage}`);
      return 2;
    }
    let failed = 0;
    for (const file of positional) {
      const prefix = positional.length > 1 ? `${file}: ` : '';
      try {
        const { content } = await readTemplateFile(file);
        const loaded = loadTemplateContent(content);
        assertVariableNames(loaded.document);
        io.out(`ok ${prefix}${formatSummary(summarizeDocument(loaded.document))}`);
      } catch (error) {
        failed++;
        if (!isQuireError(error, 'TemplateParseError') && !isQuireError(error, 'InvalidVariableName')) {
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
