/**
 * The drawing of a signature as data: strokes of points in the pad's own units (600 × 200), each
 * with the pen width it was drawn with. Undo drops the last stroke; the saved PNG is the strokes
 * redrawn, cropped to what was drawn, on a transparent ground. Kept apart from the canvas so the
 * rules are tested without a browser.
 */

/** The pad's coordinate space; the screen scales it to any width, the PNG doubles it. */
export const PAD_WIDTH = 600;
export const PAD_HEIGHT = 200;
/** Pixels per pad unit in the saved PNG: sharp when printed at signature size. */
export const EXPORT_SCALE = 2;
export const PEN_WIDTHS = [2, 3, 5, 8] as const;
export const DEFAULT_PEN_WIDTH = 3;
export const INK = '#10204a';

export interface Point {
  x: number;
  y: number;
}
export interface Stroke {
  width: number;
  points: Point[];
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The drawn area with room for the pen's width, inside the pad; undefined when nothing is drawn. */
export function drawnBox(strokes: readonly Stroke[], margin = 4): Box | undefined {
  let left = Number.POSITIVE_INFINITY;
  let top = Number.POSITIVE_INFINITY;
  let right = Number.NEGATIVE_INFINITY;
  let bottom = Number.NEGATIVE_INFINITY;
  for (const stroke of strokes)
    for (const p of stroke.points) {
      const r = stroke.width / 2 + margin;
      left = Math.min(left, p.x - r);
      top = Math.min(top, p.y - r);
      right = Math.max(right, p.x + r);
      bottom = Math.max(bottom, p.y + r);
    }
  if (!Number.isFinite(left)) return undefined;
  const x = Math.max(0, Math.floor(left));
  const y = Math.max(0, Math.floor(top));
  return {
    x,
    y,
    width: Math.min(PAD_WIDTH, Math.ceil(right)) - x,
    height: Math.min(PAD_HEIGHT, Math.ceil(bottom)) - y,
  };
}

/** A point of a pointer event in pad units, clamped to the pad (a stroke may leave it while drawing). */
export function padPoint(
  clientX: number,
  clientY: number,
  rect: { left: number; top: number; width: number; height: number },
): Point {
  const x = ((clientX - rect.left) * PAD_WIDTH) / (rect.width || 1);
  const y = ((clientY - rect.top) * PAD_HEIGHT) / (rect.height || 1);
  return { x: Math.min(PAD_WIDTH, Math.max(0, x)), y: Math.min(PAD_HEIGHT, Math.max(0, y)) };
}

/** The part of CanvasRenderingContext2D the drawing uses. */
export interface Pen {
  strokeStyle: string | CanvasGradient | CanvasPattern;
  fillStyle: string | CanvasGradient | CanvasPattern;
  lineWidth: number;
  lineCap: CanvasLineCap;
  lineJoin: CanvasLineJoin;
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  quadraticCurveTo(cx: number, cy: number, x: number, y: number): void;
  arc(x: number, y: number, r: number, start: number, end: number): void;
  stroke(): void;
  fill(): void;
}

/**
 * Draws strokes: a dot for a tap, else a curve through the midpoints of successive points (smoother
 * than straight segments between pointer samples, and the same on screen and in the PNG).
 */
export function drawStrokes(pen: Pen, strokes: readonly Stroke[], offset: Point = { x: 0, y: 0 }): void {
  pen.strokeStyle = INK;
  pen.fillStyle = INK;
  pen.lineCap = 'round';
  pen.lineJoin = 'round';
  for (const stroke of strokes) {
    const points = stroke.points.map((p) => ({ x: p.x - offset.x, y: p.y - offset.y }));
    const first = points[0];
    if (!first) continue;
    pen.lineWidth = stroke.width;
    if (points.length === 1) {
      pen.beginPath();
      pen.arc(first.x, first.y, stroke.width / 2, 0, Math.PI * 2);
      pen.fill();
      continue;
    }
    pen.beginPath();
    pen.moveTo(first.x, first.y);
    for (let i = 1; i < points.length - 1; i++) {
      const p = points[i] as Point;
      const next = points[i + 1] as Point;
      pen.quadraticCurveTo(p.x, p.y, (p.x + next.x) / 2, (p.y + next.y) / 2);
    }
    const last = points[points.length - 1] as Point;
    pen.lineTo(last.x, last.y);
    pen.stroke();
  }
}
