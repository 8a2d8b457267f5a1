/**
 * A small XML reader for showing filled Office parts: elements with attributes and text, no
 * DTDs or entities beyond the predefined ones. The parts come from the render worker's output.
 */
export interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  text: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeXml(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[name.toLowerCase()] ?? '';
  });
}

const ATTR = /([^\s=/]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

export function parseXml(xml: string): XmlNode {
  const root: XmlNode = { name: '#root', attrs: {}, children: [], text: '' };
  const stack: XmlNode[] = [root];
  const tag =
    /<(\/?)([^\s>/!?]+)([^>]*?)(\/?)>|<!\[CDATA\[([\s\S]*?)\]\]>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<![^>]*>|([^<]+)/g;
  for (const m of xml.matchAll(tag)) {
    const top = stack[stack.length - 1]!;
    if (m[6] !== undefined) {
      top.text += decodeXml(m[6]);
    } else if (m[5] !== undefined) {
      top.text += m[5];
    } else if (m[2]) {
      if (m[1]) {
        if (stack.length > 1) stack.pop();
        continue;
      }
      const attrs: Record<string, string> = {};
      for (const a of (m[3] ?? '').matchAll(ATTR)) attrs[a[1]!] = decodeXml(a[2] ?? a[3] ?? '');
      const node: XmlNode = { name: m[2], attrs, children: [], text: '' };
      top.children.push(node);
      if (!m[4]) stack.push(node);
    }
  }
  return root;
}

/** Children named `name` (any depth when `deep`). */
export function childrenOf(node: XmlNode | undefined, name: string): XmlNode[] {
  return node ? node.children.filter((c) => c.name === name) : [];
}

export function child(node: XmlNode | undefined, ...path: string[]): XmlNode | undefined {
  let current = node;
  for (const name of path) current = current?.children.find((c) => c.name === name);
  return current;
}

export function descendants(node: XmlNode | undefined, name: string, into: XmlNode[] = []): XmlNode[] {
  if (!node) return into;
  for (const c of node.children) {
    if (c.name === name) into.push(c);
    descendants(c, name, into);
  }
  return into;
}

/** Text of all `name` descendants (`w:t`, `a:t`, `t`), concatenated. */
export function textOf(node: XmlNode | undefined, name: string): string {
  return descendants(node, name)
    .map((n) => n.text)
    .join('');
}

/** Resolves a relationship target against the part that names it (`../media/a.png`). */
function resolvePart(fromPart: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = fromPart.split('/').slice(0, -1);
  for (const segment of target.split('/')) {
    if (segment === '..') parts.pop();
    else if (segment !== '.') parts.push(segment);
  }
  return parts.join('/');
}

/** Relationship id → part path, for a part (`ppt/slides/slide1.xml`). */
export function relationshipsOf(files: Record<string, Uint8Array>, part: string, decode: (b: Uint8Array) => string) {
  const slash = part.lastIndexOf('/');
  const rels = files[`${part.slice(0, slash)}/_rels/${part.slice(slash + 1)}.rels`];
  const out = new Map<string, string>();
  if (!rels) return out;
  for (const rel of descendants(parseXml(decode(rels)), 'Relationship')) {
    if (rel.attrs.Id && rel.attrs.Target && rel.attrs.TargetMode !== 'External')
      out.set(rel.attrs.Id, resolvePart(part, rel.attrs.Target));
  }
  return out;
}
