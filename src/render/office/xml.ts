/**
 * Just enough XML for filling Office parts: a tokenizer that keeps every byte of the source (so
 * untouched markup is written back as it was), escaping, and reading of attributes. No DTDs and
 * no entities beyond the five predefined ones and character references: nothing can expand.
 */

/** Splits XML into tags (`<…>`) and text between them; joining the tokens gives the input back. */
export function tokenize(xml: string): string[] {
  const tokens: string[] = [];
  let i = 0;
  while (i < xml.length) {
    if (xml[i] === '<') {
      let end: number;
      if (xml.startsWith('<!--', i)) end = xml.indexOf('-->', i) + 2;
      else if (xml.startsWith('<![CDATA[', i)) end = xml.indexOf(']]>', i) + 2;
      else end = xml.indexOf('>', i);
      if (end < i) end = xml.length - 1;
      tokens.push(xml.slice(i, end + 1));
      i = end + 1;
    } else {
      const next = xml.indexOf('<', i);
      const end = next === -1 ? xml.length : next;
      tokens.push(xml.slice(i, end));
      i = end;
    }
  }
  return tokens;
}

type TokenKind = 'open' | 'close' | 'empty' | 'text' | 'other';

export function tokenKind(token: string): TokenKind {
  if (token[0] !== '<') return 'text';
  if (token[1] === '/') return 'close';
  if (token[1] === '?' || token[1] === '!') return 'other';
  return token.endsWith('/>') ? 'empty' : 'open';
}

/** The qualified name of a start, end or empty tag (`w:p`), '' for text. */
export function tagName(token: string): string {
  if (token[0] !== '<') return '';
  const start = token[1] === '/' ? 2 : 1;
  let end = start;
  while (end < token.length && !/[\s/>]/.test(token[end]!)) end++;
  return token.slice(start, end);
}

const ATTR_PATTERNS = new Map<string, { read: RegExp; write: RegExp }>();

/** Compiled once per attribute name: filling reads and sets the same few attributes again and again. */
function attrPatterns(name: string) {
  let patterns = ATTR_PATTERNS.get(name);
  if (!patterns) {
    const escaped = name.replace(/[.:]/g, '\\$&');
    patterns = {
      read: new RegExp(`\\s${escaped}\\s*=\\s*("([^"]*)"|'([^']*)')`),
      write: new RegExp(`(\\s${escaped}\\s*=\\s*)("[^"]*"|'[^']*')`),
    };
    ATTR_PATTERNS.set(name, patterns);
  }
  return patterns;
}

export function attr(token: string, name: string): string | undefined {
  const match = attrPatterns(name).read.exec(token);
  if (!match) return undefined;
  return decodeXml(match[2] ?? match[3] ?? '');
}

/** Sets (or adds) an attribute on a start or empty tag. */
export function setAttr(token: string, name: string, value: string): string {
  const encoded = `"${escapeXml(value)}"`;
  const { write } = attrPatterns(name);
  const match = write.exec(token);
  if (match) return token.slice(0, match.index) + match[1] + encoded + token.slice(match.index + match[0].length);
  const closeAt = token.endsWith('/>') ? token.length - 2 : token.length - 1;
  return `${token.slice(0, closeAt)} ${name}=${encoded}${token.slice(closeAt)}`;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeXml(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref] ?? whole;
    const code = ref[1] === 'x' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

/** Characters XML 1.0 cannot hold at all (a record's control characters would corrupt the file). */
const INVALID_XML_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function escapeXml(text: string): string {
  return text
    .replace(INVALID_XML_CHARS, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** The text inside every element named `name` (e.g. all `<t>` of a shared string), decoded. */
export function textOf(xml: string, name: string): string {
  const tokens = tokenize(xml);
  let depth = 0;
  let out = '';
  for (const token of tokens) {
    const kind = tokenKind(token);
    if (kind === 'open' && tagName(token) === name) depth++;
    else if (kind === 'close' && tagName(token) === name) depth--;
    else if (kind === 'text' && depth > 0) out += decodeXml(token);
  }
  return out;
}
