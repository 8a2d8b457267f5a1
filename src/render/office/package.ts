/** Content types and relationships of an Office package: the bookkeeping new parts need. */
import { attr, escapeXml } from './xml';
import type { OfficePackage } from './zip';

const CONTENT_TYPES = '[Content_Types].xml';
const RELS_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
export const IMAGE_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/image';

const IMAGE_MIME: Record<string, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
};

/** Part name (no leading slash) → content type, from the Override entries. */
export function overrides(pkg: OfficePackage): Map<string, string> {
  const map = new Map<string, string>();
  for (const tag of pkg.text(CONTENT_TYPES).match(/<Override\b[^>]*>/g) ?? []) {
    const name = attr(tag, 'PartName');
    const type = attr(tag, 'ContentType');
    if (name && type) map.set(name.replace(/^\//, ''), type);
  }
  return map;
}

/** Parts whose content type matches, in package order. */
export function partsOfType(pkg: OfficePackage, pattern: RegExp): string[] {
  const types = overrides(pkg);
  return pkg.names().filter((name) => pattern.test(types.get(name) ?? ''));
}

export function ensureDefaultType(pkg: OfficePackage, extension: string): void {
  const xml = pkg.text(CONTENT_TYPES);
  if (new RegExp(`<Default\\b[^>]*Extension="${extension}"`, 'i').test(xml)) return;
  const mime = IMAGE_MIME[extension] ?? 'application/octet-stream';
  pkg.setText(
    CONTENT_TYPES,
    xml.replace(/<Types\b[^>]*>/, (open) => `${open}<Default Extension="${extension}" ContentType="${mime}"/>`),
  );
}

export function addOverride(pkg: OfficePackage, part: string, type: string): void {
  const xml = pkg.text(CONTENT_TYPES);
  pkg.setText(CONTENT_TYPES, xml.replace('</Types>', `<Override PartName="/${part}" ContentType="${type}"/></Types>`));
}

export function removeOverride(pkg: OfficePackage, part: string): void {
  const xml = pkg.text(CONTENT_TYPES);
  const re = new RegExp(`<Override\\b[^>]*PartName="/${part.replace(/[.[\]]/g, '\\$&')}"[^>]*/>`, 'g');
  pkg.setText(CONTENT_TYPES, xml.replace(re, ''));
}

/** `word/document.xml` → `word/_rels/document.xml.rels`. */
export function relsName(part: string): string {
  const slash = part.lastIndexOf('/');
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
}

export interface Relationship {
  id: string;
  type: string;
  target: string;
  external: boolean;
}

export function relationships(pkg: OfficePackage, part: string): Relationship[] {
  const name = relsName(part);
  if (!pkg.has(name)) return [];
  return (pkg.text(name).match(/<Relationship\b[^>]*>/g) ?? []).map((tag) => ({
    id: attr(tag, 'Id') ?? '',
    type: attr(tag, 'Type') ?? '',
    target: attr(tag, 'Target') ?? '',
    external: attr(tag, 'TargetMode') === 'External',
  }));
}

/** Adds a relationship from `part` and returns its id (unique within the part's rels). */
export function addRelationship(pkg: OfficePackage, part: string, type: string, target: string): string {
  const name = relsName(part);
  const xml = pkg.has(name)
    ? pkg.text(name)
    : `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${RELS_NS}"></Relationships>`;
  const used = new Set((xml.match(/\sId="([^"]*)"/g) ?? []).map((m) => m.slice(5, -1)));
  let n = used.size + 1;
  while (used.has(`rIdQ${n}`)) n++;
  const id = `rIdQ${n}`;
  const rel = `<Relationship Id="${id}" Type="${type}" Target="${escapeXml(target)}"/>`;
  const next = xml.includes('</Relationships>')
    ? xml.replace('</Relationships>', `${rel}</Relationships>`)
    : xml.replace(/<Relationships\b([^>]*)\/>/, `<Relationships$1>${rel}</Relationships>`);
  pkg.setText(name, next);
  return id;
}

/** Resolves a relationship target against the part's folder (`../media/a.png` from `ppt/slides/`). */
export function resolveTarget(part: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const segments = part.split('/').slice(0, -1);
  for (const segment of target.split('/')) {
    if (segment === '..') segments.pop();
    else if (segment !== '.') segments.push(segment);
  }
  return segments.join('/');
}

/** A path from `fromPart`'s folder to `toPart`, as relationship targets are written. */
export function relativeTarget(fromPart: string, toPart: string): string {
  const from = fromPart.split('/').slice(0, -1);
  const to = toPart.split('/');
  let common = 0;
  while (common < from.length && common < to.length - 1 && from[common] === to[common]) common++;
  return [...from.slice(common).map(() => '..'), ...to.slice(common)].join('/');
}
