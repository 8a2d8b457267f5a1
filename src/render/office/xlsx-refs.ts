/**
 * Cell references in formulas and ranges, and moving them when loops repeat rows. A mapper says
 * where an original row went; a range's start takes the first copy of its row and its end the
 * last, so `SUM(C5:C5)` over a repeated row 5 becomes `SUM(C5:C9)`.
 */

export type RowRole = 'single' | 'start' | 'end';
/** New row of `row` on `sheet` (undefined: the formula's own sheet); undefined leaves it. */
export type RowMapper = (sheet: string | undefined, row: number, role: RowRole) => number | undefined;

const CELL = String.raw`(\$?)([A-Z]{1,3})(\$?)(\d+)`;
const REF = new RegExp(
  String.raw`(?<![\w.$'])(?:('(?:[^']|'')+'|[A-Za-z_][\w.]*)!)?${CELL}(?::${CELL})?(?![\w(])`,
  'g',
);

function unquoteSheet(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  return text.startsWith("'") ? text.slice(1, -1).replace(/''/g, "'") : text;
}

function mapCell(
  sheet: string | undefined,
  d1: string,
  col: string,
  d2: string,
  row: string,
  role: RowRole,
  mapper: RowMapper,
): string {
  const mapped = mapper(sheet, Number(row), role);
  return `${d1}${col}${d2}${mapped === undefined || mapped < 1 ? row : mapped}`;
}

/** Rewrites every A1 reference in a formula (string literals are left alone). */
export function shiftFormula(formula: string, mapper: RowMapper): string {
  return formula
    .split('"')
    .map((segment, i) => {
      if (i % 2 === 1) return segment;
      return segment.replace(REF, (whole, sheetText: string | undefined, a1, c1, a2, r1, b1, c2, b2, r2) => {
        const sheet = unquoteSheet(sheetText);
        const prefix = sheetText ? `${sheetText}!` : '';
        if (r2 === undefined) return `${prefix}${mapCell(sheet, a1, c1, a2, r1, 'single', mapper)}`;
        const start = mapCell(sheet, a1, c1, a2, r1, 'start', mapper);
        const end = mapCell(sheet, b1, c2, b2, r2, 'end', mapper);
        return whole.includes(':') ? `${prefix}${start}:${end}` : whole;
      });
    })
    .join('"');
}

/** `A1:C5 E7` (an sqref) with each area's rows mapped as a range. */
export function shiftAreas(sqref: string, mapper: (row: number, role: RowRole) => number | undefined): string {
  return sqref
    .split(/\s+/)
    .filter(Boolean)
    .map((area) => {
      const [from, to] = area.split(':');
      const parsedFrom = parseCell(from ?? '');
      const parsedTo = to ? parseCell(to) : parsedFrom;
      if (!parsedFrom || !parsedTo) return area;
      const r1 = mapper(parsedFrom.row, 'start') ?? parsedFrom.row;
      const r2 = mapper(parsedTo.row, 'end') ?? parsedTo.row;
      const start = `${parsedFrom.col}${Math.min(r1, Math.max(r2, 1))}`;
      const end = `${parsedTo.col}${Math.max(r2, 1)}`;
      return to || r1 !== r2 ? `${start}:${end}` : start;
    })
    .join(' ');
}

export function parseCell(ref: string): { col: string; row: number } | undefined {
  const match = /^\$?([A-Z]{1,3})\$?(\d+)$/.exec(ref.trim());
  return match ? { col: match[1]!, row: Number(match[2]) } : undefined;
}

export function colNumber(col: string): number {
  let n = 0;
  for (const ch of col) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}
