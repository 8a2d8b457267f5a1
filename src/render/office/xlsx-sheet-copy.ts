/**
 * The parts a repeated sheet's copy gets of its own. A sheet named `{#orders}Order {id}` becomes
 * one sheet per item; each copy (but the first, which keeps the template's parts) gets:
 * - its drawing, with its charts (their style and colour parts) under new names (media shared);
 * - its Excel tables, with a new id and a new name (Excel refuses a workbook with two tables of
 *   one id or name), their ranges following the copy's rows;
 * - its notes (comments part and the VML drawing that shows them, with a new shape id block) and
 *   threaded comments (new comment ids; persons are the workbook's);
 * - the same target for everything else (printer settings, background picture, hyperlinks).
 * Pivot tables, form controls and embedded objects are not copied: the copy's elements pointing
 * at them are dropped (`dropped`), so every relationship of the file stays valid.
 */

import {
  addOverride,
  overrides,
  type Relationship,
  relationships,
  relativeTarget,
  relsName,
  resolveTarget,
} from './package';
import { type RowMapper, type RowRole, shiftAreas, shiftFormula } from './xlsx-refs';
import { attr, decodeXml, escapeXml, setAttr } from './xml';
import type { OfficePackage } from './zip';

/** Where a row of the template sheet went on one filled sheet (1-based). */
type RowOf = (row: number, role: RowRole) => number;

/** Parts a drawing or chart refers to that are copied with it (media are shared). */
const COPIED_WITH_DRAWING = /\/(chart|chartStyle|chartColorStyle|drawing|chartUserShapes)$/;
/** Parts that belong to one sheet and are not copied (the copy's elements using them go). */
const NOT_COPIED = /\/(pivotTable|ctrlProp|control|oleObject|package|customProperty|slicer|timeline|queryTable)$/;

const RELS_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** The next free name in the part's folder numbered like Excel's (`chart1.xml` → `chart2.xml`). */
export function nextPartName(pkg: OfficePackage, part: string): string {
  const [, base = part, , ext = ''] = /^(.*?)(\d*)(\.[^./]+)?$/.exec(part) ?? [];
  let n = 1;
  while (pkg.has(`${base}${n}${ext}`) || pkg.has(relsName(`${base}${n}${ext}`))) n++;
  return `${base}${n}${ext}`;
}

/**
 * Copies `part` under the next free name of its kind, with its relationships, and the charts
 * (their styles and colours) it refers to, each copied the same way with its content type.
 * `copied` remembers what this copy already has (a chart used twice is copied once).
 */
function copyPartTree(pkg: OfficePackage, part: string, copied = new Map<string, string>()): string | undefined {
  if (!pkg.has(part)) return undefined;
  const done = copied.get(part);
  if (done) return done;
  const type = overrides(pkg).get(part);
  const target = nextPartName(pkg, part);
  copied.set(part, target);
  pkg.setBytes(target, pkg.bytes(part));
  if (type) addOverride(pkg, target, type);
  const rels = relsName(part);
  if (!pkg.has(rels)) return target;
  let xml = pkg.text(rels);
  for (const rel of relationships(pkg, part)) {
    if (rel.external) continue;
    const source = resolveTarget(part, rel.target);
    const child = COPIED_WITH_DRAWING.test(rel.type) ? copyPartTree(pkg, source, copied) : source;
    if (!child) continue;
    // A copy in another folder reaches shared parts (media) by another path.
    xml = retarget(xml, rel.id, relativeTarget(target, child));
  }
  pkg.setText(relsName(target), xml);
  return target;
}

function retarget(relsXml: string, id: string, target: string): string {
  return relsXml.replace(new RegExp(`<Relationship\\b[^>]*\\bId="${id}"[^>]*>`), (tag) =>
    setAttr(tag, 'Target', target),
  );
}

interface SheetCopy {
  from: string;
  to: string;
  /** Unique per copy (`Q2`): seeds the new ids of its threaded comments. */
  tag: string;
  /** 1 for the second sheet of the loop, 2 for the third… */
  copyNumber: number;
  rowOf: RowOf;
  workbookPart: string;
}

interface SheetCopyParts {
  /** Relationship ids of the original the copy has no part for (its elements using them go). */
  dropped: Set<string>;
  /** Original table name → the copy's (structured references in the copy's formulas follow). */
  tableNames: Map<string, string>;
}

/**
 * Gives the sheet part `to` (a copy of `from`) its own relationships, under the same ids, so the
 * copy's XML keeps its `r:id`s. `tag` (unique per copy) seeds the copy's comment ids.
 */
export function copySheetParts(
  pkg: OfficePackage,
  { from, to, tag, copyNumber, rowOf, workbookPart }: SheetCopy,
): SheetCopyParts {
  const dropped = new Set<string>();
  const tableNames = new Map<string, string>();
  const kept: string[] = [];
  const notes: string[] = [];
  const copied = new Map<string, string>();
  for (const rel of relationships(pkg, from)) {
    if (rel.external) {
      kept.push(relTag(rel, rel.target));
      continue;
    }
    const source = resolveTarget(from, rel.target);
    if (NOT_COPIED.test(rel.type) || !pkg.has(source)) {
      dropped.add(rel.id);
      continue;
    }
    let target = source;
    if (rel.type.endsWith('/drawing') || rel.type.endsWith('/vmlDrawing')) {
      target = copyPartTree(pkg, source, copied) ?? source;
      if (rel.type.endsWith('/vmlDrawing')) {
        renumberVmlShapes(pkg, target);
        shiftNotes(pkg, target, rowOf);
      }
    } else if (rel.type.endsWith('/table')) {
      target = copyPartTree(pkg, source, copied) ?? source;
      const [oldName, newName] = renameTable(pkg, target, copyNumber, workbookPart);
      pkg.setText(target, freshUids(pkg.text(target), tag));
      if (oldName) tableNames.set(oldName, newName);
      shiftRefs(pkg, target, rowOf);
    } else if (rel.type.endsWith('/comments') || rel.type.endsWith('/threadedComment')) {
      target = copyPartTree(pkg, source, copied) ?? source;
      shiftNotes(pkg, target, rowOf);
      notes.push(target);
    }
    kept.push(relTag(rel, relativeTarget(to, target)));
  }
  newCommentIds(pkg, notes, tag);
  if (kept.length)
    pkg.setText(
      relsName(to),
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${RELS_NS}">${kept.join('')}</Relationships>`,
    );
  return { dropped, tableNames };
}

function relTag(rel: Relationship, target: string): string {
  const mode = rel.external ? ' TargetMode="External"' : '';
  return `<Relationship Id="${escapeXml(rel.id)}" Type="${escapeXml(rel.type)}" Target="${escapeXml(target)}"${mode}/>`;
}

function tableParts(pkg: OfficePackage): string[] {
  return pkg.names().filter((n) => /^xl\/tables\/[^/]+\.xml$/.test(n));
}

/** A new workbook-unique id and name (`Orders_2`) for a copied table; returns [old, new] name. */
function renameTable(
  pkg: OfficePackage,
  part: string,
  copyNumber: number,
  workbookPart: string,
): [string | undefined, string] {
  const used = new Set<string>();
  let maxId = 0;
  for (const name of tableParts(pkg)) {
    if (name === part) continue;
    const open = pkg.text(name).match(/<table\b[^>]*>/)?.[0] ?? '';
    maxId = Math.max(maxId, Number(attr(open, 'id') ?? 0));
    for (const key of ['name', 'displayName']) {
      const value = attr(open, key);
      if (value) used.add(value.toLowerCase());
    }
  }
  for (const [, name] of pkg.text(workbookPart).matchAll(/<definedName\b[^>]*\bname="([^"]*)"/g))
    used.add(decodeXml(name ?? '').toLowerCase());
  const xml = pkg.text(part);
  const open = xml.match(/<table\b[^>]*>/)?.[0];
  if (!open) return [undefined, ''];
  const old = attr(open, 'displayName') ?? attr(open, 'name') ?? 'Table';
  let n = copyNumber + 1;
  let name = `${old}_${n}`;
  while (used.has(name.toLowerCase())) name = `${old}_${++n}`;
  let next = setAttr(open, 'id', String(maxId + 1));
  next = setAttr(next, 'displayName', name);
  if (attr(open, 'name') !== undefined) next = setAttr(next, 'name', name);
  const renamed = xml
    .replace(open, () => next)
    .replace(
      /(<calculatedColumnFormula\b[^>]*>)([^<]*)(<\/calculatedColumnFormula>)/g,
      (_w, o: string, f: string, c: string) => `${o}${escapeXml(renameStructured(decodeXml(f), old, name))}${c}`,
    );
  pkg.setText(part, renamed);
  return [old, name];
}

/** `Orders[Qty]` → `Orders_2[Qty]` (text in quotes is left alone). */
export function renameStructured(formula: string, from: string, to: string): string {
  const escaped = from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`(?<![\\w.\\\\])${escaped}(?=\\[)`, 'gi');
  return formula
    .split('"')
    .map((segment, i) => (i % 2 === 1 ? segment : segment.replace(pattern, to)))
    .join('"');
}

/** A table's `ref` and its autoFilter's follow the sheet's rows. */
function shiftRefs(pkg: OfficePackage, part: string, rowOf: RowOf) {
  const xml = pkg.text(part);
  const fixed = xml.replace(/(\sref=")([^"]*)(")/g, (_w, a: string, ref: string, c: string) => {
    return `${a}${shiftAreas(ref, rowOf)}${c}`;
  });
  if (fixed !== xml) pkg.setText(part, fixed);
}

/**
 * Notes follow the rows of their cells: `ref` in comments and threaded comments, and the row
 * (0-based) and anchor of each note's shape in the VML drawing.
 */
export function shiftNotes(pkg: OfficePackage, part: string, rowOf: RowOf) {
  if (!pkg.has(part)) return;
  const xml = pkg.text(part);
  let fixed: string;
  if (part.endsWith('.vml')) {
    fixed = xml.replace(/<v:shape\b[\s\S]*?<\/v:shape>/g, (shape) => {
      const row = shape.match(/<x:Row>\s*(\d+)\s*<\/x:Row>/);
      if (!row) return shape;
      const old = Number(row[1]);
      const delta = rowOf(old + 1, 'single') - 1 - old;
      if (delta === 0) return shape;
      return shape
        .replace(/(<x:Row>\s*)(\d+)/, (_w, a: string, r: string) => `${a}${Number(r) + delta}`)
        .replace(/(<x:Anchor>)([^<]*)(<\/x:Anchor>)/, (_w, a: string, v: string, c: string) => {
          const parts = v.split(',');
          for (const i of [2, 6]) if (parts[i] !== undefined) parts[i] = ` ${Number(parts[i]) + delta}`;
          return `${a}${parts.join(',')}${c}`;
        });
    });
  } else {
    fixed = xml.replace(/<(comment|threadedComment)\b[^>]*>/g, (tag) => {
      // A note sits on one cell: it moves with its row's first copy (a range would grow).
      const cell = /^([A-Z]{1,3})(\d+)$/.exec(attr(tag, 'ref') ?? '');
      return cell ? setAttr(tag, 'ref', `${cell[1]}${rowOf(Number(cell[2]), 'single')}`) : tag;
    });
  }
  if (fixed !== xml) pkg.setText(part, fixed);
}

/**
 * A VML drawing numbers its shapes from a block (`<o:idmap data="1"/>`, shapes `_x0000_s1025`…);
 * each sheet's drawing has its own block, so the copy takes the next free one.
 */
function renumberVmlShapes(pkg: OfficePackage, part: string) {
  let block = 0;
  for (const name of pkg.names()) {
    if (!name.endsWith('.vml') || name === part) continue;
    for (const [, data] of pkg.text(name).matchAll(/<o:idmap\b[^>]*\bdata="([^"]*)"/g))
      for (const n of (data ?? '').split(',')) block = Math.max(block, Number(n) || 0);
  }
  const next = block + 1;
  const xml = pkg
    .text(part)
    .replace(/(<o:idmap\b[^>]*\bdata=")[^"]*(")/, (_w, a: string, c: string) => `${a}${next}${c}`)
    .replace(/_x0000_s(\d+)/g, (_w, id: string) => `_x0000_s${next * 1024 + (Number(id) % 1024)}`);
  pkg.setText(part, xml);
}

/**
 * Threaded comments have ids (GUIDs) that the legacy comments part repeats (`tc={…}` authors);
 * a copy's comments get new ones, derived from the old id and the copy's tag.
 */
function newCommentIds(pkg: OfficePackage, parts: string[], tag: string) {
  const threaded = parts.filter((p) => /threadedComment/i.test(p));
  if (threaded.length === 0) return;
  const ids = new Map<string, string>();
  for (const part of threaded)
    for (const [, id] of pkg.text(part).matchAll(/<threadedComment\b[^>]*\sid="(\{[0-9A-Fa-f-]{36}\})"/g))
      if (id) ids.set(id.toUpperCase(), guidFrom(`${id}${tag}`));
  if (ids.size === 0) return;
  for (const part of parts) {
    const xml = pkg.text(part);
    const fixed = xml.replace(/\{[0-9A-Fa-f-]{36}\}/g, (id) => ids.get(id.toUpperCase()) ?? id);
    if (fixed !== xml) pkg.setText(part, fixed);
  }
}

/** A GUID (version 4 layout) hashed from `seed`: the same template and copy give the same ids. */
export function guidFrom(seed: string): string {
  let hex = '';
  for (let round = 0; round < 4; round++) {
    let h = 0x811c9dc5 ^ round;
    for (let i = 0; i < seed.length; i++) {
      h ^= seed.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    hex += h.toString(16).padStart(8, '0');
  }
  const v = `${hex.slice(0, 12)}4${hex.slice(13, 16)}${((Number.parseInt(hex[16] ?? '0', 16) & 3) | 8).toString(16)}${hex.slice(17)}`;
  return `{${v.slice(0, 8)}-${v.slice(8, 12)}-${v.slice(12, 16)}-${v.slice(16, 20)}-${v.slice(20, 32)}}`.toUpperCase();
}

/** A repeated sheet in the filled workbook: its template name, where its copies start, the copies. */
export interface LoopSheet {
  template: string;
  /** Position (0-based, in the filled workbook) of the first copy; the others follow it. */
  firstIndex: number;
  copies: Array<{ name: string; rowOf: RowOf }>;
}

const quoted = (name: string) => `'${name.replace(/'/g, "''")}'`;

/** A formula on the template sheet, on one copy: its name, and the rows of that copy. */
function onCopy(formula: string, template: string, copy: LoopSheet['copies'][number]): string {
  const mapper: RowMapper = (sheet, row, role) =>
    sheet !== undefined && sheet.toLowerCase() === template.toLowerCase() ? copy.rowOf(row, role) : undefined;
  return shiftFormula(formula, mapper)
    .split(`${quoted(template)}!`)
    .join(`${quoted(copy.name)}!`);
}

/**
 * Names scoped to a repeated sheet (print area, print titles, a filter's `_FilterDatabase`) are
 * given to every copy, on that copy; workbook names on the template sheet point at the first copy
 * (the template's name no longer exists). Runs after `localSheetId`s were moved to the new positions.
 */
export function definedNamesFollowCopies(workbook: string, loops: LoopSheet[]): string {
  if (loops.length === 0) return workbook;
  return workbook.replace(
    /(<definedName\b[^>]*>)([^<]*)(<\/definedName>)/g,
    (whole, open: string, text: string, close: string) => {
      const formula = decodeXml(text);
      const local = attr(open, 'localSheetId');
      if (local !== undefined) {
        const loop = loops.find((l) => l.firstIndex === Number(local));
        if (!loop) return whole;
        return loop.copies
          .map(
            (copy, k) =>
              `${setAttr(open, 'localSheetId', String(loop.firstIndex + k))}${escapeXml(onCopy(formula, loop.template, copy))}${close}`,
          )
          .join('');
      }
      let fixed = formula;
      for (const loop of loops) if (loop.copies[0]) fixed = onCopy(fixed, loop.template, loop.copies[0]);
      return fixed === formula ? whole : `${open}${escapeXml(fixed)}${close}`;
    },
  );
}

/**
 * Excel marks sheets, tables and their columns with revision ids (`xr:uid="{…}"`, `xr3:uid`);
 * Excel gives a copied sheet new ones, and so does a copy here (derived from the old id and `seed`).
 */
export function freshUids(xml: string, seed: string): string {
  return xml.replace(
    /(\sxr\d*:uid=")(\{[0-9A-Fa-f-]{36}\})(")/g,
    (_w, a: string, id: string, c: string) => `${a}${guidFrom(`${id}${seed}`)}${c}`,
  );
}

/**
 * References to a repeated sheet by its template name (`'{#orders}Order {id}'!B6`) name a sheet
 * the filled workbook no longer has: they point at the copy `names` gives (template → copy name).
 */
export function renameSheetRefs(formula: string, names: Map<string, string>): string {
  let out = formula;
  for (const [from, to] of names) out = out.split(`${quoted(from)}!`).join(`${quoted(to)}!`);
  return out;
}
