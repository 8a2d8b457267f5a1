/**
 * The tags of an Office template, read on the UI thread for the editor's tag list: each part's
 * text (paragraphs of Word and PowerPoint, cells of Excel) parsed with core's tag language, so a
 * loop opened in one paragraph and closed in another is read the way the renderer reads it.
 * Only call this on content the render worker has accepted (zip limits, DTDs, macros).
 */
import { strFromU8, unzipSync } from 'fflate';
import { collectDeps } from '../../core/expr/deps';
import { parseTemplate } from '../../core/expr/parse';
import type { OfficeKind } from '../../core/outputs/catalogue';

export interface TemplateTag {
  /** Field path as `collectDeps` spells it: `customer.name`, `lines`, `lines.qty`. */
  path: string;
  /** Parts it appears in: `body`, `header1`, `slide 2`, `sheet 'Invoice'`. */
  parts: string[];
  /** A list the template loops over (`{#lines}`). */
  loop: boolean;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[name.toLowerCase()] ?? '';
  });
}

/** Text of every `<w:t>`/`<a:t>`/`<t>` inside each paragraph-like element, one line each. */
function paragraphs(xml: string, paragraph: string, run: string): string[] {
  const out: string[] = [];
  const close = `</${paragraph}>`;
  const runPattern = new RegExp(`<${run}(?:\\s[^>]*)?>([^<]*)</${run}>`, 'g');
  for (const chunk of xml.split(close)) {
    let text = '';
    for (const match of chunk.matchAll(runPattern)) text += decode(match[1] ?? '');
    if (text) out.push(text);
  }
  return out;
}

/** Word turns typed quotes into curly ones; inside tags they mean straight quotes. */
function straightQuotes(text: string): string {
  return text.replace(/[\u201C\u201D\u201E]/g, '"').replace(/[\u2018\u2019]/g, "'");
}

interface PartText {
  part: string;
  text: string;
}

function naturalOrder(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}

function wordParts(files: Record<string, Uint8Array>): PartText[] {
  const names = Object.keys(files).sort(naturalOrder);
  const out: PartText[] = [];
  for (const name of names) {
    const match = /^word\/(document|header\d*|footer\d*|footnotes|endnotes)\.xml$/.exec(name);
    if (!match) continue;
    const part = match[1] === 'document' ? 'body' : match[1]!;
    out.push({ part, text: paragraphs(strFromU8(files[name]!), 'w:p', 'w:t').join('\n') });
  }
  return out;
}

function slideParts(files: Record<string, Uint8Array>): PartText[] {
  return Object.keys(files)
    .filter((name) => /^ppt\/slides\/slide\d+\.xml$/.test(name))
    .sort(naturalOrder)
    .map((name) => ({
      part: `slide ${/slide(\d+)\.xml$/.exec(name)?.[1] ?? ''}`,
      text: paragraphs(strFromU8(files[name]!), 'a:p', 'a:t').join('\n'),
    }));
}

function sharedStrings(files: Record<string, Uint8Array>): string[] {
  const xml = files['xl/sharedStrings.xml'];
  if (!xml) return [];
  return strFromU8(xml)
    .split('</si>')
    .slice(0, -1)
    .map((si) => [...si.matchAll(/<t(?:\s[^>]*)?>([^<]*)<\/t>/g)].map((m) => decode(m[1] ?? '')).join(''));
}

function sheetNames(files: Record<string, Uint8Array>): Map<string, string> {
  const names = new Map<string, string>();
  const workbook = files['xl/workbook.xml'];
  const rels = files['xl/_rels/workbook.xml.rels'];
  if (!workbook || !rels) return names;
  const targets = new Map<string, string>();
  for (const m of strFromU8(rels).matchAll(/<Relationship\s[^>]*>/g)) {
    const id = /\sId="([^"]+)"/.exec(m[0])?.[1];
    const target = /\sTarget="([^"]+)"/.exec(m[0])?.[1];
    if (id && target) targets.set(id, target.replace(/^\/?xl\//, '').replace(/^\//, ''));
  }
  for (const m of strFromU8(workbook).matchAll(/<sheet\s[^>]*>/g)) {
    const name = /\sname="([^"]*)"/.exec(m[0])?.[1];
    const id = /\sr:id="([^"]+)"/.exec(m[0])?.[1];
    const target = id ? targets.get(id) : undefined;
    if (name !== undefined && target) names.set(`xl/${target}`, decode(name));
  }
  return names;
}

function sheetParts(files: Record<string, Uint8Array>): PartText[] {
  const strings = sharedStrings(files);
  const names = sheetNames(files);
  const out: PartText[] = [];
  for (const file of Object.keys(files).sort(naturalOrder)) {
    if (!/^xl\/worksheets\/sheet\d+\.xml$/.test(file)) continue;
    const name = names.get(file) ?? file;
    const cells: string[] = [];
    for (const m of strFromU8(files[file]!).matchAll(/<c\s([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attrs = m[1] ?? '';
      const inner = m[2] ?? '';
      const type = /\st="([^"]+)"|^t="([^"]+)"/.exec(` ${attrs}`)?.[1];
      if (type === 's') {
        const index = Number(/<v>(\d+)<\/v>/.exec(inner)?.[1]);
        const text = strings[index];
        if (text) cells.push(text);
      } else if (type === 'inlineStr') {
        const text = [...inner.matchAll(/<t(?:\s[^>]*)?>([^<]*)<\/t>/g)].map((t) => decode(t[1] ?? '')).join('');
        if (text) cells.push(text);
      }
    }
    // A sheet named `{#orders}Order {id}` repeats per item: its cells are inside that loop.
    const loop = /^\{#([^}]+)\}/.exec(name);
    const text = cells.join('\n');
    out.push({ part: `sheet '${name}'`, text: loop ? `${name}\n${text}\n{/${loop[1]}}` : text });
  }
  return out;
}

const PROPERTY_PARTS = ['docProps/core.xml', 'docProps/custom.xml'];

function propertyParts(files: Record<string, Uint8Array>): PartText[] {
  return PROPERTY_PARTS.filter((name) => files[name]).map((name) => ({
    part: name,
    text: [...strFromU8(files[name]!).matchAll(/>([^<]+)</g)].map((m) => decode(m[1] ?? '')).join('\n'),
  }));
}

function wanted(kind: OfficeKind, name: string): boolean {
  if (PROPERTY_PARTS.includes(name)) return true;
  if (kind === 'docx') return /^word\/(document|header\d*|footer\d*|footnotes|endnotes)\.xml$/.test(name);
  if (kind === 'pptx') return /^ppt\/slides\/slide\d+\.xml$/.test(name);
  return (
    /^xl\/worksheets\/sheet\d+\.xml$/.test(name) ||
    name === 'xl/sharedStrings.xml' ||
    name === 'xl/workbook.xml' ||
    name === 'xl/_rels/workbook.xml.rels'
  );
}

/** Paths of tags in one part's text; a part whose tags do not parse adds none (the worker reports it). */
function partPaths(text: string, delimiters: 'single' | 'double'): { paths: string[]; loops: Set<string> } {
  const loops = new Set<string>();
  try {
    const source = straightQuotes(text).replace(delimiters === 'double' ? /\{\{\s*%/g : /\{\s*%/g, (m) =>
      m.replace('%', ''),
    );
    const nodes = parseTemplate(source, { delimiters });
    for (const path of collectDeps(nodes)) loops.add(path);
    const loopPaths = new Set<string>();
    const walk = (list: typeof nodes, base: string) => {
      for (const node of list) {
        if (node.type !== 'section') continue;
        const own = node.expr.path.segments.join('.');
        const full = node.expr.path.current ? base : base ? `${base}.${own}` : own;
        if (!node.inverted) loopPaths.add(full);
        walk(node.children, node.inverted ? base : full);
      }
    };
    walk(nodes, '');
    return { paths: [...loops], loops: loopPaths };
  } catch {
    return { paths: [], loops };
  }
}

/** Every field path the template reads, in the order of first appearance by part. */
export function officeTemplateTags(
  kind: OfficeKind,
  bytes: Uint8Array,
  delimiters: 'single' | 'double' = 'single',
): TemplateTag[] {
  const files = unzipSync(bytes, { filter: (file) => wanted(kind, file.name) });
  const parts = kind === 'docx' ? wordParts(files) : kind === 'pptx' ? slideParts(files) : sheetParts(files);
  const byPath = new Map<string, TemplateTag>();
  for (const { part, text } of [...parts, ...propertyParts(files)]) {
    const { paths, loops } = partPaths(text, delimiters);
    for (const path of paths) {
      const tag = byPath.get(path) ?? { path, parts: [], loop: false };
      if (!tag.parts.includes(part)) tag.parts.push(part);
      if (loops.has(path)) tag.loop = true;
      byPath.set(path, tag);
    }
  }
  return [...byPath.values()];
}
