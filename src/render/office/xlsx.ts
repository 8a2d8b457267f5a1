/**
 * Excel templates, filled at the XML level (exceljs drops charts and more when it re-writes a
 * workbook). A cell's text holds tags; `{#items}` in one cell and `{/items}` in a cell of the same
 * or a later row repeat those rows per item, styles and all, and everything below moves down:
 * formulas (in every sheet), merges, conditional formats, data validations, hyperlinks, defined
 * names, tables, chart ranges and drawing anchors. A range covering a repeated row grows with it.
 * A sheet whose name starts with `{#list}` is repeated per item (the rest of the name, with
 * tags, names each copy; its tables, notes and drawing are copied with it, see xlsx-sheet-copy.ts).
 * Cells holding one tag keep the value's type (see xlsx-values.ts).
 * Parts without tags and not affected by moved rows are written back byte for byte.
 */

import { QuireError } from '../../core/errors';
import type { TagExpression, TemplateNode } from '../../core/expr/ast';
import {
  type EvalOptions,
  evaluateExpression,
  renderTemplate,
  rootScope,
  type Scope,
  withItem,
} from '../../core/expr/evaluate';
import { MAX_SECTION_DEPTH, parseTagExpression, parseTemplate } from '../../core/expr/parse';
import { defaultToPlain, toText } from '../../core/expr/values';
import { resolveTimeZone } from '../../core/format';
import type { PrintInput } from '../../core/print/input';
import type { FileRenderer, OutputEnvironment } from '../outputs/types';
import {
  checkPropertyPart,
  evalOptions,
  fillPropertyPart,
  newBudget,
  type OpenedTemplate,
  officeSettings,
  openTemplate,
  PROPERTY_PARTS,
} from './common';
import { WORD_DIALECT } from './docx';
import { OFFICE_FILTERS_KNOWN, OFFICE_PARSE, type RenderContext, sectionItems, TemplateIssues } from './engine';
import {
  addOverride,
  addRelationship,
  overrides,
  relationships,
  relativeTarget,
  relsName,
  removeOverride,
  resolveTarget,
} from './package';
import { findTags, sectionName, tagRole } from './tags';
import { rewriteChartFormulas } from './xlsx-charts';
import { colNumber, parseCell, type RowMapper, type RowRole, shiftAreas, shiftFormula } from './xlsx-refs';
import {
  copySheetParts,
  definedNamesFollowCopies,
  freshUids,
  type LoopSheet,
  nextPartName,
  renameSheetRefs,
  renameStructured,
  shiftNotes,
} from './xlsx-sheet-copy';
import { cellValue, cellXml, DateStyles } from './xlsx-values';
import { attr, decodeXml, escapeXml, setAttr, tagName, textOf, tokenize, tokenKind } from './xml';
import type { OfficePackage } from './zip';

interface CellTpl {
  col: string;
  open: string;
  inner: string;
  /** Text with tags, after the loop tags that belong to rows were taken out. */
  nodes?: TemplateNode[];
  /** Set when the cell is exactly one value tag: its value keeps its type. */
  single?: TagExpression;
  hasFormula: boolean;
}

interface RowTpl {
  kind: 'row';
  r: number;
  open: string;
  cells: CellTpl[];
}

interface LoopTpl {
  kind: 'loop';
  s: number;
  e: number;
  expr: TagExpression;
  inverted: boolean;
  children: Array<RowTpl | LoopTpl>;
}

interface SheetTpl {
  /** One more than the largest shared formula id in the sheet. */
  sharedStride: number;
  name: string;
  part: string;
  prefix: string;
  suffix: string;
  items: Array<RowTpl | LoopTpl>;
  /** True when the sheet has tags (else it is only rewritten when other sheets move rows). */
  hasTags: boolean;
  sheetLoop?: { expr: TagExpression; inverted: boolean; nameNodes: TemplateNode[]; list: string };
}

export interface XlsxTemplate extends OpenedTemplate {
  workbookPart: string;
  sheets: SheetTpl[];
}

const SHEET_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet';
const SHEET_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml';

function mainWorkbook(pkg: OfficePackage): string {
  const types = overrides(pkg);
  for (const [name, type] of types) if (/spreadsheetml\.(sheet|template)\.main\+xml/.test(type)) return name;
  return 'xl/workbook.xml';
}

function sharedStrings(pkg: OfficePackage, workbook: string): string[] {
  const rel = relationships(pkg, workbook).find((r) => r.type.endsWith('/sharedStrings'));
  const part = rel ? resolveTarget(workbook, rel.target) : undefined;
  if (!part || !pkg.has(part)) return [];
  const xml = pkg.text(part);
  return (xml.match(/<si>[\s\S]*?<\/si>|<si\/>/g) ?? []).map((si) =>
    textOf(si.replace(/<rPh\b[\s\S]*?<\/rPh>/g, ''), 't'),
  );
}

interface RawCell {
  row: number;
  cell: CellTpl;
  text: string;
}

function parseSheetData(
  xml: string,
  strings: string[],
): { prefix: string; suffix: string; rows: RowTpl[]; cells: RawCell[] } {
  const start = xml.search(/<sheetData\b/);
  if (start < 0) return { prefix: xml, suffix: '', rows: [], cells: [] };
  const openEnd = xml.indexOf('>', start) + 1;
  const selfClosing = xml[openEnd - 2] === '/';
  const closeAt = selfClosing ? openEnd : xml.indexOf('</sheetData>', openEnd);
  const prefix = xml.slice(0, selfClosing ? start : openEnd);
  const suffix = xml.slice(selfClosing ? openEnd : closeAt);
  const rows: RowTpl[] = [];
  const cells: RawCell[] = [];
  if (selfClosing) return { prefix: `${prefix}<sheetData>`, suffix: `</sheetData>${suffix}`, rows, cells };
  const tokens = tokenize(xml.slice(openEnd, closeAt));
  let row: RowTpl | undefined;
  let cell: CellTpl | undefined;
  let inner: string[] = [];
  let lastRow = 0;
  for (const token of tokens) {
    const kind = tokenKind(token);
    const name = kind === 'text' ? '' : tagName(token);
    if (cell) {
      if (kind === 'close' && name === 'c') {
        cell.inner = inner.join('');
        finishCell(cell, row!, strings, cells);
        cell = undefined;
      } else inner.push(token);
      continue;
    }
    if (name === 'row' && (kind === 'open' || kind === 'empty')) {
      const r = Number(attr(token, 'r') ?? lastRow + 1);
      lastRow = r;
      row = { kind: 'row', r, open: token, cells: [] };
      rows.push(row);
    } else if (name === 'c' && row && (kind === 'open' || kind === 'empty')) {
      const ref = attr(token, 'r');
      const col = (ref && parseCell(ref)?.col) ?? columnName(row.cells.length + 1);
      const c: CellTpl = { col, open: token, inner: '', hasFormula: false };
      if (kind === 'open') {
        cell = c;
        inner = [];
      } else finishCell(c, row, strings, cells);
    }
  }
  return { prefix, suffix, rows, cells };
}

function finishCell(cell: CellTpl, row: RowTpl, strings: string[], cells: RawCell[]) {
  row.cells.push(cell);
  cell.hasFormula = /<f[\s>/]/.test(cell.inner);
  const type = attr(cell.open, 't');
  let text: string | undefined;
  if (type === 's') text = strings[Number(/<v>([^<]*)<\/v>/.exec(cell.inner)?.[1] ?? -1)];
  else if (type === 'inlineStr') text = textOf(cell.inner, 't');
  if (text?.includes('{')) cells.push({ row: row.r, cell, text });
}

export function columnName(n: number): string {
  let name = '';
  for (let x = n; x > 0; x = Math.floor((x - 1) / 26)) name = String.fromCharCode(65 + ((x - 1) % 26)) + name;
  return name;
}

interface Marker {
  row: number;
  cellIndex: number;
  start: number;
  end: number;
  role: 'open' | 'inverted' | 'close';
  rest: string;
  body: string;
}

function compileSheet(
  pkg: OfficePackage,
  name: string,
  part: string,
  strings: string[],
  issues: TemplateIssues,
  options: EvalOptions,
): SheetTpl {
  const label = `sheet '${name}'`;
  const { prefix, suffix, rows, cells } = parseSheetData(pkg.text(part), strings);
  const ids = [...pkg.text(part).matchAll(/<f\b[^>]*\ssi="(\d+)"/g)].map((m) => Number(m[1]));
  const sharedStride = ids.length ? Math.max(...ids) + 1 : 0;
  const sheet: SheetTpl = { name, part, prefix, suffix, items: rows, hasTags: cells.length > 0, sharedStride };
  const sheetNameSpans = findTags(name, options.delimiters);
  const firstSpan = sheetNameSpans[0];
  if (firstSpan && tagRole(firstSpan.body).role === 'open') {
    const rest = tagRole(firstSpan.body).rest;
    const nameText = name
      .slice(firstSpan.end)
      .replace(new RegExp(`\\{/\\s*(${sectionName(rest).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})?\\s*\\}`), '');
    try {
      sheet.sheetLoop = {
        expr: parseTagExpression(rest, label, OFFICE_PARSE),
        inverted: false,
        nameNodes: parseTemplate(nameText, {
          delimiters: options.delimiters,
          isKnownFilter: OFFICE_FILTERS_KNOWN,
          expressions: true,
        }),
        list: sectionName(rest),
      };
      sheet.hasTags = true;
    } catch (error) {
      issues.add(label, `{${firstSpan.body}}`, reasonOf(error), name);
    }
  }
  for (const match of suffix.matchAll(HEADER_FOOTER)) {
    const text = decodeXml(match[3] ?? '');
    if (!text.includes('{')) continue;
    sheet.hasTags = true;
    try {
      parseTemplate(text, { delimiters: options.delimiters, isKnownFilter: OFFICE_FILTERS_KNOWN, expressions: true });
    } catch (error) {
      issues.add(`${label} ${match[2]}`, text.slice(0, 60), reasonOf(error), '');
    }
  }
  if (cells.length === 0) return sheet;

  // Loop tags whose partner is in another cell repeat rows; the rest stays in the cell's text.
  const markers: Marker[] = [];
  const imageCells = new Set<number>();
  const spansByCell = cells.map((raw, cellIndex) => {
    const spans = findTags(raw.text, options.delimiters);
    for (const span of spans) {
      const { role, rest } = tagRole(span.body);
      if (role === 'image') {
        // Said plainly rather than printed as text or refused as a bad name.
        issues.add(`${label}!${raw.cell.col}${raw.row}`, `{${span.body}}`, EXCEL_NO_IMAGES, raw.text);
        imageCells.add(cellIndex);
        continue;
      }
      if (role === 'open' || role === 'inverted' || role === 'close') {
        markers.push({ row: raw.row, cellIndex, start: span.start, end: span.end, role, rest, body: span.body });
      }
    }
    return spans;
  });
  const stack: Marker[] = [];
  const rowPairs: Array<[Marker, Marker]> = [];
  for (const marker of markers) {
    const where = `${label}!${cells[marker.cellIndex]!.cell.col}${marker.row}`;
    if (marker.role !== 'close') {
      if (stack.length >= MAX_SECTION_DEPTH) {
        issues.add(where, `{${marker.body}}`, `loops nested deeper than ${MAX_SECTION_DEPTH}`, '');
        return sheet;
      }
      stack.push(marker);
      continue;
    }
    const open = stack.pop();
    if (!open) {
      issues.add(where, `{${marker.body}}`, 'closes no loop', cells[marker.cellIndex]!.text);
      continue;
    }
    if (marker.rest && marker.rest !== sectionName(open.rest)) {
      issues.add(where, `{${marker.body}}`, `closes '{${open.body}}'`, cells[marker.cellIndex]!.text);
    }
    if (open.cellIndex !== marker.cellIndex) rowPairs.push([open, marker]);
  }
  for (const open of stack) {
    const where = `${label}!${cells[open.cellIndex]!.cell.col}${open.row}`;
    issues.add(where, `{${open.body}}`, 'loop is not closed', cells[open.cellIndex]!.text);
  }
  const removed = new Map<number, Array<[number, number]>>();
  for (const [a, b] of rowPairs) {
    for (const m of [a, b]) removed.set(m.cellIndex, [...(removed.get(m.cellIndex) ?? []), [m.start, m.end]]);
  }
  cells.forEach((raw, cellIndex) => {
    if (imageCells.has(cellIndex)) return;
    const cuts = (removed.get(cellIndex) ?? []).sort((x, y) => y[0] - x[0]);
    let text = raw.text;
    for (const [s, e] of cuts) text = text.slice(0, s) + text.slice(e);
    const where = `${label}!${raw.cell.col}${raw.row}`;
    try {
      raw.cell.nodes = parseTemplate(text, {
        delimiters: options.delimiters,
        isKnownFilter: OFFICE_FILTERS_KNOWN,
        expressions: true,
      });
      const only = raw.cell.nodes.length === 1 ? raw.cell.nodes[0] : undefined;
      if (only?.type === 'tag') raw.cell.single = only.expr;
    } catch (error) {
      issues.add(where, text.slice(0, 60), reasonOf(error), raw.text);
    }
    void spansByCell;
  });

  // Build the tree of row loops (by tag order: outer loops open first).
  const loops: LoopTpl[] = [];
  for (const [a, b] of rowPairs) {
    try {
      loops.push({
        kind: 'loop',
        s: a.row,
        e: b.row,
        expr: parseTagExpression(a.rest, label, OFFICE_PARSE),
        inverted: a.role === 'inverted',
        children: [],
      });
    } catch (error) {
      issues.add(`${label}!${cells[a.cellIndex]!.cell.col}${a.row}`, `{${a.body}}`, reasonOf(error), '');
    }
  }
  // Outer loops first: by start row, then by the tag order (markers were pushed in order).
  const order = new Map(loops.map((l, i) => [l, i]));
  loops.sort((x, y) => x.s - y.s || y.e - x.e || order.get(x)! - order.get(y)!);
  const root: Array<RowTpl | LoopTpl> = [];
  const open: LoopTpl[] = [];
  const place = (item: RowTpl | LoopTpl) => (open[open.length - 1]?.children ?? root).push(item);
  let li = 0;
  for (const row of rows) {
    while (open.length && open[open.length - 1]!.e < row.r) open.pop();
    while (li < loops.length && loops[li]!.s <= row.r) {
      const loop = loops[li++]!;
      while (open.length && open[open.length - 1]!.e < loop.s) open.pop();
      const parent = open[open.length - 1];
      if (parent && loop.e > parent.e) {
        issues.add(`${label}!row ${loop.s}`, '', 'loops overlap: close the inner loop first', '');
      }
      place(loop);
      open.push(loop);
    }
    place(row);
  }
  sheet.items = root;
  return sheet;
}

const EXCEL_NO_IMAGES =
  'images, QR codes and bar codes ({%…}) are not supported in Excel templates yet: place the picture in the workbook itself, or use a Word or PowerPoint template';

function reasonOf(error: unknown): string {
  return error instanceof QuireError ? (error.issues[0]?.reason ?? error.message) : String(error);
}

export function parseXlsx(content: unknown): XlsxTemplate {
  const opened = openTemplate(content, 'xlsx');
  const { pkg } = opened;
  const issues = new TemplateIssues();
  const options: EvalOptions = { delimiters: opened.content.settings?.delimiters };
  const workbookPart = mainWorkbook(pkg);
  const strings = sharedStrings(pkg, workbookPart);
  const rels = relationships(pkg, workbookPart);
  const sheets: SheetTpl[] = [];
  for (const tag of pkg.text(workbookPart).match(/<sheet\b[^>]*>/g) ?? []) {
    const rel = rels.find((r) => r.id === attr(tag, 'r:id'));
    if (!rel || rel.type !== SHEET_REL) continue;
    const part = resolveTarget(workbookPart, rel.target);
    if (!pkg.has(part)) continue;
    sheets.push(compileSheet(pkg, attr(tag, 'name') ?? part, part, strings, issues, options));
  }
  for (const name of PROPERTY_PARTS) if (pkg.has(name)) checkPropertyPart(pkg.text(name), name, issues, options);
  issues.throwIfAny();
  return { ...opened, workbookPart, sheets };
}

// ---------------------------------------------------------------------------------------------
// Rendering

interface Region {
  s: number;
  e: number;
  out: number;
  loops: LoopLayout[];
  /** 0 for the sheet, then one number per repeated block: keeps shared formula ids apart. */
  id: number;
}

interface LoopLayout {
  s: number;
  e: number;
  outStart: number;
  outEnd: number;
  instances: Region[];
}

function mapRow(region: Region, r: number, role: RowRole): number {
  let growth = 0;
  for (const loop of region.loops) {
    if (loop.e < r) growth += loop.outEnd - loop.outStart + 1 - (loop.e - loop.s + 1);
    else if (loop.s <= r) {
      if (loop.instances.length === 0) return role === 'end' ? loop.outStart - 1 : loop.outStart;
      const instance = role === 'end' ? loop.instances[loop.instances.length - 1]! : loop.instances[0]!;
      return mapRow(instance, r, role);
    }
  }
  return r + region.out - region.s + growth;
}

interface OutRow {
  row: RowTpl;
  out: number;
  cells: Array<string | CellTpl>;
  path: Region[];
}

interface RenderedSheet {
  tpl: SheetTpl;
  part: string;
  name: string;
  root: Region;
  rows: OutRow[];
  /** The sheet's copy index (0 for the original) when a sheet loop repeats it. */
  copy: number;
  scope: Scope;
  /** A copy's relationships (ids of the original's) it has no part for: its elements using them go. */
  dropped?: Set<string>;
  /** A copy's tables are renamed: original name → the copy's. */
  tableNames?: Map<string, string>;
}

/** Page headers and footers (`&L{customer}&R&P`): their text is a template too. */
const HEADER_FOOTER = /(<(oddHeader|oddFooter|evenHeader|evenFooter|firstHeader|firstFooter)>)([^<]*)(<\/\2>)/g;

interface XlsxContext {
  /** Repeated blocks rendered so far (their region ids). */
  regions: number;
  ctx: RenderContext;
  options: EvalOptions;
  timeZone: string;
  styles: DateStyles;
}

function renderCell(cell: CellTpl, ref: string, scope: Scope, x: XlsxContext): string | CellTpl {
  if (!cell.nodes) return cell;
  const toPlain = x.options.toPlain ?? defaultToPlain;
  if (cell.single) {
    const value = evaluateExpression(cell.single, undefined, x.options, scope);
    const text = toText(value, toPlain);
    return cellXml(
      cell.open,
      ref,
      cellValue(value, text, cell.single.filters.length > 0, x.timeZone, toPlain),
      x.styles,
    );
  }
  const text = renderTemplate(cell.nodes, undefined, x.options, scope);
  return cellXml(cell.open, ref, text === '' ? { t: 'empty' } : { t: 's', v: text }, x.styles);
}

function renderItems(
  items: Array<RowTpl | LoopTpl>,
  scope: Scope,
  path: Region[],
  delta: number,
  x: XlsxContext,
  out: OutRow[],
): number {
  const region = path[path.length - 1]!;
  let current = delta;
  for (const item of items) {
    if (item.kind === 'row') {
      const r = item.r + current;
      out.push({ row: item, out: r, cells: item.cells.map((c) => renderCell(c, `${c.col}${r}`, scope, x)), path });
      continue;
    }
    const layout: LoopLayout = { s: item.s, e: item.e, outStart: item.s + current, outEnd: 0, instances: [] };
    region.loops.push(layout);
    let cursor = current;
    let last: number | undefined;
    for (const inner of sectionItems(item.expr, item.inverted, scope, x.ctx)) {
      const instance: Region = { s: item.s, e: item.e, out: item.s + cursor, loops: [], id: ++x.regions };
      layout.instances.push(instance);
      last = renderItems(item.children, inner, [...path, instance], cursor, x, out);
      cursor = last + (item.e - item.s + 1);
    }
    layout.outEnd = last === undefined ? layout.outStart - 1 : item.e + last;
    current = layout.outEnd - item.e;
  }
  return current;
}

function rowMapperFor(path: Region[], others: Map<string, Region>): RowMapper {
  return (sheet, row, role) => {
    if (sheet !== undefined) {
      const region = others.get(sheet.toLowerCase());
      return region ? mapRow(region, row, role) : undefined;
    }
    for (let i = path.length - 1; i >= 0; i--) {
      const region = path[i]!;
      if (region.s <= row && row <= region.e) return mapRow(region, row, role);
    }
    return undefined;
  };
}

/** A chart's one-row series (`$B$4`) over a repeated row grows to every copy. */
const CHART_RANGE = { growSingle: true };

/** A range over an empty loop's rows becomes an array without numbers (see ShiftOptions). */
const CELL_FORMULA = { emptyAs: '{""}' };

function formulaCell(cell: CellTpl, ref: string, mapper: RowMapper, siOffset: number): string {
  const open = setAttr(cell.open, 'r', ref);
  if (!cell.hasFormula) return cell.inner ? `${open}${cell.inner}</c>` : open;
  // Cached results are stale once rows move: dropped, so every office suite recalculates.
  const inner = cell.inner
    .replace(/<v>[^<]*<\/v>|<v\/>/g, '')
    // Each copy of a row block gets its own shared formula ids (ids are unique per sheet).
    .replace(/(<f\b[^>]*\ssi=")(\d+)(")/g, (_w, a: string, si: string, c: string) => `${a}${Number(si) + siOffset}${c}`)
    .replace(/(<f\b[^>]*>)([^<]*)(<\/f>)/g, (_w, o: string, f: string, c: string) => {
      const ref2 = attr(o, 'ref');
      const fixedOpen = ref2
        ? setAttr(
            o,
            'ref',
            shiftAreas(ref2, (r, role) => mapper(undefined, r, role)),
          )
        : o;
      return `${fixedOpen}${escapeXml(shiftFormula(decodeXml(f), mapper, CELL_FORMULA))}${c}`;
    });
  const plainOpen =
    attr(cell.open, 't') === 'str' || attr(cell.open, 't') === 'e' ? open.replace(/\s+t="[^"]*"/, '') : open;
  return `${plainOpen}${inner}</c>`;
}

function sheetXml(
  sheet: RenderedSheet,
  regions: Map<string, Region>,
  options: EvalOptions,
  renames: Map<string, string>,
): string {
  // A copy's formulas naming its template sheet mean the copy itself (its rows, its name).
  const others = sheet.tpl.sheetLoop ? new Map(regions).set(sheet.tpl.name.toLowerCase(), sheet.root) : regions;
  const names = sheet.tpl.sheetLoop ? new Map(renames).set(sheet.tpl.name, sheet.name) : renames;
  const rootMapper = rowMapperFor([sheet.root], others);
  let rowsXml = sheet.rows
    .map(({ row, out, cells, path }) => {
      const mapper = rowMapperFor(path, others);
      const open = setAttr(row.open, 'r', String(out));
      const body = cells
        .map((c, i) =>
          typeof c === 'string'
            ? c
            : formulaCell(c, `${row.cells[i]!.col}${out}`, mapper, path[path.length - 1]!.id * sheet.tpl.sharedStride),
        )
        .join('');
      if (open.endsWith('/>')) return body ? `${open.slice(0, -2)}>${body}</row>` : open;
      return `${open}${body}</row>`;
    })
    .join('');
  // A copy's formulas read its own table (`Orders_2[Qty]`); none names the template sheet.
  const tables = [...(sheet.tableNames ?? [])];
  if (tables.length || names.size)
    rowsXml = rowsXml.replace(/(<f\b[^>]*>)([^<]*)(<\/f>)/g, (_w, o: string, f: string, c: string) => {
      let formula = renameSheetRefs(decodeXml(f), names);
      for (const [from, to] of tables) formula = renameStructured(formula, from, to);
      return `${o}${escapeXml(formula)}${c}`;
    });
  const areaMapper = (r: number, role: RowRole) => rootMapper(undefined, r, role);
  let prefix = sheet.tpl.prefix.replace(/(<dimension\b[^>]*\bref=")([^"]*)(")/, (_w, a, ref: string, c) => {
    return `${a}${shiftAreas(ref, areaMapper)}${c}`;
  });
  if (sheet.copy > 0) prefix = freshUids(prefix.replace(/\stabSelected="1"/, ''), sheet.part);
  let suffix = sheet.tpl.suffix;
  // Conditional formats and validations on an empty loop's rows go with them (not onto the header).
  const dropEmpty = { dropEmpty: true };
  suffix = suffix.replace(/<([\w:]+)\b[^>]*\s(?:sqref|ref)="[^>]*>/g, (tag, name: string) =>
    name === 'mergeCell'
      ? tag
      : tag.replace(
          /(\s(?:sqref|ref)=")([^"]*)(")/g,
          (_w, a, ref: string, c) =>
            `${a}${shiftAreas(ref, areaMapper, name === 'conditionalFormatting' || name === 'dataValidation' ? dropEmpty : {})}${c}`,
        ),
  );
  // Excel 2010 conditional formats and validations (extLst) keep ranges in <xm:sqref>, formulas in <xm:f>.
  suffix = suffix.replace(
    /(<xm:sqref>)([^<]*)(<\/xm:sqref>)/g,
    (_w, o: string, ref: string, c: string) => `${o}${shiftAreas(ref, areaMapper, dropEmpty)}${c}`,
  );
  suffix = dropEmptyRules(suffix);
  suffix = suffix.replace(
    /(<(formula|formula1|formula2|xm:f)>)([^<]*)(<\/\2>)/g,
    (_w, o: string, _n, f: string, c: string) =>
      `${o}${escapeXml(renameSheetRefs(shiftFormula(decodeXml(f), rootMapper), names))}${c}`,
  );
  // Merges repeat with the rows they sit in.
  const merges: string[] = [];
  for (const tag of suffix.match(/<mergeCell\b[^>]*>/g) ?? []) {
    const [a, b] = (attr(tag, 'ref') ?? '').split(':');
    const from = parseCell(a ?? '');
    const to = parseCell(b ?? a ?? '');
    if (!from || !to) continue;
    const expand = (region: Region) => {
      const inside = region.loops.find((l) => l.s <= from.row && to.row <= l.e);
      if (inside) {
        for (const instance of inside.instances) expand(instance);
        return;
      }
      const r1 = mapRow(region, from.row, 'start');
      const r2 = mapRow(region, to.row, 'end');
      if (r2 >= r1) merges.push(`<mergeCell ref="${from.col}${r1}:${to.col}${r2}"/>`);
    };
    expand(sheet.root);
  }
  suffix = suffix.replace(/<mergeCells\b[^>]*>[\s\S]*?<\/mergeCells>/, () =>
    merges.length ? `<mergeCells count="${merges.length}">${merges.join('')}</mergeCells>` : '',
  );
  if (suffix.includes('{')) {
    suffix = suffix.replace(HEADER_FOOTER, (whole, open: string, _n, text: string, close: string) =>
      text.includes('{')
        ? `${open}${escapeXml(renderTemplate(decodeXml(text), undefined, options, sheet.scope))}${close}`
        : whole,
    );
  }
  if (sheet.copy > 0) {
    // A copy has its own tables, notes and drawing under the original's relationship ids (see
    // xlsx-sheet-copy.ts); what points at a part it did not get (pivot tables, controls) goes.
    suffix = freshUids(suffix, sheet.part);
    const dropped = sheet.dropped ?? new Set<string>();
    const missing = (xml: string) => [...xml.matchAll(/\br:id="([^"]*)"/g)].some(([, id]) => dropped.has(id ?? ''));
    suffix = suffix.replace(
      /<(drawing|legacyDrawing|legacyDrawingHF|picture|oleObjects|controls|tableParts)\b[\s\S]*?(\/>|<\/\1>)/g,
      (whole) => (missing(whole) ? '' : whole),
    );
    suffix = suffix.replace(/<hyperlink\b[^>]*\br:id="[^"]*"[^>]*\/>/g, (tag) => (missing(tag) ? '' : tag));
    // Extensions pointing at parts it has none of (slicers, timelines) go too.
    suffix = suffix.replace(/<ext\b[\s\S]*?<\/ext>/g, (whole) => (missing(whole) ? '' : whole));
    suffix = suffix.replace(/<pageSetup\b[^>]*>/, (tag) => (missing(tag) ? tag.replace(/\sr:id="[^"]*"/, '') : tag));
  }
  return `${prefix}${rowsXml}${suffix}`;
}

/** Removes conditional formats and validations left without cells (their rows were an empty loop). */
function dropEmptyRules(xml: string): string {
  let out = xml
    .replace(/<conditionalFormatting\b[^>]*\ssqref=""[^>]*>[\s\S]*?<\/conditionalFormatting>/g, '')
    .replace(/<dataValidation\b[^>]*\ssqref=""[^>]*?(?:\/>|>[\s\S]*?<\/dataValidation>)/g, '')
    .replace(
      /<(x14:conditionalFormatting|x14:dataValidation)\b(?:(?!<\/\1>)[\s\S])*?<xm:sqref><\/xm:sqref>\s*<\/\1>/g,
      '',
    );
  // Counted lists keep their count; one left empty goes (the schema wants at least one item).
  out = out.replace(
    /<((?:x14:)?dataValidations)\b([^>]*)>([\s\S]*?)<\/\1>/g,
    (_w, name: string, attrs: string, body: string) => {
      const count = (body.match(name.startsWith('x14:') ? /<x14:dataValidation\b/g : /<dataValidation\b/g) ?? [])
        .length;
      return count ? `<${name}${attrs.replace(/\scount="\d*"/, ` count="${count}"`)}>${body}</${name}>` : '';
    },
  );
  return out
    .replace(/<x14:conditionalFormattings>\s*<\/x14:conditionalFormattings>/g, '')
    .replace(/<ext\b[^>]*>\s*<\/ext>/g, '')
    .replace(/<extLst>\s*<\/extLst>/g, '');
}

function sheetName(base: string, used: Set<string>): string {
  let name =
    base
      .replace(/[[\]:*?/\\]/g, ' ')
      .trim()
      .slice(0, 31) || 'Sheet';
  let n = 2;
  while (used.has(name.toLowerCase())) {
    const suffix = ` (${n++})`;
    name = `${name.slice(0, 31 - suffix.length)}${suffix}`;
  }
  used.add(name.toLowerCase());
  return name;
}

function mapOtherParts(
  pkg: OfficePackage,
  template: XlsxTemplate,
  regions: Map<string, Region>,
  renames: Map<string, string>,
) {
  const mapper: RowMapper = (sheet, row, role) => {
    const region = sheet ? regions.get(sheet.toLowerCase()) : undefined;
    return region ? mapRow(region, row, role) : undefined;
  };
  // Defined names (print areas, named ranges) and chart series ranges.
  const workbook = pkg.text(template.workbookPart);
  const fixedWorkbook = workbook.replace(
    /(<definedName\b[^>]*>)([^<]*)(<\/definedName>)/g,
    (_w, o: string, f: string, c: string) => `${o}${escapeXml(shiftFormula(decodeXml(f), mapper))}${c}`,
  );
  if (fixedWorkbook !== workbook) pkg.setText(template.workbookPart, fixedWorkbook);
  for (const name of pkg.names()) {
    if (!/^xl\/charts\/chart[^/]*\.xml$/.test(name)) continue;
    const xml = pkg.text(name);
    const fixed = rewriteChartFormulas(
      xml,
      (f) => renameSheetRefs(shiftFormula(f, mapper, CHART_RANGE), renames),
      decodeXml,
      escapeXml,
    );
    if (fixed !== xml) pkg.setText(name, fixed);
  }
  // Pivot caches read a range of a sheet: it grows with the loop rows in it, and the pivot table
  // is refreshed when the file is opened (its cached items are the template's).
  for (const name of pkg.names()) {
    if (!/^xl\/pivotCache\/pivotCacheDefinition[^/]*\.xml$/.test(name)) continue;
    const xml = pkg.text(name);
    let fixed = xml.replace(/<worksheetSource\b[^>]*\/?>/g, (tag) => {
      const ref = attr(tag, 'ref');
      const sheet = attr(tag, 'sheet');
      const region = sheet ? regions.get(sheet.toLowerCase()) : undefined;
      const renamed = sheet ? renames.get(sheet) : undefined;
      if (renamed) tag = setAttr(tag, 'sheet', renamed);
      return ref && region
        ? setAttr(
            tag,
            'ref',
            shiftAreas(ref, (r, role) => mapRow(region, r, role)),
          )
        : tag;
    });
    if (fixed !== xml)
      fixed = fixed.replace(/<pivotCacheDefinition\b[^>]*>/, (tag) => setAttr(tag, 'refreshOnLoad', '1'));
    if (fixed !== xml) pkg.setText(name, fixed);
  }
  // Tables, pivot tables and drawings belong to one sheet: their ranges and anchors follow its rows.
  for (const sheet of template.sheets) {
    const region = regions.get(sheet.name.toLowerCase());
    if (!region || region.loops.length === 0) continue;
    for (const rel of relationships(pkg, sheet.part)) {
      if (rel.external) continue;
      const target = resolveTarget(sheet.part, rel.target);
      if (!pkg.has(target)) continue;
      if (rel.type.endsWith('/pivotTable')) {
        const xml = pkg.text(target);
        const fixed = xml.replace(/<location\b[^>]*\/?>/, (tag) => {
          const ref = attr(tag, 'ref');
          return ref
            ? setAttr(
                tag,
                'ref',
                shiftAreas(ref, (r, role) => mapRow(region, r, role)),
              )
            : tag;
        });
        if (fixed !== xml) pkg.setText(target, fixed);
      } else if (rel.type.endsWith('/table')) {
        const xml = pkg.text(target);
        pkg.setText(
          target,
          xml.replace(
            /(\sref=")([^"]*)(")/g,
            (_w, a, ref: string, c) => `${a}${shiftAreas(ref, (r, role) => mapRow(region, r, role))}${c}`,
          ),
        );
      } else if (/\/(comments|vmlDrawing|threadedComment)$/.test(rel.type)) {
        shiftNotes(pkg, target, (r, role) => mapRow(region, r, role));
      } else if (rel.type.endsWith('/drawing')) {
        const xml = pkg.text(target);
        // Anchors count rows from 0.
        const fixed = xml.replace(
          /(<xdr:(from|to)>[\s\S]*?<xdr:row>)(\d+)(<\/xdr:row>)/g,
          (_w, a: string, which: string, row: string, c: string) =>
            `${a}${mapRow(region, Number(row) + 1, which === 'to' ? 'end' : 'start') - 1}${c}`,
        );
        if (fixed !== xml) pkg.setText(target, fixed);
      }
    }
  }
}

function forceRecalculation(pkg: OfficePackage, workbookPart: string) {
  // calcChain lists formula cells by address; after rows moved it is wrong, and Excel rebuilds it.
  const chain = relationships(pkg, workbookPart).find((r) => r.type.endsWith('/calcChain'));
  if (chain) {
    const part = resolveTarget(workbookPart, chain.target);
    pkg.delete(part);
    removeOverride(pkg, part);
    const rels = relsName(workbookPart);
    pkg.setText(rels, pkg.text(rels).replace(new RegExp(`<Relationship\\b[^>]*Id="${chain.id}"[^>]*/>`), ''));
  }
  let xml = pkg.text(workbookPart);
  if (/<calcPr\b/.test(xml)) xml = xml.replace(/<calcPr\b[^>]*?\/?>/, (tag) => setAttr(tag, 'fullCalcOnLoad', '1'));
  else if (xml.includes('</definedNames>'))
    xml = xml.replace('</definedNames>', '</definedNames><calcPr fullCalcOnLoad="1"/>');
  else xml = xml.replace('</sheets>', '</sheets><calcPr fullCalcOnLoad="1"/>');
  pkg.setText(workbookPart, xml);
}

/**
 * A repeated sheet is renamed per item: the ranges of the charts on its drawing (`'{#lines}Line
 * {name}'!$B$2:$B$5`) are rewritten to the copy's name, and their rows follow the copy's loops.
 */
function chartsFollowCopy(pkg: OfficePackage, copy: RenderedSheet) {
  const drawingRel = relationships(pkg, copy.part).find((r) => r.type.endsWith('/drawing') && !r.external);
  if (!drawingRel) return;
  const drawing = resolveTarget(copy.part, drawingRel.target);
  const original = copy.tpl.name;
  const mapper: RowMapper = (sheet, row, role) =>
    sheet !== undefined && sheet.toLowerCase() === original.toLowerCase() ? mapRow(copy.root, row, role) : undefined;
  for (const rel of relationships(pkg, drawing)) {
    if (rel.external || !rel.type.endsWith('/chart')) continue;
    const chart = resolveTarget(drawing, rel.target);
    if (!pkg.has(chart)) continue;
    const xml = pkg.text(chart);
    const fixed = rewriteChartFormulas(
      xml,
      (f) => renameSheetRefs(shiftFormula(f, mapper, CHART_RANGE), new Map([[original, copy.name]])),
      decodeXml,
      escapeXml,
    );
    if (fixed !== xml) pkg.setText(chart, fixed);
  }
  if (copy.copy > 0) {
    // The original's anchors follow the original's rows (mapOtherParts); a copy's follow its own.
    const xml = pkg.text(drawing);
    const fixed = xml.replace(
      /(<xdr:(from|to)>[\s\S]*?<xdr:row>)(\d+)(<\/xdr:row>)/g,
      (_w, a: string, which: string, row: string, c: string) =>
        `${a}${mapRow(copy.root, Number(row) + 1, which === 'to' ? 'end' : 'start') - 1}${c}`,
    );
    if (fixed !== xml) pkg.setText(drawing, fixed);
  }
}

function addSheetCopies(pkg: OfficePackage, template: XlsxTemplate, copies: Map<string, RenderedSheet[]>) {
  let workbook = pkg.text(template.workbookPart);
  const sheetTags = workbook.match(/<sheet\b[^>]*>/g) ?? [];
  let maxId = Math.max(0, ...sheetTags.map((t) => Number(attr(t, 'sheetId') ?? 0)));
  const indexShift: number[] = [];
  const loops: LoopSheet[] = [];
  let shift = 0;
  let n = 0;
  for (const tag of sheetTags) {
    const part = resolveTarget(
      template.workbookPart,
      relationships(pkg, template.workbookPart).find((r) => r.id === attr(tag, 'r:id'))?.target ?? '',
    );
    indexShift.push(shift);
    const list = copies.get(part);
    if (!list) continue;
    const replacement = list.map((copy, i) => {
      if (i === 0) return setAttr(tag, 'name', copy.name);
      // Numbered like Excel's own sheets (`sheet4.xml`): some readers (exceljs) only know those.
      const newPart = nextPartName(pkg, part);
      pkg.setText(newPart, ''); // reserved; written by sheetXml
      n++;
      copy.part = newPart;
      addOverride(pkg, newPart, SHEET_TYPE);
      const rId = addRelationship(
        pkg,
        template.workbookPart,
        SHEET_REL,
        relativeTarget(template.workbookPart, newPart),
      );
      const own = copySheetParts(pkg, {
        from: part,
        to: newPart,
        tag: `Q${n}`,
        copyNumber: i,
        rowOf: (r, role) => mapRow(copy.root, r, role),
        workbookPart: template.workbookPart,
      });
      copy.dropped = own.dropped;
      copy.tableNames = own.tableNames;
      // The template's own element, so every namespace it declares (openpyxl puts xmlns:r on each
      // <sheet>) and every attribute comes along; only the name, id and relationship change.
      const relAttr = /\s([\w.-]+:id)="/.exec(tag)?.[1] ?? 'r:id';
      return setAttr(setAttr(setAttr(tag, 'name', copy.name), 'sheetId', String(++maxId)), relAttr, rId);
    });
    for (const copy of list) chartsFollowCopy(pkg, copy);
    loops.push({
      template: list[0]!.tpl.name,
      firstIndex: indexShift.length - 1 + shift,
      copies: list.map((copy) => ({
        name: copy.name,
        rowOf: (r: number, role: RowRole) => mapRow(copy.root, r, role),
      })),
    });
    workbook = workbook.replace(tag, () => replacement.join(''));
    shift += list.length - 1;
  }
  // Sheet-scoped names point at sheets by position.
  workbook = workbook.replace(/(<definedName\b[^>]*\blocalSheetId=")(\d+)(")/g, (_w, a, id: string, c) => {
    const i = Number(id);
    return `${a}${i + (indexShift[i] ?? 0)}${c}`;
  });
  workbook = definedNamesFollowCopies(workbook, loops);
  pkg.setText(template.workbookPart, workbook);
}

export async function renderXlsx(
  template: XlsxTemplate,
  input: PrintInput,
  _env: OutputEnvironment,
): Promise<Uint8Array> {
  const pkg = template.pkg.clone();
  const options = evalOptions(template.content);
  const ctx: RenderContext = { options, dialect: WORD_DIALECT, budget: newBudget() };
  const stylesPart = 'xl/styles.xml';
  const x: XlsxContext = {
    regions: 0,
    ctx,
    options,
    timeZone: resolveTimeZone(options.timeZone ?? 'Asia/Shanghai'),
    styles: new DateStyles(pkg.has(stylesPart) ? pkg.text(stylesPart) : undefined),
  };
  const scope = rootScope(input.scope);
  const rendered: RenderedSheet[] = [];
  const copies = new Map<string, RenderedSheet[]>();
  const used = new Set(template.sheets.filter((s) => !s.sheetLoop).map((s) => s.name.toLowerCase()));
  const renderSheet = (tpl: SheetTpl, sheetScope: Scope, name: string, copy: number) => {
    const root: Region = { s: 1, e: Number.MAX_SAFE_INTEGER, out: 1, loops: [], id: 0 };
    const rows: OutRow[] = [];
    renderItems(tpl.items, sheetScope, [root], 0, x, rows);
    const sheet: RenderedSheet = { tpl, part: tpl.part, name, root, rows, copy, scope: sheetScope };
    rendered.push(sheet);
    return sheet;
  };
  for (const tpl of template.sheets) {
    if (!tpl.sheetLoop) {
      if (tpl.hasTags || template.sheets.some((s) => s.hasTags)) renderSheet(tpl, scope, tpl.name, 0);
      continue;
    }
    const loop = tpl.sheetLoop;
    const scopes = sectionItems(loop.expr, loop.inverted, scope, ctx);
    const list: RenderedSheet[] = [];
    const instances = scopes.length ? scopes : [scope];
    instances.forEach((itemScope, i) => {
      const label = renderTemplate(loop.nameNodes, undefined, options, itemScope).trim() || `${loop.list} ${i + 1}`;
      list.push(renderSheet(tpl, itemScope, sheetName(label, used), i));
    });
    copies.set(tpl.part, list);
  }
  if (rendered.length === 0) return pkg.write();
  if (copies.size) addSheetCopies(pkg, template, copies);
  const regions = new Map<string, Region>();
  for (const sheet of rendered) if (sheet.copy === 0) regions.set(sheet.tpl.name.toLowerCase(), sheet.root);
  const renames = new Map<string, string>();
  for (const list of copies.values()) if (list[0]) renames.set(list[0].tpl.name, list[0].name);
  for (const sheet of rendered) pkg.setText(sheet.part, sheetXml(sheet, regions, options, renames));
  mapOtherParts(pkg, template, regions, renames);
  const styles = x.styles.write();
  if (styles) pkg.setText(stylesPart, styles);
  forceRecalculation(pkg, template.workbookPart);
  for (const name of PROPERTY_PARTS) {
    if (!pkg.has(name)) continue;
    const xml = pkg.text(name);
    const filled = fillPropertyPart(xml, scope, options);
    if (filled !== xml) pkg.setText(name, filled);
  }
  void colNumber;
  void withItem;
  return pkg.write();
}

export const xlsxRenderer: FileRenderer<XlsxTemplate> = {
  parse: parseXlsx,
  settings: officeSettings,
  render: renderXlsx,
};
