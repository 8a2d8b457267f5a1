/**
 * Word documents filled from one template, merged into one document with a section per record
 * (spec: "one merged document with a section per record"). The first document is the base (styles,
 * numbering, settings, theme); each document's body follows as its own section, ending in its own
 * section properties, so every record starts on a new page and keeps its own headers and footers.
 *
 * What differs per record is carried over: relationships are renamed per document, headers,
 * footers and images copied under new names (an image identical to the base's is shared), and
 * footnotes, endnotes, comments, bookmarks and drawing ids renumbered, because Word calls a file
 * with duplicate ids damaged. Page numbers restart at 1 with each record (its first section).
 */
import { QuireError } from '../../core/errors';
import {
  addOverride,
  ensureDefaultType,
  overrides,
  relationships,
  relativeTarget,
  relsName,
  resolveTarget,
} from './package';
import { escapeXml } from './xml';
import { OfficePackage } from './zip';

const DOCUMENT = 'word/document.xml';
const RELS_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/';
/** Parts a document has once: a later document's relationship to them points at the base's. */
const SHARED_TYPES = new Set(
  ['styles', 'numbering', 'settings', 'webSettings', 'fontTable', 'theme', 'footnotes', 'endnotes', 'comments'].map(
    (t) => REL + t,
  ),
);
const COMMENTS = 'word/comments.xml';
const COMMENT_MARK = /(<w:comment(?:RangeStart|RangeEnd|Reference)\b[^>]*\sw:id=")(\d+)(")/g;
const NOTES = [
  { part: 'word/footnotes.xml', element: 'w:footnote', reference: 'w:footnoteReference' },
  { part: 'word/endnotes.xml', element: 'w:endnote', reference: 'w:endnoteReference' },
] as const;

interface Body {
  content: string;
  sectPr: string;
}

function fail(detail: string): never {
  throw new QuireError('DocGenerationError', { detail: `merging Word documents: ${detail}` });
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The body's children, with its final section properties apart. */
function splitBody(xml: string): Body {
  const match = /<w:body>([\s\S]*)<\/w:body>/.exec(xml) ?? fail('a document has no body');
  const inner = match[1]!;
  const at = inner.lastIndexOf('<w:sectPr');
  const tail = at >= 0 ? inner.slice(at).trim() : '';
  if (at < 0 || !(tail.endsWith('</w:sectPr>') || /^<w:sectPr\b[^>]*\/>$/.test(tail)))
    return { content: inner, sectPr: '' };
  return { content: inner.slice(0, at), sectPr: tail };
}

/** Each record starts on a new page, whatever the template's last section said. */
function nextPage(sectPr: string): string {
  if (!sectPr) return '<w:sectPr><w:type w:val="nextPage"/></w:sectPr>';
  let xml = sectPr.replace(/<w:type\b[^>]*\/>/g, '');
  if (/^<w:sectPr\b[^>]*\/>$/.test(xml)) xml = `${xml.slice(0, -2)}></w:sectPr>`;
  // w:type comes after the header and footer references and the note properties (schema order).
  let at = xml.indexOf('>') + 1;
  const before =
    /<w:(?:headerReference|footerReference)\b[^>]*\/>|<w:(footnotePr|endnotePr)\b(?:[^>]*\/>|[\s\S]*?<\/w:\1>)/g;
  for (const m of xml.matchAll(before)) at = Math.max(at, m.index + m[0].length);
  return `${xml.slice(0, at)}<w:type w:val="nextPage"/>${xml.slice(at)}`;
}

/** Child elements that come before w:pgNumType in w:sectPr (schema order). */
const BEFORE_PAGE_NUMBERS =
  /<w:(?:headerReference|footerReference|type|pgSz|pgMar|paperSrc|lnNumType)\b[^>]*\/>|<w:(footnotePr|endnotePr|pgBorders)\b(?:[^>]*\/>|[\s\S]*?<\/w:\1>)/g;

/** Section properties whose page numbers start again at 1 (their format, if any, kept). */
export function restartPageNumbers(sectPr: string): string {
  if (/<w:pgNumType\b/.test(sectPr))
    return sectPr.replace(/<w:pgNumType\b([^>]*?)(\/?)>/, (_, attrs: string, selfClosing: string) => {
      const rest = attrs.replace(/\sw:start="[^"]*"/, '');
      return `<w:pgNumType${rest} w:start="1"${selfClosing}>`;
    });
  let xml = sectPr;
  if (/^<w:sectPr\b[^>]*\/>$/.test(xml)) xml = `${xml.slice(0, -2)}></w:sectPr>`;
  let at = xml.indexOf('>') + 1;
  for (const m of xml.matchAll(BEFORE_PAGE_NUMBERS)) at = Math.max(at, m.index + m[0].length);
  return `${xml.slice(0, at)}<w:pgNumType w:start="1"/>${xml.slice(at)}`;
}

/** A body whose first section (the record's first page on) numbers its pages from 1. */
function restartBody(body: Body): Body {
  const inner = /<w:sectPr\b(?:[^>]*\/>|[\s\S]*?<\/w:sectPr>)/.exec(body.content);
  if (inner)
    return {
      content: `${body.content.slice(0, inner.index)}${restartPageNumbers(inner[0])}${body.content.slice(inner.index + inner[0].length)}`,
      sectPr: body.sectPr,
    };
  return { content: body.content, sectPr: restartPageNumbers(body.sectPr || '<w:sectPr/>') };
}

/** `xmlns:*` declarations of the root element: a later document may use a prefix the first does not. */
function namespaces(xml: string): Map<string, string> {
  const root = /<w:document\b[^>]*>/.exec(xml)?.[0] ?? '';
  return new Map([...root.matchAll(/\s(xmlns:[\w-]+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
}

function maxId(xml: string, pattern: RegExp): number {
  let max = 0;
  for (const m of xml.matchAll(pattern)) max = Math.max(max, Number(m[1]) || 0);
  return max;
}

class DocxMerger {
  private readonly base: OfficePackage;
  private readonly bodies: Body[] = [];
  private rels: string;
  private relCount = 0;
  private partCount = 0;
  private drawingId: number;
  private bookmarkId: number;
  private readonly noteIds: number[];
  private readonly notes: string[];
  private commentId: number;
  private comments = '';
  /** The comments part of the first later document that has one, when the base has none. */
  private commentsPart: { xml: string; type: string } | undefined;
  private readonly types: Map<string, string>;
  private readonly prefixes: Map<string, string>;

  constructor(first: Uint8Array) {
    this.base = OfficePackage.read(first);
    const xml = this.base.text(DOCUMENT);
    this.bodies.push(splitBody(xml));
    this.rels = this.base.has(relsName(DOCUMENT))
      ? this.base.text(relsName(DOCUMENT))
      : `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${RELS_NS}"></Relationships>`;
    this.drawingId = maxId(xml, /<wp:docPr\b[^>]*\sid="(\d+)"/g);
    this.bookmarkId = maxId(xml, /<w:bookmarkStart\b[^>]*\sw:id="(\d+)"/g);
    this.noteIds = NOTES.map((n) =>
      this.base.has(n.part)
        ? maxId(this.base.text(n.part), new RegExp(`<${n.element}\\b[^>]*\\sw:id="(\\d+)"`, 'g'))
        : 0,
    );
    this.notes = NOTES.map(() => '');
    this.commentId = this.base.has(COMMENTS)
      ? maxId(this.base.text(COMMENTS), /<w:comment\b[^>]*\sw:id="(\d+)"/g)
      : maxId(xml, /<w:comment(?:RangeStart|RangeEnd|Reference)\b[^>]*\sw:id="(\d+)"/g);
    this.types = overrides(this.base);
    this.prefixes = namespaces(xml);
  }

  /** Adds the next record's document as a section of its own. */
  add(bytes: Uint8Array): void {
    const pkg = OfficePackage.read(bytes);
    const n = this.bodies.length;
    const ids = this.carryRelationships(pkg, n);
    const source = pkg.text(DOCUMENT);
    for (const [name, uri] of namespaces(source)) if (!this.prefixes.has(name)) this.prefixes.set(name, uri);
    let xml = source.replace(/(\sr:[A-Za-z]+=")([^"]*)(")/g, (all, open, id, close) =>
      ids.has(id) ? `${open}${ids.get(id)}${close}` : all,
    );
    xml = xml.replace(/(<wp:docPr\b[^>]*\sid=")\d+(")/g, (_, open, close) => `${open}${++this.drawingId}${close}`);
    const bookmarks = new Map<string, number>();
    xml = xml.replace(/(<w:bookmark(Start|End)\b[^>]*\sw:id=")(\d+)(")/g, (_, open, kind, id, close) => {
      if (kind === 'Start' || !bookmarks.has(id)) bookmarks.set(id, ++this.bookmarkId);
      return `${open}${bookmarks.get(id)}${close}`;
    });
    xml = xml.replace(/\sw14:(paraId|textId)="[^"]*"/g, '');
    xml = this.carryComments(pkg, xml);
    xml = this.carryNotes(pkg, xml);
    this.bodies.push(splitBody(xml));
  }

  /** The merged document: each body then its section break; the last keeps the final section. */
  write(): Uint8Array {
    const last = this.bodies.length - 1;
    const body = this.bodies
      .map((b) => (this.bodies.length > 1 ? restartBody(b) : b))
      .map((b, i) =>
        i === last ? `${b.content}${b.sectPr}` : `${b.content}<w:p><w:pPr>${nextPage(b.sectPr)}</w:pPr></w:p>`,
      )
      .join('');
    const first = this.base.text(DOCUMENT);
    const declared = namespaces(first);
    const extra = [...this.prefixes].filter(([name]) => !declared.has(name));
    const xml = first.replace(
      /<w:document\b/,
      (tag) => `${tag}${extra.map(([name, uri]) => ` ${name}="${escapeXml(uri)}"`).join('')}`,
    );
    const open = xml.indexOf('<w:body>');
    const close = xml.lastIndexOf('</w:body>');
    this.base.setText(DOCUMENT, `${xml.slice(0, open)}<w:body>${body}${xml.slice(close)}`);
    this.base.setText(relsName(DOCUMENT), this.rels);
    NOTES.forEach((note, i) => {
      if (this.notes[i] && this.base.has(note.part)) {
        const text = this.base.text(note.part);
        const end = text.lastIndexOf('</');
        this.base.setText(note.part, `${text.slice(0, end)}${this.notes[i]}${text.slice(end)}`);
      }
    });
    this.writeComments();
    return this.base.write();
  }

  /** Comments of later documents, appended to the base's part (created from a later one's when it has none). */
  private writeComments(): void {
    if (!this.comments) return;
    if (this.base.has(COMMENTS)) {
      const text = this.base.text(COMMENTS);
      const end = text.lastIndexOf('</');
      this.base.setText(COMMENTS, `${text.slice(0, end)}${this.comments}${text.slice(end)}`);
      return;
    }
    if (!this.commentsPart) return;
    const { xml, type } = this.commentsPart;
    const open = /<w:comments\b[^>]*?(\/?)>/.exec(xml);
    if (!open) return;
    const head = xml.slice(0, open.index) + open[0].replace(/\/>$/, '>');
    this.base.setText(COMMENTS, `${head}${this.comments}</w:comments>`);
    addOverride(this.base, COMMENTS, type);
    const id = `rIdM${++this.relCount}`;
    this.base.setText(
      relsName(DOCUMENT),
      this.base
        .text(relsName(DOCUMENT))
        .replace(
          '</Relationships>',
          `<Relationship Id="${id}" Type="${REL}comments" Target="comments.xml"/></Relationships>`,
        ),
    );
  }

  /** Comments the document marks, renumbered after the ones before, kept for the merged part. */
  private carryComments(pkg: OfficePackage, xml: string): string {
    if (!/<w:comment(?:RangeStart|RangeEnd|Reference)\b/.test(xml)) return xml;
    const source = pkg.has(COMMENTS) ? pkg.text(COMMENTS) : '';
    if (source && !this.base.has(COMMENTS) && !this.commentsPart) {
      const type =
        overrides(pkg).get(COMMENTS) ?? 'application/vnd.openxmlformats-officedocument.wordprocessingml.comments+xml';
      this.commentsPart = { xml: source, type };
    }
    const map = new Map<string, number>();
    const out = xml.replace(COMMENT_MARK, (_, open, id, close) => {
      if (!map.has(id)) map.set(id, ++this.commentId);
      return `${open}${map.get(id)}${close}`;
    });
    for (const [id, next] of map) {
      const found = new RegExp(`<w:comment\\b[^>]*\\sw:id="${id}"[^>]*>[\\s\\S]*?</w:comment>`).exec(source)?.[0];
      if (found)
        this.comments += found.replace(/(\sw:id=")\d+(")/, `$1${next}$2`).replace(/\sw14:(paraId|textId)="[^"]*"/g, '');
    }
    return out;
  }

  /** Footnotes and endnotes the document refers to, renumbered into the base's parts. */
  private carryNotes(pkg: OfficePackage, xml: string): string {
    let out = xml;
    NOTES.forEach((note, i) => {
      if (!out.includes(`<${note.reference}`) || !pkg.has(note.part) || !this.base.has(note.part)) return;
      const source = pkg.text(note.part);
      const map = new Map<string, number>();
      out = out.replace(new RegExp(`(<${note.reference}\\b[^>]*\\sw:id=")(\\d+)(")`, 'g'), (_, open, id, close) => {
        if (!map.has(id)) map.set(id, ++this.noteIds[i]!);
        return `${open}${map.get(id)}${close}`;
      });
      for (const [id, next] of map) {
        const re = new RegExp(`<${note.element}\\b[^>]*\\sw:id="${id}"[^>]*>[\\s\\S]*?</${note.element}>`);
        const found = re.exec(source)?.[0];
        if (found) this.notes[i] += found.replace(/(\sw:id=")\d+(")/, `$1${next}$2`);
      }
    });
    return out;
  }

  /**
   * The body's relationships re-created in the merged package; returns old id → new id. Shared
   * parts point at the base's; a part identical to the base's is shared; any other part is copied
   * under a new name, with its own relationships.
   */
  private carryRelationships(pkg: OfficePackage, n: number): Map<string, string> {
    const ids = new Map<string, string>();
    const baseRels = relationships(this.base, DOCUMENT);
    for (const rel of relationships(pkg, DOCUMENT)) {
      if (SHARED_TYPES.has(rel.type)) {
        const shared = baseRels.find((r) => r.type === rel.type);
        if (shared) ids.set(rel.id, shared.id);
        continue;
      }
      const target = rel.external
        ? rel.target
        : relativeTarget(DOCUMENT, this.carryPart(pkg, resolveTarget(DOCUMENT, rel.target), n));
      const id = `rIdM${++this.relCount}`;
      const mode = rel.external ? ' TargetMode="External"' : '';
      this.rels = this.rels.replace(
        '</Relationships>',
        `<Relationship Id="${id}" Type="${escapeXml(rel.type)}" Target="${escapeXml(target)}"${mode}/></Relationships>`,
      );
      ids.set(rel.id, id);
    }
    return ids;
  }

  /** The part as the merged package names it (same folder as in its own package). */
  private carryPart(pkg: OfficePackage, name: string, n: number): string {
    if (!pkg.has(name)) return name;
    const bytes = pkg.bytes(name);
    const hasRels = pkg.has(relsName(name));
    if (!hasRels && this.base.has(name) && sameBytes(this.base.bytes(name), bytes)) return name;
    const slash = name.lastIndexOf('/');
    const dot = name.lastIndexOf('.');
    const copy = `${name.slice(0, slash + 1)}m${n}-${++this.partCount}-${name.slice(slash + 1, dot)}${name.slice(dot)}`;
    this.base.setBytes(copy, bytes);
    const type = this.types.get(name) ?? overrides(pkg).get(name);
    if (type) addOverride(this.base, copy, type);
    else ensureDefaultType(this.base, name.slice(dot + 1).toLowerCase());
    if (hasRels) {
      // A header's own images and links: its relationships keep their ids, targets follow copies.
      let rels = pkg.text(relsName(name));
      for (const rel of relationships(pkg, name)) {
        if (rel.external) continue;
        // A copy sits in its original's folder: only the last segment of the target changes.
        const carried = this.carryPart(pkg, resolveTarget(name, rel.target), n);
        const written = rel.target.replace(/[^/]*$/, carried.slice(carried.lastIndexOf('/') + 1));
        rels = rels.replace(`Target="${rel.target}"`, `Target="${escapeXml(written)}"`);
      }
      this.base.setText(relsName(copy), rels);
    }
    return copy;
  }
}

/** Merges filled Word documents, in order, into one with a section per document. */
export async function mergeDocx(documents: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<Uint8Array> {
  let merger: DocxMerger | undefined;
  for await (const bytes of documents) {
    if (!merger) merger = new DocxMerger(bytes);
    else merger.add(bytes);
  }
  if (!merger) fail('no documents');
  return merger.write();
}
