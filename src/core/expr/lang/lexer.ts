/**
 * Splits expression text into tokens. Only what the grammar uses is recognised: anything else
 * (regex literals, backslashes outside strings, `;`) is a syntax error with its offset.
 */
import { QuireError } from '../../errors';

export type Token =
  | { kind: 'num'; value: number; pos: number }
  | { kind: 'str'; value: string; pos: number }
  /** A template literal: text parts and the source of each `${…}` part. */
  | { kind: 'tmpl'; quasis: string[]; parts: { source: string; pos: number }[]; pos: number }
  | { kind: 'id'; value: string; pos: number }
  | { kind: 'op'; value: string; pos: number }
  | { kind: 'eof'; pos: number };

/** Longest first, so `===` wins over `==` and `=`. */
const OPERATORS = [
  '===',
  '!==',
  '**',
  '==',
  '!=',
  '<=',
  '>=',
  '&&',
  '||',
  '??',
  '?.',
  '=>',
  ';',
  '...',
  '+',
  '-',
  '*',
  '/',
  '%',
  '<',
  '>',
  '!',
  '?',
  ':',
  '.',
  ',',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
];

const ID_START = /[\p{ID_Start}$_]/u;
const ID_PART = /[\p{ID_Continue}$\u200c\u200d]/u;
const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0' };

export function syntaxError(pos: number, reason: string): QuireError {
  return new QuireError('ExprSyntaxError', {
    detail: `${reason} at offset ${pos}`,
    issues: [{ path: `offset ${pos}`, reason }],
    params: { offset: pos, reason },
  });
}

function readEscape(text: string, i: number): [string, number] {
  const ch = text[i];
  if (ch === undefined) throw syntaxError(i, 'unfinished escape');
  if (Object.hasOwn(ESCAPES, ch)) return [ESCAPES[ch]!, i + 1];
  if (ch === 'u') {
    const braced = /^\{([0-9a-fA-F]{1,6})\}/.exec(text.slice(i + 1, i + 9));
    const code = braced
      ? parseInt(braced[1]!, 16)
      : /^[0-9a-fA-F]{4}/.test(text.slice(i + 1, i + 5))
        ? parseInt(text.slice(i + 1, i + 5), 16)
        : NaN;
    if (!(code <= 0x10ffff)) throw syntaxError(i, 'bad \\u escape');
    return [String.fromCodePoint(code), i + 1 + (braced ? braced[0].length : 4)];
  }
  if (ch === 'x' && /^[0-9a-fA-F]{2}/.test(text.slice(i + 1, i + 3))) {
    return [String.fromCharCode(parseInt(text.slice(i + 1, i + 3), 16)), i + 3];
  }
  return [ch, i + 1];
}

function readString(text: string, start: number): [string, number] {
  const quote = text[start];
  let value = '';
  let i = start + 1;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === quote) return [value, i + 1];
    if (ch === '\\') {
      const [escaped, next] = readEscape(text, i + 1);
      value += escaped;
      i = next;
      continue;
    }
    value += ch;
    i++;
  }
  throw syntaxError(start, 'unclosed string');
}

/** Finds the `}` closing a `${` part, skipping strings and nested braces inside it. */
function skipTemplatePart(text: string, start: number, depth: number): number {
  let braces = 0;
  let i = start;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '"' || ch === "'") {
      i = readString(text, i)[1];
      continue;
    }
    if (ch === '`') {
      i = readTemplate(text, i, depth + 1).end;
      continue;
    }
    if (ch === '{') braces++;
    else if (ch === '}') {
      if (braces === 0) return i;
      braces--;
    }
    i++;
  }
  throw syntaxError(start, 'unclosed ${ in template text');
}

/** Template texts nested deeper than this are refused (the lexer recurses per level). */
const MAX_TEMPLATE_DEPTH = 16;

function readTemplate(text: string, start: number, depth = 0) {
  if (depth > MAX_TEMPLATE_DEPTH) throw syntaxError(start, 'template texts nested too deeply');
  const quasis: string[] = [];
  const parts: { source: string; pos: number }[] = [];
  let current = '';
  let i = start + 1;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '`') {
      quasis.push(current);
      return { quasis, parts, end: i + 1 };
    }
    if (ch === '\\') {
      const [escaped, next] = readEscape(text, i + 1);
      current += escaped;
      i = next;
      continue;
    }
    if (ch === '$' && text[i + 1] === '{') {
      const close = skipTemplatePart(text, i + 2, depth);
      quasis.push(current);
      current = '';
      parts.push({ source: text.slice(i + 2, close), pos: i + 2 });
      i = close + 1;
      continue;
    }
    current += ch;
    i++;
  }
  throw syntaxError(start, 'unclosed template text');
}

const NUMBER = /^(?:0[xX][0-9a-fA-F]+|0[bB][01]+|0[oO][0-7]+|(?:\d[\d_]*(?:\.[\d_]*)?|\.\d[\d_]*)(?:[eE][+-]?\d+)?)/;

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    if (/\d/.test(ch) || (ch === '.' && /\d/.test(text[i + 1] ?? ''))) {
      const m = NUMBER.exec(text.slice(i, i + 400));
      if (!m) throw syntaxError(i, 'bad number');
      const raw = m[0].replace(/_/g, '');
      const value = /^0[bBoO]/.test(raw) ? parseInt(raw.slice(2), /^0[bB]/.test(raw) ? 2 : 8) : Number(raw);
      if (Number.isNaN(value)) throw syntaxError(i, 'bad number');
      tokens.push({ kind: 'num', value, pos: i });
      i += m[0].length;
      if (ID_START.test(text[i] ?? '')) throw syntaxError(i, 'a name cannot follow a number');
      continue;
    }
    if (ch === '"' || ch === "'") {
      const [value, next] = readString(text, i);
      tokens.push({ kind: 'str', value, pos: i });
      i = next;
      continue;
    }
    if (ch === '`') {
      const { quasis, parts, end } = readTemplate(text, i);
      tokens.push({ kind: 'tmpl', quasis, parts, pos: i });
      i = end;
      continue;
    }
    const cp = text.codePointAt(i)!;
    const first = String.fromCodePoint(cp);
    if (ID_START.test(first)) {
      let j = i + first.length;
      while (j < text.length) {
        const next = String.fromCodePoint(text.codePointAt(j)!);
        if (!ID_PART.test(next)) break;
        j += next.length;
      }
      tokens.push({ kind: 'id', value: text.slice(i, j), pos: i });
      i = j;
      continue;
    }
    const op = OPERATORS.find((o) => text.startsWith(o, i));
    // `a?.5:1` is a ternary with .5, not optional chaining.
    if (op === '?.' && /\d/.test(text[i + 2] ?? '')) {
      tokens.push({ kind: 'op', value: '?', pos: i });
      i += 1;
      continue;
    }
    if (!op) throw syntaxError(i, `unexpected character “${first}”`);
    tokens.push({ kind: 'op', value: op, pos: i });
    i += op.length;
  }
  tokens.push({ kind: 'eof', pos: text.length });
  return tokens;
}
