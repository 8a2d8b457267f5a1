/**
 * HTML from data sources (open-document variables with stringContentFormat 'html', approval
 * rich text) is untrusted. It passes here before it is ever shown or printed: an allow-list of
 * formatting elements and attributes, no script/style/embedded documents, no event handlers,
 * no javascript:/vbscript:/data: URLs (except data:image for images). The result is rebuilt
 * from tokens, so whatever comes out is markup this module wrote itself.
 */
import { decodeEntities, escapeHtmlAttribute, escapeHtmlText, type HtmlAttribute, tokenizeHtml } from './tokenize';

const ALLOWED_TAGS = new Set([
  'a',
  'b',
  'big',
  'blockquote',
  'br',
  'caption',
  'code',
  'col',
  'colgroup',
  'dd',
  'del',
  'div',
  'dl',
  'dt',
  'em',
  'font',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'ins',
  'li',
  'mark',
  'ol',
  'p',
  'pre',
  's',
  'small',
  'span',
  'strike',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
]);

/** Elements removed together with everything inside them. */
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'applet',
  'noscript',
  'noembed',
  'noframes',
  'template',
  'title',
  'head',
  'svg',
  'math',
  'textarea',
  'select',
  'xmp',
  'frameset',
]);

const VOID_TAGS = new Set(['br', 'hr', 'img', 'col']);

const ALLOWED_ATTRIBUTES = new Set([
  'align',
  'alt',
  'border',
  'cellpadding',
  'cellspacing',
  'class',
  'color',
  'colspan',
  'dir',
  'face',
  'height',
  'href',
  'lang',
  'rel',
  'rowspan',
  'size',
  'span',
  'src',
  'start',
  'style',
  'target',
  'title',
  'type',
  'valign',
  'width',
]);

const URL_ATTRIBUTES = new Set(['href', 'src']);

/** Safe data: images; SVG is excluded because it can carry script. */
const DATA_IMAGE = /^data:image\/(png|jpe?g|gif|webp|bmp);/i;

/** Returns the URL when it is safe for the attribute, undefined otherwise. */
export function safeUrl(raw: string, attribute: 'href' | 'src'): string | undefined {
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:").
  const compact = decodeEntities(raw)
    .replace(/[\u0000-\u0020\u007f-\u009f]/g, '')
    .trim();
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1]?.toLowerCase();
  if (scheme === undefined) return decodeEntities(raw).trim();
  if (scheme === 'http' || scheme === 'https') return compact;
  if (attribute === 'href' && (scheme === 'mailto' || scheme === 'tel')) return compact;
  if (attribute === 'src' && scheme === 'data' && DATA_IMAGE.test(compact)) return compact;
  return undefined;
}

/** Inline CSS that can load or run something is dropped as a whole. */
function safeStyle(raw: string): string | undefined {
  const css = decodeEntities(raw);
  const probe = css
    .replace(/\\/g, '')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .toLowerCase();
  if (/expression\s*\(|url\s*\(|javascript:|vbscript:|@import|behavior\s*:|-moz-binding/.test(probe)) return undefined;
  return css;
}

function cleanAttributes(tag: string, attributes: HtmlAttribute[]): string {
  const kept: string[] = [];
  const seen = new Set<string>();
  for (const { name, value } of attributes) {
    if (!ALLOWED_ATTRIBUTES.has(name) || seen.has(name)) continue;
    let clean: string | undefined = decodeEntities(value);
    if (URL_ATTRIBUTES.has(name)) {
      if (name === 'src' && tag !== 'img') continue;
      if (name === 'href' && tag !== 'a') continue;
      clean = safeUrl(value, name as 'href' | 'src');
    } else if (name === 'style') {
      clean = safeStyle(value);
    }
    if (clean === undefined) continue;
    seen.add(name);
    kept.push(` ${name}="${escapeHtmlAttribute(clean)}"`);
  }
  // Links that open a new tab must not hand the opener to the target page.
  if (tag === 'a' && seen.has('target')) kept.push(' rel="noopener noreferrer"');
  return kept.join('');
}

export function sanitizeHtml(html: string): string {
  const out: string[] = [];
  const open: string[] = [];
  let dropping: string | undefined;
  let dropDepth = 0;
  for (const token of tokenizeHtml(html)) {
    if (dropping !== undefined) {
      if (token.kind === 'start' && token.name === dropping && !token.selfClosing) dropDepth++;
      if (token.kind === 'end' && token.name === dropping && --dropDepth === 0) dropping = undefined;
      continue;
    }
    if (token.kind === 'text') {
      out.push(escapeHtmlText(decodeEntities(token.text)));
    } else if (token.kind === 'start') {
      if (DROP_WITH_CONTENT.has(token.name)) {
        if (!token.selfClosing) {
          dropping = token.name;
          dropDepth = 1;
        }
        continue;
      }
      if (!ALLOWED_TAGS.has(token.name)) continue;
      const attributes = cleanAttributes(token.name, token.attributes);
      if (VOID_TAGS.has(token.name)) {
        out.push(`<${token.name}${attributes}>`);
      } else {
        out.push(`<${token.name}${attributes}>`);
        open.push(token.name);
      }
    } else if (ALLOWED_TAGS.has(token.name) && !VOID_TAGS.has(token.name)) {
      const at = open.lastIndexOf(token.name);
      if (at === -1) continue;
      // Close anything left open inside, so the output is always well nested.
      while (open.length > at) out.push(`</${open.pop()}>`);
    }
  }
  while (open.length > 0) out.push(`</${open.pop()}>`);
  return out.join('');
}

const BLOCK_TAGS = new Set([
  'address',
  'article',
  'blockquote',
  'caption',
  'dd',
  'div',
  'dl',
  'dt',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'tbody',
  'thead',
  'tfoot',
  'tr',
  'ul',
]);

// Private-use markers keep block breaks and preformatted text apart from ordinary whitespace
// until the final clean-up.
const BLOCK = '\u0001';
const PRE_NEWLINE = '\u0002';
const PRE_SPACE = '\u0003';

/** Plain text of an HTML fragment: block elements become line breaks, table cells are tab-separated. */
export function htmlToText(html: string): string {
  const parts: string[] = [];
  let dropping: string | undefined;
  let dropDepth = 0;
  let inPre = 0;
  for (const token of tokenizeHtml(html.replace(/[\u0001-\u0003]/g, ''))) {
    if (dropping !== undefined) {
      if (token.kind === 'start' && token.name === dropping && !token.selfClosing) dropDepth++;
      if (token.kind === 'end' && token.name === dropping && --dropDepth === 0) dropping = undefined;
      continue;
    }
    if (token.kind === 'text') {
      const decoded = decodeEntities(token.text);
      parts.push(
        inPre > 0 ? decoded.replace(/\n/g, PRE_NEWLINE).replace(/ /g, PRE_SPACE) : decoded.replace(/\s+/g, ' '),
      );
    } else if (token.kind === 'start') {
      if (DROP_WITH_CONTENT.has(token.name)) {
        if (!token.selfClosing) {
          dropping = token.name;
          dropDepth = 1;
        }
        continue;
      }
      if (token.name === 'pre') inPre++;
      if (token.name === 'br') parts.push('\n');
      else if (token.name === 'td' || token.name === 'th') parts.push('\t');
      else if (token.name === 'img') {
        const alt = token.attributes.find((a) => a.name === 'alt')?.value;
        if (alt) parts.push(decodeEntities(alt));
      } else if (BLOCK_TAGS.has(token.name)) parts.push(BLOCK);
    } else {
      if (token.name === 'pre') inPre = Math.max(0, inPre - 1);
      if (BLOCK_TAGS.has(token.name)) parts.push(BLOCK);
    }
  }
  return parts
    .join('')
    .replace(/ {2,}/g, ' ')
    .replace(/[ \t]*\u0001(?:[ \t\u0001]*\u0001)?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/^[ \t]+|[ \t]+$/g, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/\u0002/g, '\n')
    .replace(/\u0003/g, ' ')
    .replace(/\u00a0/g, ' ')
    .trim();
}
