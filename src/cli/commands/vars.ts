import { readFileSync } from 'node:fs';
import { QuireError } from '../../core/errors';
import { collectDocumentDeps, isPlainObject } from '../../core/expr';
import { parseTemplateContent } from '../../core/model';
import { type CliCommand, parseArgs } from '../command';
import { isOfficeTemplatePath, officeSettingsOf, readOfficeTemplate } from './office';

/** Accepts a print template record (`content` string), its content, or a bare document. */
function contentOf(raw: unknown): unknown {
  if (isPlainObject(raw) && typeof raw.content === 'string') return raw.content;
  if (isPlainObject(raw) && Array.isArray(raw.pages) && !('document' in raw)) return { document: raw };
  return raw;
}

export const varsCommand: CliCommand = {
  name: 'vars',
  summary: 'List the fields a template reads (variables, loops, dynamic rows, filters, images, codes)',
  usage: 'npm run quire -- vars <template.json|.docx|.xlsx|.pptx> [--json] [--delimiters single|double]',
  async run(args, io) {
    const { positional, options } = parseArgs(args, ['json']);
    const file = positional[0];
    if (file === undefined) {
      io.err(`Usage: ${this.usage}`);
      return 2;
    }
    if (isOfficeTemplatePath(file)) {
      // Word, Excel and PowerPoint templates name fields by path only (no field ids).
      const settings = officeSettingsOf(options);
      if (typeof settings === 'string') {
        io.err(settings);
        return 2;
      }
      const { vars } = await readOfficeTemplate(file, settings);
      io.out(options.json === true ? JSON.stringify({ paths: vars, ids: [] }, null, 2) : vars.join('\n'));
      return 0;
    }
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new QuireError('TemplateParseError', { detail: `${file}: not a readable JSON file`, cause: error });
    }
    const { document } = parseTemplateContent(contentOf(raw));
    const deps = collectDocumentDeps(document);
    if (options.json === true) io.out(JSON.stringify(deps, null, 2));
    else io.out([...deps.paths, ...deps.ids].join('\n'));
    return 0;
  },
};
