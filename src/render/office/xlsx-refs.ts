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

function mappedRow(sheet: string | undefined, row: string, role: RowRole, mapper: RowMapper): number {
  const mapped = mapper(sheet, Number(row), role);
  return mapped === undefined || mapped < 1 ? Number(row) : mapped;
}

export interface ShiftOptions {
  /**
   * Charts: a one-cell reference in a repeated row (`$B$4`, what openpyxl, Excel and Calc write
   * for a one-row series) grows into a range over every copy (`$B$4:$B$6`).
   */
  growSingle?: boolean;
  /**
   * Cell formulas: what a range whose rows all vanished (an empty loop) becomes. `{""}` is an
   * array without numbers: SUM/COUNT/MAX read no values (0), AVERAGE no values (#DIV/0!), and it
   * never names the header above the loop or the total below it (that made totals circular).
   * A single cell in a vanished row becomes `#REF!`, as when Excel deletes the row.
   */
  emptyAs?: string;
}

/** Rewrites every A1 reference in a formula (string literals are left alone). */
export function shiftFormula(formula: string, mapper: RowMapper, options: ShiftOptions = {}): string {
  return formula
    .split('"')
    .map((segment, i) => {
      if (i % 2 === 1) return segment;
      return segment.replace(REF, (whole, sheetText: string | undefined, a1, c1, a2, r1, b1, c2, b2, r2) => {
        const sheet = unquoteSheet(sheetText);
        const prefix = sheetText ? `${sheetText}!` : '';
        if (r2 === undefined) {
          const first = mappedRow(sheet, r1, 'start', mapper);
          const last = mappedRow(sheet, r1, 'end', mapper);
          if (last < first && options.emptyAs !== undefined) return '#REF!';
          if (options.growSingle && last > first) return `${prefix}${a1}${c1}${a2}${first}:${a1}${c1}${a2}${last}`;
          return `${prefix}${a1}${c1}${a2}${mappedRow(sheet, r1, 'single', mapper)}`;
        }
        if (!whole.includes(':')) return whole;
        const start = mappedRow(sheet, r1, 'start', mapper);
        const end = mappedRow(sheet, r2, 'end', mapper);
        if (end < start && Number(r1) <= Number(r2) && options.emptyAs !== undefined) return options.emptyAs;
        return `${prefix}${a1}${c1}${a2}${start}:${b1}${c2}${b2}${end}`;
      });
    })
    .join('"');
}

/**
 * `A1:C5 E7` (an sqref) with each area's rows mapped as a range. An area whose rows all vanished
 * (an empty loop) shrinks onto the row above it, or with `dropEmpty` (conditional formats, data
 * validations: they must not move onto the header) is left out.
 */
export function shiftAreas(
  sqref: string,
  mapper: (row: number, role: RowRole) => number | undefined,
  options: { dropEmpty?: boolean } = {},
): string {
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
      if (options.dropEmpty && r2 < r1 && parsedFrom.row <= parsedTo.row) return '';
      const start = `${parsedFrom.col}${Math.min(r1, Math.max(r2, 1))}`;
      const end = `${parsedTo.col}${Math.max(r2, 1)}`;
      return to || r1 !== r2 ? `${start}:${end}` : start;
    })
    .filter(Boolean)
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
