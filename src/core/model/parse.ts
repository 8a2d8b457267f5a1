/**
 * The one entry point for untrusted template content: JSON text or a parsed value goes through
 * a size/depth guard, `migrate`, the zod schema and the cross-field rules. Any problem becomes
 * `QuireError('TemplateParseError')` listing every failing path; nothing else is ever thrown.
 */
import { type ErrorIssue, QuireError } from '../errors';
import { zodIssues } from '../issues';
import { CURRENT_SCHEMA_VERSION } from './defaults';
import { migrate } from './migrations/index';
import { capIssues, contentPath, joinPath } from './paths';
import { documentIssues, variableNameIssues } from './rules';
import { BlockSchema, PrintTemplateSchema, TemplateContentSchema, TemplateDocumentSchema } from './schema';
import type { Block, ParsedTemplateContent, PrintTemplate, TemplateContent, TemplateDocument } from './types';

/** Deeper JSON than this is refused before zod walks it (zod recurses; hostile input must not overflow the stack). */
export const MAX_NESTING_DEPTH = 200;
/** Refuses pathological inputs (e.g. shared sub-objects exploding when walked). */
const MAX_JSON_NODES = 5_000_000;

export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: QuireError };

function parseError(issues: ErrorIssue[]): QuireError {
  return new QuireError('TemplateParseError', { issues: capIssues(issues) });
}

/** Iterative walk: reports the first place nesting goes past the limit. */
export function checkJsonShape(value: unknown, maxDepth = MAX_NESTING_DEPTH): ErrorIssue | undefined {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  let nodes = 0;
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth >= maxDepth) return { path: '', reason: `content is nested deeper than ${maxDepth} levels` };
    if (++nodes > MAX_JSON_NODES) return { path: '', reason: `content has more than ${MAX_JSON_NODES} objects` };
    const children = Array.isArray(current) ? current : Object.values(current);
    for (const child of children)
      if (child !== null && typeof child === 'object') stack.push({ value: child, depth: depth + 1 });
  }
  return undefined;
}

function decodeInput(input: unknown): unknown {
  if (typeof input !== 'string') return input;
  try {
    return JSON.parse(input);
  } catch (error) {
    const detail = error instanceof Error ? error.message : 'unknown error';
    throw parseError([{ path: '', reason: `content is not valid JSON (${detail.slice(0, 200)})` }]);
  }
}

/** Migrates and validates; returns the full current-version content including `schemaVersion`. */
export function loadTemplateContent(input: unknown): TemplateContent {
  try {
    const raw = decodeInput(input);
    const shapeProblem = checkJsonShape(raw);
    if (shapeProblem) throw parseError([shapeProblem]);
    const { content } = migrate(raw);
    const result = TemplateContentSchema.safeParse(content);
    if (!result.success) throw parseError(zodIssues(result.error, { path: contentPath }));
    const ruleIssues = documentIssues(result.data.document);
    if (ruleIssues.length > 0) throw parseError(ruleIssues);
    return result.data as TemplateContent;
  } catch (error) {
    if (error instanceof QuireError) throw error;
    // A bug or a hostile input (e.g. a stack overflow) must still surface as the catalogued error.
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    throw parseError([{ path: '', reason: reason.slice(0, 300) }]);
  }
}

/**
 * Parses a print template's `content` (JSON text or an already-parsed value) of any supported
 * version into the current model. Throws only `QuireError('TemplateParseError', { issues })`.
 */
export function parseTemplateContent(input: string | unknown): ParsedTemplateContent {
  const { document, pageSetting, settings, tagModePageSetting } = loadTemplateContent(input);
  return { document, pageSetting, settings, tagModePageSetting };
}

/** Like `parseTemplateContent`, but returns the error instead of throwing. */
export function safeParseTemplateContent(input: string | unknown): ParseResult<ParsedTemplateContent> {
  try {
    return { ok: true, value: parseTemplateContent(input) };
  } catch (error) {
    return { ok: false, error: error as QuireError };
  }
}

/** The JSON text to store in a print template's `content`, stamped with the current version. */
export function serializeTemplateContent(content: ParsedTemplateContent): string {
  const stored: TemplateContent = {
    schemaVersion: CURRENT_SCHEMA_VERSION,
    document: content.document,
    pageSetting: content.pageSetting,
    settings: content.settings,
    tagModePageSetting: content.tagModePageSetting,
  };
  return JSON.stringify(stored);
}

/** Problems in a current-version document (schema and rules); empty when valid. Paths start at `pages`. */
export function validateDocument(document: unknown): ErrorIssue[] {
  const shapeProblem = checkJsonShape(document);
  if (shapeProblem) return [shapeProblem];
  const result = TemplateDocumentSchema.safeParse(document);
  if (!result.success) return capIssues(zodIssues(result.error));
  return capIssues(documentIssues(result.data as TemplateDocument));
}

/**
 * Throws InvalidVariableName ('invalid variable name', spec 001 §5.1) listing every variable path of
 * the document that breaks the naming rule, each with its path. Separate from loading, which stays
 * lenient so that a stored template with a bad name still opens and can be fixed.
 */
export function assertVariableNames(document: unknown): void {
  const issues = capIssues(variableNameIssues(document));
  if (issues.length === 0) return;
  throw new QuireError('InvalidVariableName', { issues, params: { count: issues.length } });
}

/** Validates a current-version document and fills its defaults; throws TemplateParseError. */
export function parseDocument(document: unknown): TemplateDocument {
  const issues = validateDocument(document);
  if (issues.length > 0) throw parseError(issues);
  return TemplateDocumentSchema.parse(document) as TemplateDocument;
}

/** Validates one block (with defaults filled); `path` prefixes the reported paths. */
export function parseBlock(block: unknown, path = ''): Block {
  const shapeProblem = checkJsonShape(block);
  if (shapeProblem) throw parseError([{ ...shapeProblem, path }]);
  const result = BlockSchema.safeParse(block);
  if (!result.success) {
    throw parseError(zodIssues(result.error, { path: (segments) => joinPath(path, segments) }));
  }
  return result.data;
}

/**
 * Validates a print template entity (from storage, sync or a host) and parses its content.
 * Entity problems are reported at their key (`name`), content problems under `content.`.
 */
export function parsePrintTemplate(input: unknown): { template: PrintTemplate; content: ParsedTemplateContent } {
  const result = PrintTemplateSchema.safeParse(input);
  if (!result.success) throw parseError(zodIssues(result.error));
  try {
    return { template: result.data, content: parseTemplateContent(result.data.content) };
  } catch (error) {
    const issues = (error as QuireError).issues.map((issue) => ({
      path: joinPath('content', issue.path === '' ? [] : [issue.path]),
      reason: issue.reason,
    }));
    throw parseError(issues);
  }
}
