/**
 * Finding tags in the text of a paragraph (or a cell), with the same rules as core/expr's
 * parser: `\{` is a literal brace, `{}` is text, a brace followed by another brace before any
 * close is text, quotes inside filter arguments may hold braces. Only positions are found here;
 * each tag body is parsed by core/expr.
 */
import type { Delimiters } from '../../core/expr/ast';

export interface TagSpan {
  start: number;
  /** Exclusive. */
  end: number;
  /** The text between the delimiters, with Word's typographic quotes made plain. */
  body: string;
  /** No closing delimiter before the end of the text: a problem the template reports. */
  unclosed?: true;
}

/** Word turns typed quotes into curly ones; inside a tag they are the tag language's quotes. */
function plainQuotes(body: string): string {
  return body.replace(/[\u201C\u201D\u201E\u00AB\u00BB]/g, '"').replace(/[\u2018\u2019\u201A]/g, "'");
}

export function findTags(text: string, delimiters: Delimiters = 'single'): TagSpan[] {
  const open = delimiters === 'double' ? '{{' : '{';
  const close = delimiters === 'double' ? '}}' : '}';
  const spans: TagSpan[] = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] === '\\' && text.startsWith(open, i + 1)) {
      i += 1 + open.length;
      continue;
    }
    if (!text.startsWith(open, i)) {
      i++;
      continue;
    }
    const bodyStart = i + open.length;
    const end = findClose(text, bodyStart, open, close, delimiters);
    if (end < 0) {
      // -1: unclosed; a span up to the end of the text, marked so that the template reports it.
      if (end === -1) {
        spans.push({ start: i, end: text.length, body: plainQuotes(text.slice(bodyStart)), unclosed: true });
        return spans;
      }
      i++;
      continue;
    }
    const body = text.slice(bodyStart, end);
    if (body.trim() === '') {
      i = end + close.length;
      continue;
    }
    spans.push({ start: i, end: end + close.length, body: plainQuotes(body) });
    i = end + close.length;
  }
  return spans;
}

function findClose(text: string, start: number, open: string, close: string, delimiters: Delimiters): number {
  let inFilters = false;
  let quote: string | undefined;
  for (let i = start; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote || (quote === '"' && /[\u201C\u201D]/.test(ch))) quote = undefined;
      continue;
    }
    if (ch === '\\') {
      i++;
      continue;
    }
    if (inFilters && /["'\u201C\u201D\u2018\u2019]/.test(ch)) {
      quote = /[\u201C\u201D"]/.test(ch) ? '"' : "'";
      continue;
    }
    if (ch === '|') inFilters = true;
    if (text.startsWith(close, i)) return i;
    if (!inFilters && delimiters === 'single' && text.startsWith(open, i)) return -2;
  }
  return -1;
}

export type TagRole = 'value' | 'image' | 'open' | 'inverted' | 'close' | 'else';

/**
 * What a tag body does: `#x` opens a loop, `^x` an inverted section, `/` closes, `%x` an image,
 * `:else` starts what prints when the enclosing section printed nothing.
 */
export function tagRole(body: string): { role: TagRole; rest: string } {
  const trimmed = body.trim();
  if (trimmed === ':else') return { role: 'else', rest: '' };
  const sigil = trimmed[0];
  if (sigil === '#' && trimmed.length > 1 && trimmed[1] !== '.' && trimmed[1] !== '|') {
    return { role: 'open', rest: trimmed.slice(1) };
  }
  if (sigil === '^') return { role: 'inverted', rest: trimmed.slice(1) };
  if (sigil === '/') return { role: 'close', rest: trimmed.slice(1).trim() };
  if (sigil === '%') return { role: 'image', rest: trimmed.slice(1) };
  return { role: 'value', rest: trimmed };
}

/** The path part of a section tag (`items | filter` → `items`), for matching its close. */
export function sectionName(rest: string): string {
  let i = 0;
  for (; i < rest.length; i++) {
    if (rest[i] === '\\') i++;
    else if (rest[i] === '|') break;
  }
  return rest.slice(0, i).trim();
}
