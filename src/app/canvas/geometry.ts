/**
 * Pointer geometry of the designer, pure and in mm: which fields a drag-box (marquee) touches, and
 * resizing a field from any of its eight handles — in the field's own axes when it is rotated (pdfme
 * turns a field around its centre), with the opposite side or corner staying where it is on the page
 * and, for an upright field, the moving edges snapping to other fields and the page.
 */

import type { CanvasField, CanvasTemplateContent } from '../services/canvasContent';
import { MIN_SIZE_MM } from '../services/canvasContent';
import { type Box, type Guide, lineTargets, type PageSize, SNAP_MM } from './arrange';

export interface Point {
  x: number;
  y: number;
}

/** The resize handles: corners and edge middles, named by compass direction. */
export type Handle = 'nw' | 'n' | 'ne' | 'e' | 'se' | 's' | 'sw' | 'w';
export const HANDLES: readonly Handle[] = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'];

/** The compass clockwise from north: a handle turned by k × 45° points k steps further on. */
const COMPASS: readonly Handle[] = ['n', 'ne', 'e', 'se', 's', 'sw', 'w', 'nw'];
const CURSOR_OF: Record<Handle, string> = {
  n: 'ns-resize',
  s: 'ns-resize',
  e: 'ew-resize',
  w: 'ew-resize',
  ne: 'nesw-resize',
  sw: 'nesw-resize',
  nw: 'nwse-resize',
  se: 'nwse-resize',
};

/**
 * The pointer a handle shows on a field turned `rotate`° clockwise: the cursor of the direction the
 * handle points on the page (the top handle of a field turned 90° pulls sideways), to the nearest 45°.
 */
export function handleCursor(handle: Handle, rotate: number | undefined): string {
  const steps = Math.round((rotate ?? 0) / 45);
  const at = (((COMPASS.indexOf(handle) + steps) % 8) + 8) % 8;
  return CURSOR_OF[COMPASS[at] ?? handle];
}

const round = (n: number) => Math.round(n * 10) / 10;
const radians = (deg: number | undefined) => ((deg ?? 0) * Math.PI) / 180;

/** The box two points span (the drag-box from where the pointer went down to where it is). */
export function boxBetween(a: Point, b: Point): Box {
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(a.x - b.x), height: Math.abs(a.y - b.y) };
}

/** A field's four corners on the page as it prints (turned `rotate`° clockwise around its centre). */
function cornersOf(f: Pick<CanvasField, 'position' | 'width' | 'height' | 'rotate'>): Point[] {
  const cx = f.position.x + f.width / 2;
  const cy = f.position.y + f.height / 2;
  const a = radians(f.rotate);
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  return [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ].map(([sx, sy]) => {
    const lx = (sx! * f.width) / 2;
    const ly = (sy! * f.height) / 2;
    return { x: cx + lx * cos - ly * sin, y: cy + lx * sin + ly * cos };
  });
}

function project(points: readonly Point[], axis: Point): [number, number] {
  const values = points.map((p) => p.x * axis.x + p.y * axis.y);
  return [Math.min(...values), Math.max(...values)];
}

/**
 * Whether a field as drawn (rotated too) touches a box: the separating-axis test over the box's
 * axes and the field's own two. Touching counts, as in Figma and pdfme's designer.
 */
export function touches(f: CanvasField, box: Box): boolean {
  const field = cornersOf(f);
  const rect = cornersOf({ position: { x: box.x, y: box.y }, width: box.width, height: box.height });
  const a = radians(f.rotate);
  const axes = [
    { x: 1, y: 0 },
    { x: 0, y: 1 },
    { x: Math.cos(a), y: Math.sin(a) },
    { x: -Math.sin(a), y: Math.cos(a) },
  ];
  return axes.every((axis) => {
    const [fMin, fMax] = project(field, axis);
    const [rMin, rMax] = project(rect, axis);
    return fMax >= rMin - 1e-9 && rMax >= fMin - 1e-9;
  });
}

/** The fields of a page a drag-box touches, in drawing order. */
export function fieldsInBox(fields: readonly CanvasField[], box: Box): string[] {
  return fields.filter((f) => touches(f, box)).map((f) => f.name);
}

/** The selection after a drag-box: what it touches, added to what was selected with Shift. */
export function marqueeSelection(
  fields: readonly CanvasField[],
  box: Box,
  before: readonly string[],
  add: boolean,
): string[] {
  const hit = fieldsInBox(fields, box);
  if (!add) return hit;
  return [...before, ...hit.filter((n) => !before.includes(n))];
}

interface ResizeOptions {
  /** Other fields' boxes to snap to (an upright field only); none: no snapping. */
  others?: readonly Box[];
  threshold?: number;
}

function snapEdge(value: number, targets: readonly number[], threshold: number): number | undefined {
  let best: number | undefined;
  for (const t of targets)
    if (Math.abs(t - value) <= threshold && (best === undefined || Math.abs(t - value) < Math.abs(best - value)))
      best = t;
  return best;
}

/**
 * A field resized by dragging one handle (dx, dy) mm on the page: the pointer's move is taken in the
 * field's own axes, the sides the handle holds move, the opposite ones stay put on the page, and no
 * side gets shorter than the minimum (a line may be thin). An upright field stays on the page and
 * its moving edges snap to `others` and the page's edges and centre (guides returned).
 */
export function resizeBox(
  f: CanvasField,
  handle: Handle,
  dx: number,
  dy: number,
  page: PageSize,
  options: ResizeOptions = {},
): { box: Box; guides: Guide[] } {
  const a = radians(f.rotate);
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  // The pointer's move in the field's axes (the inverse of its rotation).
  const lx = dx * cos + dy * sin;
  const ly = -dx * sin + dy * cos;
  const minW = MIN_SIZE_MM;
  const minH = f.type === 'line' ? 0.1 : MIN_SIZE_MM;
  const upright = !a;
  const { x, y } = f.position;
  // Sides in the field's own frame, its unrotated top-left at (0, 0).
  let left = 0;
  let right = f.width;
  let top = 0;
  let bottom = f.height;
  const guides: Guide[] = [];
  const snap = upright && options.others !== undefined;
  const threshold = options.threshold ?? SNAP_MM;
  const edge = (value: number, origin: number, axis: 'x' | 'y') => {
    if (!snap) return value;
    const at = snapEdge(origin + value, lineTargets(options.others ?? [], page, axis), threshold);
    if (at === undefined) return value;
    guides.push({ axis, at: round(at) });
    return at - origin;
  };
  if (handle.includes('w')) {
    left = edge(left + lx, x, 'x');
    if (upright) left = Math.max(left, -x);
    left = Math.min(left, right - minW);
  }
  if (handle.includes('e')) {
    right = edge(right + lx, x, 'x');
    if (upright) right = Math.min(right, page.width - x);
    right = Math.max(right, left + minW);
  }
  if (handle.includes('n')) {
    top = edge(top + ly, y, 'y');
    if (upright) top = Math.max(top, -y);
    top = Math.min(top, bottom - minH);
  }
  if (handle.includes('s')) {
    bottom = edge(bottom + ly, y, 'y');
    if (upright) bottom = Math.min(bottom, page.height - y);
    bottom = Math.max(bottom, top + minH);
  }
  const width = right - left;
  const height = bottom - top;
  // The centre moves by the sides' mean move, turned back onto the page; the box is kept around it.
  const mx = (left + right - f.width) / 2;
  const my = (top + bottom - f.height) / 2;
  const cx = x + f.width / 2 + mx * cos - my * sin;
  const cy = y + f.height / 2 + mx * sin + my * cos;
  return {
    box: { x: round(cx - width / 2), y: round(cy - height / 2), width: round(width), height: round(height) },
    guides: guides.filter((g, i) => guides.findIndex((o) => o.axis === g.axis && o.at === g.at) === i),
  };
}

/** The content with one field of a page resized from a handle (see `resizeBox`), and the guides. */
export function resizeFieldFrom(
  content: CanvasTemplateContent,
  page: number,
  name: string,
  handle: Handle,
  dx: number,
  dy: number,
  size: PageSize,
  options: ResizeOptions = {},
): { content: CanvasTemplateContent; guides: Guide[] } {
  const field = content.schemas[page]?.find((f) => f.name === name);
  if (!field) return { content, guides: [] };
  const { box, guides } = resizeBox(field, handle, dx, dy, size, options);
  const resized: CanvasField = {
    ...field,
    position: { x: box.x, y: box.y },
    width: box.width,
    height: box.height,
  };
  return {
    content: {
      ...content,
      schemas: content.schemas.map((p, i) => (i === page ? p.map((f) => (f.name === name ? resized : f)) : p)),
    },
    guides,
  };
}
