/**
 * A small, forgiving HTML tokenizer over plain strings. The core has no DOM, and a sanitiser
 * must never hand untrusted markup to a parser that executes anything, so this only splits
 * text into text runs, start tags (with attributes) and end tags; comments, doctypes and
 * processing instructions are dropped.
 */

export interface HtmlAttribute {
  name: string;
  value: string;
}

type HtmlToken =
  | { kind: 'text'; text: string }
  | { kind: 'start'; name: string; attributes: HtmlAttribute[]; selfClosing: boolean }
  | { kind: 'end'; name: string };

/** Elements whose content is raw text: nothing inside them is markup. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript']);

const NAME_START = /[A-Za-z]/;
const WHITESPACE = /[\s]/;

function readName(html: string, start: number): number {
  let i = start;
  while (i < html.length && /[A-Za-z0-9:_-]/.test(html[i]!)) i++;
  return i;
}

/** Reads attributes from `start` up to the closing `>`; returns them and the index after `>`. */
function readAttributes(
  html: string,
  start: number,
): { attributes: HtmlAttribute[]; end: number; selfClosing: boolean } {
  const attributes: HtmlAttribute[] = [];
  let i = start;
  let selfClosing = false;
  while (i < html.length) {
    const ch = html[i]!;
    if (ch === '>') return { attributes, end: i + 1, selfClosing };
    if (WHITESPACE.test(ch)) {
      i++;
      continue;
    }
    if (ch === '/') {
      selfClosing = html[i + 1] === '>';
      i++;
      continue;
    }
    const nameStart = i;
    while (i < html.length && !/[\s=>/]/.test(html[i]!)) i++;
    // A stray quote or similar can start a "name"; `i` always advances.
    if (i === nameStart) i++;
    const name = html.slice(nameStart, i).toLowerCase();
    while (i < html.length && WHITESPACE.test(html[i]!)) i++;
    let value = '';
    if (html[i] === '=') {
      i++;
      while (i < html.length && WHITESPACE.test(html[i]!)) i++;
      const quote = html[i];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1);
        const stop = close === -1 ? html.length : close;
        value = html.slice(i + 1, stop);
        i = stop + 1;
      } else {
        const valueStart = i;
        while (i < html.length && !/[\s>]/.test(html[i]!)) i++;
        value = html.slice(valueStart, i);
      }
    }
    if (name) attributes.push({ name, value });
  }
  return { attributes, end: html.length, selfClosing };
}

export function tokenizeHtml(html: string): HtmlToken[] {
  const tokens: HtmlToken[] = [];
  let textStart = 0;
  let i = 0;
  const flushText = (until: number) => {
    if (until > textStart) tokens.push({ kind: 'text', text: html.slice(textStart, until) });
  };
  while (i < html.length) {
    if (html[i] !== '<') {
      i++;
      continue;
    }
    const next = html[i + 1] ?? '';
    if (html.startsWith('<!--', i)) {
      flushText(i);
      const close = html.indexOf('-->', i + 4);
      i = close === -1 ? html.length : close + 3;
      textStart = i;
    } else if (next === '!' || next === '?') {
      flushText(i);
      const close = html.indexOf('>', i + 2);
      i = close === -1 ? html.length : close + 1;
      textStart = i;
    } else if (next === '/' && NAME_START.test(html[i + 2] ?? '')) {
      flushText(i);
      const nameEnd = readName(html, i + 2);
      const close = html.indexOf('>', nameEnd);
      tokens.push({ kind: 'end', name: html.slice(i + 2, nameEnd).toLowerCase() });
      i = close === -1 ? html.length : close + 1;
      textStart = i;
    } else if (NAME_START.test(next)) {
      flushText(i);
      const nameEnd = readName(html, i + 1);
      const name = html.slice(i + 1, nameEnd).toLowerCase();
      const { attributes, end, selfClosing } = readAttributes(html, nameEnd);
      tokens.push({ kind: 'start', name, attributes, selfClosing });
      i = end;
      textStart = i;
      if (RAW_TEXT.has(name) && !selfClosing) {
        // Everything up to the matching close tag is text of this element, never markup.
        const lower = html.toLowerCase();
        const close = lower.indexOf(`</${name}`, i);
        const stop = close === -1 ? html.length : close;
        if (stop > i) tokens.push({ kind: 'text', text: html.slice(i, stop) });
        const gt = close === -1 ? -1 : html.indexOf('>', close);
        if (close !== -1) tokens.push({ kind: 'end', name });
        i = gt === -1 ? html.length : gt + 1;
        textStart = i;
      }
    } else {
      i++;
    }
  }
  flushText(html.length);
  return tokens;
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '©',
  reg: '®',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  yen: '¥',
  euro: '€',
  colon: ':',
  tab: '\t',
  newline: '\n',
};

/** Decodes character references (named, decimal, hex); unknown ones stay as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z][a-z0-9]*);?/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
      if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff) return '\ufffd';
      return String.fromCodePoint(code);
    }
    const named = NAMED_ENTITIES[body.toLowerCase()];
    return named ?? whole;
  });
}

export function escapeHtmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function escapeHtmlAttribute(text: string): string {
  return escapeHtmlText(text).replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
