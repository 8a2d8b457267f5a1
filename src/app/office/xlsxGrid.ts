/**
 * A filled workbook as grids to show in the browser: each sheet's cells with their text (shared
 * or inline strings, numbers, booleans, dates in a date style), merges, and formulas shown as
 * written (the renderer drops cached results so Excel recalculates on open).
 */
import { strFromU8, unzipSync } from 'fflate';
import { child, childrenOf, descendants, parseXml, relationshipsOf, textOf, type XmlNode } from './xmlTree';

interface GridCell {
  text: string;
  kind: 'text' | 'number' | 'date' | 'boolean' | 'formula';
  bold?: boolean;
  colSpan?: number;
  rowSpan?: number;
  /** Covered by a merge that starts elsewhere: not drawn. */
  hidden?: boolean;
}

export interface Sheet {
  name: string;
  /** rows[r][c], 0-based; rows and columns up to the last used cell (capped). */
  rows: (GridCell | undefined)[][];
  columns: number;
  /** The sheet had more rows or columns than are shown. */
  truncated: boolean;
}

/** Enough for a preview; the download holds everything. */
export const GRID_LIMITS = { rows: 500, columns: 52 };

export function columnIndex(ref: string): number {
  let n = 0;
  for (const ch of ref.replace(/[^A-Z]/gi, '').toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

export function columnName(index: number): string {
  let n = index + 1;
  let name = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    name = String.fromCharCode(65 + rest) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}

function cellPosition(ref: string): { row: number; col: number } {
  return { row: Number(/\d+/.exec(ref)?.[0] ?? '1') - 1, col: columnIndex(ref) };
}

const BUILTIN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

function isDateFormat(code: string): boolean {
  const bare = code.replace(/"[^"]*"|\[[^\]]*\]|\\./g, '');
  return /[dy]/i.test(bare) || (/(^|[^a-z])m{1,4}([^a-z]|$)/i.test(bare) && /[dhsy]/i.test(bare));
}

interface Styles {
  date: boolean[];
  bold: boolean[];
}

function readStyles(xml: string | undefined): Styles {
  if (!xml) return { date: [], bold: [] };
  const root = parseXml(xml);
  const custom = new Map<number, string>();
  for (const f of descendants(root, 'numFmt')) custom.set(Number(f.attrs.numFmtId), f.attrs.formatCode ?? '');
  const fonts = childrenOf(child(root, 'styleSheet', 'fonts'), 'font').map((f) => Boolean(child(f, 'b')));
  const xfs = childrenOf(child(root, 'styleSheet', 'cellXfs'), 'xf');
  return {
    date: xfs.map((xf) => {
      const id = Number(xf.attrs.numFmtId ?? 0);
      return BUILTIN_DATE_FORMATS.has(id) || isDateFormat(custom.get(id) ?? '');
    }),
    bold: xfs.map((xf) => fonts[Number(xf.attrs.fontId ?? 0)] === true),
  };
}

/** Excel's serial day (1900 system) as an ISO date, with the time when there is one. */
export function serialToIso(serial: number): string {
  const ms = Math.round((serial - 25569) * 86_400_000);
  const iso = new Date(ms).toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 16).replace('T', ' ');
}

function cellOf(c: XmlNode, strings: string[], styles: Styles): GridCell | undefined {
  const type = c.attrs.t;
  const style = Number(c.attrs.s ?? 0);
  const bold = styles.bold[style] === true;
  const value = child(c, 'v')?.text;
  const formula = child(c, 'f');
  let cell: GridCell | undefined;
  if (type === 's' && value !== undefined) cell = { text: strings[Number(value)] ?? '', kind: 'text' };
  else if (type === 'inlineStr') cell = { text: textOf(child(c, 'is'), 't'), kind: 'text' };
  else if (type === 'str') cell = { text: value ?? '', kind: 'text' };
  else if (type === 'b' && value !== undefined) cell = { text: value === '1' ? 'TRUE' : 'FALSE', kind: 'boolean' };
  else if (value !== undefined && value !== '') {
    const n = Number(value);
    cell =
      styles.date[style] && Number.isFinite(n)
        ? { text: serialToIso(n), kind: 'date' }
        : { text: value, kind: 'number' };
  } else if (formula?.text) cell = { text: `=${formula.text}`, kind: 'formula' };
  if (cell && bold) cell.bold = true;
  return cell;
}

function readSheet(name: string, xml: string, strings: string[], styles: Styles): Sheet {
  const root = parseXml(xml);
  const rows: (GridCell | undefined)[][] = [];
  let columns = 0;
  let truncated = false;
  for (const row of descendants(child(root, 'worksheet', 'sheetData'), 'row')) {
    for (const c of childrenOf(row, 'c')) {
      const { row: r, col } = cellPosition(c.attrs.r ?? 'A1');
      if (r >= GRID_LIMITS.rows || col >= GRID_LIMITS.columns) {
        truncated = true;
        continue;
      }
      const cell = cellOf(c, strings, styles);
      if (!cell) continue;
      rows[r] ??= [];
      rows[r][col] = cell;
      columns = Math.max(columns, col + 1);
    }
  }
  for (const merge of descendants(root, 'mergeCell')) {
    const [from, to] = (merge.attrs.ref ?? '').split(':');
    if (!from || !to) continue;
    const a = cellPosition(from);
    const b = cellPosition(to);
    if (a.row >= GRID_LIMITS.rows || a.col >= GRID_LIMITS.columns) continue;
    for (let r = a.row; r <= Math.min(b.row, GRID_LIMITS.rows - 1); r++) {
      rows[r] ??= [];
      for (let col = a.col; col <= Math.min(b.col, GRID_LIMITS.columns - 1); col++) {
        if (r === a.row && col === a.col) continue;
        rows[r]![col] = { text: '', kind: 'text', hidden: true };
      }
    }
    const first = (rows[a.row] ??= [])[a.col] ?? { text: '', kind: 'text' as const };
    rows[a.row]![a.col] = { ...first, colSpan: b.col - a.col + 1, rowSpan: b.row - a.row + 1 };
    columns = Math.max(columns, Math.min(b.col + 1, GRID_LIMITS.columns));
  }
  for (let r = 0; r < rows.length; r++) rows[r] ??= [];
  return { name, rows, columns, truncated };
}

/** The sheets of a filled workbook, in workbook order. */
export function readWorkbook(bytes: Uint8Array): Sheet[] {
  const files = unzipSync(bytes, {
    filter: (f) => f.name.startsWith('xl/') && (f.name.endsWith('.xml') || f.name.endsWith('.rels')),
  });
  const read = (name: string) => (files[name] ? strFromU8(files[name]) : undefined);
  const strings = descendants(parseXml(read('xl/sharedStrings.xml') ?? ''), 'si').map((si) => textOf(si, 't'));
  const styles = readStyles(read('xl/styles.xml'));
  const rels = relationshipsOf(files, 'xl/workbook.xml', strFromU8);
  const sheets: Sheet[] = [];
  for (const sheet of descendants(parseXml(read('xl/workbook.xml') ?? ''), 'sheet')) {
    const part = rels.get(sheet.attrs['r:id'] ?? '');
    const xml = part ? read(part) : undefined;
    if (xml) sheets.push(readSheet(sheet.attrs.name ?? part ?? '', xml, strings, styles));
  }
  return sheets;
}
