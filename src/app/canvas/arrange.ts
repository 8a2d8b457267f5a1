/**
 * Arranging several fields at once: group moves with snapping to other fields and the page,
 * align and distribute, z-order, copy/paste, rotation. Pure functions over the stored content
 * (pdfme draws a page's fields in list order, so z-order is the order of `schemas[page]`).
 */
import type { CanvasField, CanvasTemplateContent } from '../services/canvasContent';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface PageSize {
  width: number;
  height: number;
}
/** A guide line drawn while snapping: vertical (`x`, in mm) or horizontal (`y`). */
export interface Guide {
  axis: 'x' | 'y';
  at: number;
}

/** Snapping distance in mm at 100 % zoom. */
export const SNAP_MM = 1.5;
/** Pasted fields land this far right and down of their copies. */
const PASTE_OFFSET_MM = 5;

const round = (n: number) => Math.round(n * 10) / 10;

export function boxOf(f: CanvasField): Box {
  return { x: f.position.x, y: f.position.y, width: f.width, height: f.height };
}

/** The smallest box around several boxes. */
export function boundsOf(boxes: readonly Box[]): Box {
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  return { x, y, width: right - x, height: bottom - y };
}

function pageFields(content: CanvasTemplateContent, page: number): CanvasField[] {
  return content.schemas[page] ?? [];
}

function mapPage(
  content: CanvasTemplateContent,
  page: number,
  fn: (fields: CanvasField[]) => CanvasField[],
): CanvasTemplateContent {
  return { ...content, schemas: content.schemas.map((p, i) => (i === page ? fn(p) : p)) };
}

function withPosition(f: CanvasField, x: number, y: number): CanvasField {
  return { ...f, position: { x: round(x), y: round(y) } };
}

/** Moves the named fields of a page together by (dx, dy) mm; the group stays on the page. */
export function moveFields(
  content: CanvasTemplateContent,
  page: number,
  names: readonly string[],
  dx: number,
  dy: number,
  size: PageSize,
): CanvasTemplateContent {
  const chosen = new Set(names);
  const moving = pageFields(content, page).filter((f) => chosen.has(f.name));
  if (!moving.length) return content;
  const b = boundsOf(moving.map(boxOf));
  const cx = Math.min(Math.max(dx, -b.x), Math.max(-b.x, size.width - b.x - b.width));
  const cy = Math.min(Math.max(dy, -b.y), Math.max(-b.y, size.height - b.y - b.height));
  return mapPage(content, page, (fields) =>
    fields.map((f) => (chosen.has(f.name) ? withPosition(f, f.position.x + cx, f.position.y + cy) : f)),
  );
}

function lines(b: Box, axis: 'x' | 'y'): number[] {
  return axis === 'x' ? [b.x, b.x + b.width / 2, b.x + b.width] : [b.y, b.y + b.height / 2, b.y + b.height];
}

/** What an edge snaps to on one axis: other boxes' edges and centres, the page's edges and centre. */
export function lineTargets(targets: readonly Box[], page: PageSize, axis: 'x' | 'y'): number[] {
  const length = axis === 'x' ? page.width : page.height;
  return [...targets.flatMap((t) => lines(t, axis)), 0, length / 2, length];
}

function snapAxis(moving: Box, targets: readonly Box[], page: PageSize, axis: 'x' | 'y', threshold: number) {
  const candidates = lineTargets(targets, page, axis);
  let best: { shift: number; at: number } | undefined;
  for (const own of lines(moving, axis))
    for (const at of candidates) {
      const shift = at - own;
      if (Math.abs(shift) <= threshold && (!best || Math.abs(shift) < Math.abs(best.shift))) best = { shift, at };
    }
  return best;
}

/**
 * Where a box dragged by (dx, dy) snaps: its edges and centre meet another field's edges or centre,
 * or the page's edges or centre line, within `threshold` mm. Returns the adjusted move and the
 * guide lines to draw.
 */
export function snapMove(
  start: Box,
  dx: number,
  dy: number,
  others: readonly Box[],
  page: PageSize,
  threshold = SNAP_MM,
): { dx: number; dy: number; guides: Guide[] } {
  const moved = { ...start, x: start.x + dx, y: start.y + dy };
  const guides: Guide[] = [];
  const sx = snapAxis(moved, others, page, 'x', threshold);
  const sy = snapAxis(moved, others, page, 'y', threshold);
  if (sx) guides.push({ axis: 'x', at: round(sx.at) });
  if (sy) guides.push({ axis: 'y', at: round(sy.at) });
  return { dx: dx + (sx?.shift ?? 0), dy: dy + (sy?.shift ?? 0), guides };
}

export type Alignment = 'left' | 'center' | 'right' | 'top' | 'middle' | 'bottom';

/** Aligns the named fields to their common box's edge or centre (one field: to the page's). */
export function alignFields(
  content: CanvasTemplateContent,
  page: number,
  names: readonly string[],
  to: Alignment,
  size: PageSize,
): CanvasTemplateContent {
  const chosen = new Set(names);
  const moving = pageFields(content, page).filter((f) => chosen.has(f.name));
  if (!moving.length) return content;
  const b = moving.length === 1 ? { x: 0, y: 0, ...size } : boundsOf(moving.map(boxOf));
  return mapPage(content, page, (fields) =>
    fields.map((f) => {
      if (!chosen.has(f.name)) return f;
      const { x, y } = f.position;
      const target: Record<Alignment, [number, number]> = {
        left: [b.x, y],
        center: [b.x + (b.width - f.width) / 2, y],
        right: [b.x + b.width - f.width, y],
        top: [x, b.y],
        middle: [x, b.y + (b.height - f.height) / 2],
        bottom: [x, b.y + b.height - f.height],
      };
      return withPosition(f, ...target[to]);
    }),
  );
}

/** Spreads three or more fields so the gaps between them are equal (first and last stay). */
export function distributeFields(
  content: CanvasTemplateContent,
  page: number,
  names: readonly string[],
  axis: 'horizontal' | 'vertical',
): CanvasTemplateContent {
  const chosen = new Set(names);
  const horizontal = axis === 'horizontal';
  const start = (f: CanvasField) => (horizontal ? f.position.x : f.position.y);
  const extent = (f: CanvasField) => (horizontal ? f.width : f.height);
  const sorted = pageFields(content, page)
    .filter((f) => chosen.has(f.name))
    .sort((a, b) => start(a) - start(b));
  if (sorted.length < 3) return content;
  const first = sorted[0]!;
  const last = sorted[sorted.length - 1]!;
  const span = start(last) + extent(last) - start(first);
  const gap = (span - sorted.reduce((sum, f) => sum + extent(f), 0)) / (sorted.length - 1);
  const placed = new Map<string, number>();
  let at = start(first);
  for (const f of sorted) {
    placed.set(f.name, at);
    at += extent(f) + gap;
  }
  return mapPage(content, page, (fields) =>
    fields.map((f) => {
      const p = placed.get(f.name);
      if (p === undefined) return f;
      return horizontal ? withPosition(f, p, f.position.y) : withPosition(f, f.position.x, p);
    }),
  );
}

export type Layer = 'front' | 'back' | 'forward' | 'backward';

/** Changes drawing order: later fields are drawn over earlier ones. */
export function reorderFields(
  content: CanvasTemplateContent,
  page: number,
  names: readonly string[],
  to: Layer,
): CanvasTemplateContent {
  const chosen = new Set(names);
  return mapPage(content, page, (fields) => {
    const picked = fields.filter((f) => chosen.has(f.name));
    const rest = fields.filter((f) => !chosen.has(f.name));
    if (to === 'front') return [...rest, ...picked];
    if (to === 'back') return [...picked, ...rest];
    const out = [...fields];
    // One step: swap each chosen field with its unchosen neighbour in the direction asked.
    if (to === 'forward')
      for (let i = out.length - 2; i >= 0; i--) {
        if (chosen.has(out[i]!.name) && !chosen.has(out[i + 1]!.name)) [out[i], out[i + 1]] = [out[i + 1]!, out[i]!];
      }
    else
      for (let i = 1; i < out.length; i++) {
        if (chosen.has(out[i]!.name) && !chosen.has(out[i - 1]!.name)) [out[i], out[i - 1]] = [out[i - 1]!, out[i]!];
      }
    return out;
  });
}

export function removeFields(content: CanvasTemplateContent, names: readonly string[]): CanvasTemplateContent {
  const chosen = new Set(names);
  return { ...content, schemas: content.schemas.map((p) => p.filter((f) => !chosen.has(f.name))) };
}

/** Copies of the named fields in drawing order (a clipboard independent of later edits). */
export function copyFields(content: CanvasTemplateContent, page: number, names: readonly string[]): CanvasField[] {
  const chosen = new Set(names);
  return structuredClone(pageFields(content, page).filter((f) => chosen.has(f.name)));
}

function freeName(taken: Set<string>, name: string): string {
  const stem = name.replace(/(_copy)?\d*$/, '');
  for (let i = 1; ; i++) {
    const candidate = `${stem}_copy${i}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Pastes copied fields onto a page, offset and renamed so every name stays unique. */
export function pasteFields(
  content: CanvasTemplateContent,
  page: number,
  clipboard: readonly CanvasField[],
  size: PageSize,
): { content: CanvasTemplateContent; names: string[] } {
  const taken = new Set(content.schemas.flat().map((f) => f.name));
  const names: string[] = [];
  const pasted = clipboard.map((f) => {
    const name = freeName(taken, f.name);
    taken.add(name);
    names.push(name);
    const x = Math.min(f.position.x + PASTE_OFFSET_MM, Math.max(0, size.width - f.width));
    const y = Math.min(f.position.y + PASTE_OFFSET_MM, Math.max(0, size.height - f.height));
    return withPosition({ ...structuredClone(f), name }, x, y);
  });
  return { content: mapPage(content, page, (fields) => [...fields, ...pasted]), names };
}

/** Sets a field's rotation in degrees (0–359; pdfme turns it around its centre). */
export function rotateField(content: CanvasTemplateContent, name: string, degrees: number): CanvasTemplateContent {
  const normal = Math.round(((degrees % 360) + 360) % 360);
  return {
    ...content,
    schemas: content.schemas.map((p) =>
      p.map((f) => {
        if (f.name !== name) return f;
        const { rotate: _old, ...rest } = f;
        return normal ? { ...rest, rotate: normal } : (rest as CanvasField);
      }),
    ),
  };
}

/** The angle in degrees from a field's centre to a pointer (0 = straight up, clockwise), snapped to 15° with Shift. */
export function angleTo(center: { x: number; y: number }, pointer: { x: number; y: number }, step = 1): number {
  const deg = (Math.atan2(pointer.x - center.x, center.y - pointer.y) * 180) / Math.PI;
  return Math.round(((deg + 360) % 360) / step) * step;
}
