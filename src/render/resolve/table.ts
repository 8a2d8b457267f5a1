import type { Scope } from '../../core/expr/evaluate';
import { parsePath } from '../../core/expr/path';
import { toNumber } from '../../core/format/number';
import type { BorderSide, Table, TableCell, TableMerge } from '../../core/model/types';
import type { VBlock, VCell, VStroke, VTable } from '../view-model';
import { PX, type ResolveContext } from './context';
import { normalizeColor, resolveRichText } from './rich-text';
import { itemField, listItems, withItem } from './values';

export function strokeOf(side: BorderSide | undefined): VStroke | undefined {
  if (!side) return undefined;
  if (side.style === 'none' || side.width <= 0) return null;
  const stroke: NonNullable<VStroke> = { w: side.width, c: normalizeColor(side.color) ?? '#000000' };
  if (side.style === 'dashed' || side.style === 'dotted') stroke.dash = side.style;
  return stroke;
}

interface Span {
  rowSpan: number;
  colSpan: number;
}

/** Merge anchors by "row,col" and the set of covered (not printed) cells, for rows [from, to). */
function mergeMap(merges: readonly TableMerge[], from: number, to: number) {
  const anchors = new Map<string, Span>();
  const covered = new Set<string>();
  for (const m of merges) {
    if (m.rowIndex < from || m.rowIndex >= to) continue;
    // A merge may not cross from one part (header/body/footer) into the next.
    const rowSpan = Math.min(m.rowSpan, to - m.rowIndex);
    anchors.set(`${m.rowIndex},${m.colIndex}`, { rowSpan, colSpan: m.colSpan });
    for (let r = m.rowIndex; r < m.rowIndex + rowSpan; r++) {
      for (let c = m.colIndex; c < m.colIndex + m.colSpan; c++) {
        if (r !== m.rowIndex || c !== m.colIndex) covered.add(`${r},${c}`);
      }
    }
  }
  return { anchors, covered };
}

function hasPageSum(blocks: readonly VBlock[]): boolean {
  return blocks.some((b) => {
    if (b.t === 'par') return b.spans.some((s) => s.t === 'pagesum');
    if (b.t === 'row') return b.cols.some((c) => hasPageSum(c.blocks));
    if (b.t === 'box' || b.t === 'float') return hasPageSum(b.blocks);
    if (b.t === 'list') return b.items.some(hasPageSum);
    return false;
  });
}

async function resolveCell(ctx: ResolveContext, scope: Scope, cell: TableCell, span: Span | undefined): Promise<VCell> {
  const out: VCell = { blocks: await resolveRichText(ctx, scope, cell.content) };
  if (span && span.rowSpan > 1) out.rowspan = span.rowSpan;
  if (span && span.colSpan > 1) out.colspan = span.colSpan;
  if (cell.verticalAlign !== 'top') out.valign = cell.verticalAlign;
  const bg = normalizeColor(cell.background);
  if (bg) out.bg = bg;
  const stroke: NonNullable<VCell['stroke']> = {};
  for (const side of ['top', 'right', 'bottom', 'left'] as const) {
    const s = strokeOf(cell.borders[side]);
    if (s !== undefined) stroke[side] = s;
  }
  if (Object.keys(stroke).length > 0) out.stroke = stroke;
  return out;
}

async function resolveRows(
  ctx: ResolveContext,
  scope: Scope,
  table: Table,
  from: number,
  to: number,
): Promise<{ rows: VCell[][]; heights: (number | null)[] }> {
  const { anchors, covered } = mergeMap(table.merges, from, to);
  const rows: VCell[][] = [];
  const heights: (number | null)[] = [];
  for (let r = from; r < to; r++) {
    const row = table.rows[r];
    if (!row) continue;
    const cells: VCell[] = [];
    for (let c = 0; c < table.columns.length; c++) {
      if (covered.has(`${r},${c}`)) continue;
      const cell = row.cells[c];
      if (!cell) {
        cells.push({ blocks: [] });
        continue;
      }
      cells.push(await resolveCell(ctx, scope, cell, anchors.get(`${r},${c}`)));
    }
    rows.push(cells);
    heights.push(row.height ? row.height * PX : null);
  }
  return { rows, heights };
}

/** Names (relative to the list) of per-page aggregates over the dynamic rows of `rootPath`. */
function pageSumFields(ctx: ResolveContext, rootPath: string): { key: string; field: string[] }[] {
  const root = parsePath(rootPath).segments.join('.');
  const fields: { key: string; field: string[] }[] = [];
  for (const name of ctx.pageSumNames) {
    const segments = parsePath(name).segments;
    if (segments.length > 1 && segments.slice(0, -1).join('.') === root) {
      fields.push({ key: name, field: segments.slice(root.split('.').length) });
    }
  }
  return fields;
}

export async function resolveTable(ctx: ResolveContext, scope: Scope, table: Table): Promise<VTable> {
  const count = table.rows.length;
  const headerEnd = Math.min(table.headerRowCount, count);
  const footerStart = Math.max(headerEnd, count - table.footerRowCount);
  const header = await resolveRows(ctx, scope, table, 0, headerEnd);
  const footer = await resolveRows(ctx, scope, table, footerStart, count);
  const body: VCell[][] = [];
  const bodyHeights: (number | null)[] = [];
  if (table.dynamicRows) {
    const items = listItems(ctx, scope, table.dynamicRows.rootPath, table.dynamicRows.filter);
    ctx.budget.items += items.length;
    if (ctx.budget.items > ctx.budget.max)
      throw new RangeError(`more than ${ctx.budget.max} repeated items in one document`);
    const tags = pageSumFields(ctx, table.dynamicRows.rootPath);
    for (let index = 0; index < items.length; index++) {
      const item = items[index];
      const part = await resolveRows(ctx, withItem(scope, item, index), table, headerEnd, footerStart);
      const first = part.rows[0]?.[0];
      if (first && tags.length > 0) {
        first.tags = tags.map((t) => ({ k: t.key, v: toNumber(itemField(item, t.field)) ?? 0 }));
      }
      body.push(...part.rows);
      bodyHeights.push(...part.heights);
    }
  } else {
    const part = await resolveRows(ctx, scope, table, headerEnd, footerStart);
    body.push(...part.rows);
    bodyHeights.push(...part.heights);
  }
  const heights = [...header.heights, ...bodyHeights, ...footer.heights];
  const out: VTable = {
    t: 'table',
    cols: table.columns.map((c) => c.width),
    header: header.rows,
    body,
    footer: footer.rows,
    stroke: strokeOf(table.border) ?? null,
  };
  if (!table.repeatHeader) out.headerRepeat = false;
  if (footer.rows.some((row) => row.some((cell) => hasPageSum(cell.blocks)))) out.footerRepeat = true;
  if (heights.some((h) => h !== null)) out.rowHeights = heights;
  return out;
}
