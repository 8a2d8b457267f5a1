/**
 * Rich values (`{notes | html}`, `{notes | markdown}`, model §3.7 `stringContentFormat`) as
 * formatted runs in Word and PowerPoint: bold, italic, underline, links (shown as underlined
 * text with the address kept only when it differs), line breaks, paragraphs and list items as
 * lines, simple tables as tab-separated lines. The HTML is sanitised first and read with core's
 * tokenizer: tags are never printed as text, nothing is executed or fetched.
 */
import { sanitizeHtml } from '../../core/data/html/sanitize';
import { decodeEntities, tokenizeHtml } from '../../core/data/html/tokenize';
import { isPlainObject } from '../../core/expr/values';

export interface RichValue {
  kind: 'rich';
  format: 'html' | 'markdown';
  text: string;
}

export interface RichRun {
  text: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  link?: boolean;
}

/** Lines of runs (a paragraph, a list item, a table row). */
export type RichLine = RichRun[];

export function isRichValue(value: unknown): value is RichValue {
  return isPlainObject(value) && value.kind === 'rich' && typeof value.text === 'string';
}

const BLOCKS = new Set([
  'p',
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'li',
  'tr',
  'blockquote',
  'pre',
  'ul',
  'ol',
  'table',
]);

export function htmlLines(html: string): RichLine[] {
  const lines: RichLine[] = [[]];
  const style = { bold: 0, italic: 0, underline: 0, link: 0 };
  const lists: Array<{ ordered: boolean; n: number }> = [];
  let cellIndex = 0;
  const current = () => lines[lines.length - 1]!;
  const newLine = () => {
    if (current().length > 0) lines.push([]);
  };
  const push = (text: string) => {
    if (!text) return;
    current().push({
      text,
      ...(style.bold ? { bold: true } : {}),
      ...(style.italic ? { italic: true } : {}),
      ...(style.underline || style.link ? { underline: true } : {}),
      ...(style.link ? { link: true } : {}),
    });
  };
  for (const token of tokenizeHtml(sanitizeHtml(html))) {
    if (token.kind === 'text') {
      push(decodeEntities(token.text).replace(/\s+/g, ' '));
      continue;
    }
    const name = token.name.toLowerCase();
    const delta = token.kind === 'start' ? 1 : -1;
    if (name === 'b' || name === 'strong' || /^h[1-6]$/.test(name)) style.bold = Math.max(0, style.bold + delta);
    if (name === 'i' || name === 'em') style.italic = Math.max(0, style.italic + delta);
    if (name === 'u' || name === 'ins') style.underline = Math.max(0, style.underline + delta);
    if (name === 'a') style.link = Math.max(0, style.link + delta);
    if (token.kind === 'start') {
      if (name === 'br') newLine();
      if (name === 'ul' || name === 'ol') lists.push({ ordered: name === 'ol', n: 0 });
      if (BLOCKS.has(name)) newLine();
      if (name === 'tr') cellIndex = 0;
      if ((name === 'td' || name === 'th') && cellIndex++ > 0) push('\t');
      if (name === 'li') {
        const list = lists[lists.length - 1];
        const depth = Math.max(0, lists.length - 1);
        push(`${'  '.repeat(depth)}${list?.ordered ? `${++list.n}.` : '•'} `);
      }
    } else {
      if (name === 'ul' || name === 'ol') lists.pop();
      if (BLOCKS.has(name)) newLine();
    }
  }
  // Leading and trailing blank lines carry nothing.
  const kept = lines
    .map((line) => line.filter((run) => run.text !== ''))
    .filter((line, i, all) => {
      if (line.length) return true;
      return i > 0 && i < all.length - 1 && all[i - 1]!.length > 0;
    });
  for (const line of kept) {
    const first = line[0];
    if (first) first.text = first.text.replace(/^ +/, '');
    const last = line[line.length - 1];
    if (last) last.text = last.text.replace(/ +$/, '');
  }
  return kept.filter((line, i) => line.length > 0 || i < kept.length - 1);
}

/** Markdown's everyday subset, turned into HTML for htmlLines (text is escaped first). */
export function markdownToHtml(markdown: string): string {
  const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const inline = (s: string) =>
    escapeText(s)
      .replace(/\*\*(.+?)\*\*|__(.+?)__/g, (_w, a, b) => `<b>${a ?? b}</b>`)
      .replace(
        /(^|[^*\w])\*(?!\s)(.+?)\*(?!\w)|(^|\W)_(?!\s)(.+?)_(?!\w)/g,
        (_w, p1, a, p2, b) => `${p1 ?? p2}<i>${a ?? b}</i>`,
      )
      .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_w, text) => `<a>${text}</a>`);
  const out: string[] = [];
  let list: 'ul' | 'ol' | undefined;
  const closeList = () => {
    if (list) out.push(`</${list}>`);
    list = undefined;
  };
  for (const raw of markdown.split(/\r?\n/)) {
    const line = raw.trimEnd();
    const bullet = /^\s*[-*+]\s+(.*)$/.exec(line);
    const numbered = /^\s*\d+[.)]\s+(.*)$/.exec(line);
    if (bullet || numbered) {
      const kind = bullet ? 'ul' : 'ol';
      if (list !== kind) {
        closeList();
        out.push(`<${kind}>`);
        list = kind;
      }
      out.push(`<li>${inline((bullet ?? numbered)![1]!)}</li>`);
      continue;
    }
    closeList();
    if (!line.trim()) continue;
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    out.push(heading ? `<h3>${inline(heading[1]!)}</h3>` : `<p>${inline(line)}</p>`);
  }
  closeList();
  return out.join('');
}

export function richLines(value: RichValue): RichLine[] {
  return htmlLines(value.format === 'markdown' ? markdownToHtml(value.text) : value.text);
}
