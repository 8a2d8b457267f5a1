/**
 * Parser of text with tags: `{path}`, `{path | filter:arg:"quoted arg" | filter2}`,
 * sections `{#list}…{/list}` and `{^x}…{/x}`; `{{…}}` instead of `{…}` when configured.
 * `\{` prints a literal brace. `{}` prints as written. Anything malformed is a TemplateParseError
 * whose issues say where; a path that breaks the naming rule is an InvalidVariableName (see names.ts).
 */
import { type ErrorIssue, QuireError } from '../errors';
import type { Delimiters, FilterCall, SectionNode, TagExpression, TemplateNode } from './ast';
import { parseExpression } from './lang/parser';
import { assertVariablePath } from './names';
import { parsePath } from './path';

export interface ParseOptions {
  delimiters?: Delimiters;
  /** Tells which filter names exist; unknown names fail the parse. Absent: any name is accepted. */
  isKnownFilter?: (name: string) => boolean;
  /**
   * Tags that are not a field path are read as expressions of the expression language
   * (`{qty * price | currency}`, `{#total > 100}`): Office templates turn this on.
   */
  expressions?: boolean;
}

const FILTER_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Far beyond real templates; keeps evaluation's recursion bounded whatever the text says. */
export const MAX_SECTION_DEPTH = 64;

function parseError(reason: string, where: string): QuireError {
  const issues: ErrorIssue[] = [{ path: where, reason }];
  return new QuireError('TemplateParseError', { detail: `${reason} (${where})`, issues });
}

/** Index of the first `|` that is not escaped, or -1. */
function firstPipe(body: string): number {
  for (let i = 0; i < body.length; i++) {
    if (body[i] === '\\') i++;
    else if (body[i] === '|') return i;
  }
  return -1;
}

function readQuoted(text: string, start: number, where: string): { value: string; end: number } {
  const quote = text[start]!;
  let value = '';
  for (let i = start + 1; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '\\' && i + 1 < text.length) {
      const next = text[++i]!;
      value += next === 'n' ? '\n' : next === 't' ? '\t' : next;
      continue;
    }
    if (ch === quote) return { value, end: i + 1 };
    value += ch;
  }
  throw parseError('unterminated quoted argument', where);
}

/** Parses `name:arg:"arg" | name2` into filter calls. */
export function parseFilters(text: string, where = 'filters', options: ParseOptions = {}): FilterCall[] {
  const filters: FilterCall[] = [];
  let i = 0;
  const skipSpace = () => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  while (i <= text.length) {
    skipSpace();
    let name = '';
    while (i < text.length && text[i] !== ':' && text[i] !== '|') name += text[i++];
    name = name.trim();
    if (!FILTER_NAME.test(name)) throw parseError(`invalid filter name '${name}'`, where);
    if (options.isKnownFilter && !options.isKnownFilter(name)) throw parseError(`unknown filter '${name}'`, where);
    const args: string[] = [];
    while (text[i] === ':') {
      i++;
      skipSpace();
      if (text[i] === '"' || text[i] === "'") {
        const quoted = readQuoted(text, i, where);
        args.push(quoted.value);
        i = quoted.end;
        skipSpace();
        if (i < text.length && text[i] !== ':' && text[i] !== '|') {
          throw parseError(`unexpected '${text[i]}' after quoted argument`, where);
        }
      } else {
        let arg = '';
        while (i < text.length && text[i] !== ':' && text[i] !== '|') arg += text[i++];
        args.push(arg.trim());
      }
    }
    filters.push({ name, args });
    if (i >= text.length) break;
    i++; // the `|`
  }
  return filters;
}

/** Parses a tag body (`path | filter:arg`) into an expression. */
export function parseTagExpression(body: string, where = 'tag', options: ParseOptions = {}): TagExpression {
  try {
    return parsePathTag(body, where, options);
  } catch (pathError) {
    if (!options.expressions) throw pathError;
    return parseCodeTag(body, where, options, pathError);
  }
}

function parsePathTag(body: string, where: string, options: ParseOptions): TagExpression {
  const pipe = firstPipe(body);
  const pathText = (pipe === -1 ? body : body.slice(0, pipe)).trim();
  if (!pathText) throw parseError('missing variable path', where);
  const path = parsePath(pathText);
  if (!path.current && path.segments.some((s) => s === '')) throw parseError(`invalid path '${pathText}'`, where);
  assertVariablePath(pathText, where);
  const filters = pipe === -1 ? [] : parseFilters(body.slice(pipe + 1), where, options);
  return { path, filters, source: body.trim() };
}

/**
 * Index of the `|` that starts the filters of an expression tag: not `||`, not inside quotes or
 * brackets; -1 when there are no filters.
 */
function expressionPipe(body: string): number {
  let depth = 0;
  let quote: string | undefined;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = undefined;
    } else if (ch === '"' || ch === "'" || ch === '`') quote = ch;
    else if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ')' || ch === ']' || ch === '}') depth--;
    else if (ch === '|' && depth === 0) {
      if (body[i + 1] === '|') i++;
      else return i;
    }
  }
  return -1;
}

/** Characters that show a tag meant an expression, not a (mistyped) field name. */
const EXPRESSION_SIGNS = /[()[\]+*/%<>=!?&|'"`,-]/;

function parseCodeTag(body: string, where: string, options: ParseOptions, pathError: unknown): TagExpression {
  const pipe = expressionPipe(body);
  const code = (pipe === -1 ? body : body.slice(0, pipe)).trim();
  try {
    const node = parseExpression(code);
    const filters = pipe === -1 ? [] : parseFilters(body.slice(pipe + 1), where, options);
    return { path: { segments: [], current: false }, code: node, filters, source: body.trim() };
  } catch (error) {
    // `{1 bad-name}` is reported as a bad name; `{qty * }` as a bad expression.
    if (!EXPRESSION_SIGNS.test(code) || !(error instanceof QuireError) || error.errorName !== 'ExprSyntaxError') {
      throw pathError;
    }
    const reason = `not a field name, and not a valid expression: ${error.issues[0]?.reason ?? error.message}`;
    throw new QuireError('TemplateParseError', {
      detail: `${reason} (${where})`,
      issues: [{ path: where, reason }],
      cause: error,
    });
  }
}

/** End of a tag body: the close delimiter outside quoted filter arguments; -1 when unclosed. */
function findClose(text: string, from: string, start: number, close: string, open: string): number {
  let inFilters = false;
  let quote: string | undefined;
  for (let i = start; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = undefined;
      continue;
    }
    if (ch === '\\') {
      i++;
      continue;
    }
    if (inFilters && (ch === '"' || ch === "'")) {
      quote = ch;
      continue;
    }
    if (ch === '|') inFilters = true;
    if (text.startsWith(close, i)) return i;
    // A new opening brace before any close: the earlier brace was plain text.
    if (!inFilters && text.startsWith(open, i) && from === 'single') return -2;
  }
  return -1;
}

interface OpenSection {
  node: SectionNode;
  pathText: string;
  offset: number;
}

/** Parses text with tags into nodes. */
export function parseTemplate(text: string, options: ParseOptions = {}): TemplateNode[] {
  const mode = options.delimiters ?? 'single';
  const open = mode === 'double' ? '{{' : '{';
  const close = mode === 'double' ? '}}' : '}';
  const root: TemplateNode[] = [];
  const stack: OpenSection[] = [];
  const target = () => {
    const top = stack[stack.length - 1]?.node;
    return top ? (top.alternate ?? top.children) : root;
  };
  let buffer = '';
  const flush = () => {
    if (!buffer) return;
    const nodes = target();
    const last = nodes[nodes.length - 1];
    if (last?.type === 'text') last.value += buffer;
    else nodes.push({ type: 'text', value: buffer });
    buffer = '';
  };

  let i = 0;
  while (i < text.length) {
    if (text[i] === '\\' && text.startsWith(open, i + 1)) {
      buffer += open;
      i += 1 + open.length;
      continue;
    }
    if (!text.startsWith(open, i)) {
      buffer += text[i++];
      continue;
    }
    const bodyStart = i + open.length;
    const end = findClose(text, mode, bodyStart, close, open);
    if (end === -2) {
      buffer += text[i++];
      continue;
    }
    const where = `offset ${i}`;
    if (end === -1) throw parseError(`unclosed tag '${text.slice(i, i + 30)}'`, where);
    const body = text.slice(bodyStart, end);
    const trimmed = body.trim();
    const after = end + close.length;
    if (!trimmed) {
      buffer += text.slice(i, after);
      i = after;
      continue;
    }
    flush();
    const sigil = trimmed[0];
    const opensSection =
      (sigil === '#' && trimmed.length > 1 && trimmed[1] !== '.' && trimmed[1] !== '|') || sigil === '^';
    if (opensSection && stack.length >= MAX_SECTION_DEPTH) {
      throw parseError(`sections nested deeper than ${MAX_SECTION_DEPTH}`, where);
    }
    if (sigil === '#' && trimmed.length > 1 && trimmed[1] !== '.' && trimmed[1] !== '|') {
      stack.push(openSection(trimmed.slice(1), false, where, options, i));
    } else if (sigil === '^') {
      stack.push(openSection(trimmed.slice(1), true, where, options, i));
    } else if (sigil === '/') {
      const closing = trimmed.slice(1).trim();
      const section = stack.pop();
      if (!section) throw parseError(`'${trimmed}' closes no section`, where);
      if (closing && closing !== section.pathText) {
        throw parseError(`'${trimmed}' closes section '${section.pathText}'`, where);
      }
      target().push(section.node);
    } else if (trimmed === ':else') {
      const section = stack[stack.length - 1];
      if (!section) throw parseError('{:else} outside any section', where);
      if (section.node.alternate) throw parseError(`a second {:else} in section '${section.pathText}'`, where);
      section.node.alternate = [];
    } else {
      target().push({ type: 'tag', expr: parseTagExpression(body, where, options) });
    }
    i = after;
  }
  flush();
  const unclosed = stack[stack.length - 1];
  if (unclosed) throw parseError(`section '${unclosed.pathText}' is not closed`, `offset ${unclosed.offset}`);
  return root;
}

function openSection(
  body: string,
  inverted: boolean,
  where: string,
  options: ParseOptions,
  offset: number,
): OpenSection {
  const expr = parseTagExpression(body, where, options);
  const pipe = expr.code ? expressionPipe(body) : firstPipe(body);
  const pathText = (pipe === -1 ? body : body.slice(0, pipe)).trim();
  return { node: { type: 'section', inverted, expr, children: [] }, pathText, offset };
}
