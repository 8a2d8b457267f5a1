import { describe, expect, it } from 'vitest';
import type { CanvasField, CanvasTemplateContent } from '../services/canvasContent';
import { MIN_SIZE_MM } from '../services/canvasContent';
import {
  boxBetween,
  fieldsInBox,
  HANDLES,
  type Handle,
  handleCursor,
  marqueeSelection,
  resizeBox,
  resizeFieldFrom,
  touches,
} from './geometry';

const A4 = { width: 210, height: 297 };
function field(name: string, x: number, y: number, width = 40, height = 20, extra: Partial<CanvasField> = {}) {
  return { name, type: 'text', position: { x, y }, width, height, ...extra } as CanvasField;
}

describe('drag-box selection', () => {
  const fields = [field('a', 10, 10), field('b', 100, 10), field('c', 10, 100)];

  it('spans the box from either corner', () => {
    expect(boxBetween({ x: 50, y: 40 }, { x: 5, y: 5 })).toEqual({ x: 5, y: 5, width: 45, height: 35 });
  });

  it('selects the fields the box touches, not only those inside it', () => {
    // Overlaps a's right part and b's left part; c is far below.
    expect(fieldsInBox(fields, boxBetween({ x: 45, y: 0 }, { x: 105, y: 15 }))).toEqual(['a', 'b']);
    expect(fieldsInBox(fields, boxBetween({ x: 60, y: 50 }, { x: 90, y: 90 }))).toEqual([]);
    // An edge that just meets counts as touching.
    expect(fieldsInBox(fields, { x: 50, y: 0, width: 5, height: 5 })).toEqual([]);
    expect(fieldsInBox(fields, { x: 50, y: 10, width: 5, height: 5 })).toEqual(['a']);
  });

  it('tests a rotated field by its turned outline, not its upright box', () => {
    // 100×4 turned 90°: it stands upright around its centre (60, 52), from y=2 to y=102.
    const bar = field('bar', 10, 50, 100, 4, { rotate: 90 });
    expect(touches(bar, { x: 58, y: 0, width: 4, height: 5 })).toBe(true);
    // Where the unturned bar would lie, but the turned one does not.
    expect(touches(bar, { x: 15, y: 50, width: 5, height: 4 })).toBe(false);
    // 45°: a box in the corner of its upright bounds misses the diamond.
    const diamond = field('d', 0, 0, 20, 20, { rotate: 45 });
    expect(touches(diamond, { x: 0, y: 0, width: 2, height: 2 })).toBe(false);
    expect(touches(diamond, { x: 9, y: 9, width: 2, height: 2 })).toBe(true);
  });

  it('replaces the selection, or adds to it with Shift (no duplicates)', () => {
    const box = boxBetween({ x: 0, y: 0 }, { x: 60, y: 40 });
    expect(marqueeSelection(fields, box, ['c'], false)).toEqual(['a']);
    expect(marqueeSelection(fields, box, ['c', 'a'], true)).toEqual(['c', 'a']);
    expect(marqueeSelection(fields, boxBetween({ x: 0, y: 0 }, { x: 120, y: 15 }), ['c'], true)).toEqual([
      'c',
      'a',
      'b',
    ]);
  });
});

describe('resizing from every handle', () => {
  const f = field('f', 50, 50, 40, 20);
  // Dragging each handle 5 mm outwards grows the field by 5 mm on that side or both sides.
  const outwards: Record<Handle, [number, number, { x: number; y: number; width: number; height: number }]> = {
    nw: [-5, -5, { x: 45, y: 45, width: 45, height: 25 }],
    n: [-5, -5, { x: 50, y: 45, width: 40, height: 25 }],
    ne: [5, -5, { x: 50, y: 45, width: 45, height: 25 }],
    e: [5, 5, { x: 50, y: 50, width: 45, height: 20 }],
    se: [5, 5, { x: 50, y: 50, width: 45, height: 25 }],
    s: [5, 5, { x: 50, y: 50, width: 40, height: 25 }],
    sw: [-5, 5, { x: 45, y: 50, width: 45, height: 25 }],
    w: [-5, 5, { x: 45, y: 50, width: 45, height: 20 }],
  };
  for (const handle of HANDLES)
    it(`moves only the sides the ${handle} handle holds`, () => {
      const [dx, dy, expected] = outwards[handle];
      expect(resizeBox(f, handle, dx, dy, A4).box).toEqual(expected);
    });

  it('keeps the minimum size, the opposite side staying where it was', () => {
    expect(resizeBox(f, 'nw', 100, 100, A4).box).toEqual({
      x: 90 - MIN_SIZE_MM,
      y: 70 - MIN_SIZE_MM,
      width: MIN_SIZE_MM,
      height: MIN_SIZE_MM,
    });
    expect(resizeBox(f, 'se', -100, -100, A4).box).toEqual({ x: 50, y: 50, width: MIN_SIZE_MM, height: MIN_SIZE_MM });
    // A line may be thinner than the minimum.
    const line = field('l', 10, 10, 50, 0.5, { type: 'line' });
    expect(resizeBox(line, 's', 0, -3, A4).box.height).toBe(0.1);
  });

  it('keeps an upright field on the page', () => {
    expect(resizeBox(f, 'nw', -80, -80, A4).box).toEqual({ x: 0, y: 0, width: 90, height: 70 });
    expect(resizeBox(f, 'se', 500, 500, A4).box).toEqual({ x: 50, y: 50, width: 160, height: 247 });
  });

  it('resizes a rotated field in its own axes, its opposite corner staying put on the page', () => {
    // Turned 90° clockwise: the field's own "right" points down the page.
    const turned = field('t', 50, 50, 40, 20, { rotate: 90 });
    const { box } = resizeBox(turned, 'e', 0, 10, A4);
    expect(box.width).toBe(50);
    expect(box.height).toBe(20);
    // Its west edge (on the page: the top, at y = 60 - 20 = 40) has not moved.
    const cy = box.y + box.height / 2;
    expect(cy - box.width / 2).toBeCloseTo(40, 5);
    // Pulling the same handle sideways on the page does not change its length.
    expect(resizeBox(turned, 'e', 10, 0, A4).box.width).toBe(40);
  });

  it('snaps the moving edges of an upright field to other fields and the page, with guides', () => {
    const other = { x: 100, y: 30, width: 20, height: 10 };
    const { box, guides } = resizeBox(f, 'e', 9, 0, A4, { others: [other], threshold: 1.5 });
    expect(box.width).toBe(50);
    expect(guides).toEqual([{ axis: 'x', at: 100 }]);
    const top = resizeBox(f, 'n', 0, -9.2, A4, { others: [other], threshold: 1.5 });
    expect(top.box).toEqual({ x: 50, y: 40, width: 40, height: 30 });
    expect(top.guides).toEqual([{ axis: 'y', at: 40 }]);
    // The page's centre line (105 mm) too; no snapping when none asked for.
    expect(resizeBox(f, 'e', 14, 0, A4, { others: [], threshold: 1.5 }).box.width).toBe(55);
    expect(resizeBox(f, 'e', 14, 0, A4).box.width).toBe(54);
  });

  it('changes the content of one field only', () => {
    const content: CanvasTemplateContent = {
      kind: 'canvas',
      basePdf: { width: 210, height: 297, padding: [0, 0, 0, 0] },
      schemas: [[f, field('g', 0, 0)]],
    };
    const out = resizeFieldFrom(content, 0, 'f', 'w', -10, 0, A4);
    expect(out.content.schemas[0]?.[0]).toMatchObject({ position: { x: 40, y: 50 }, width: 50, height: 20 });
    expect(out.content.schemas[0]?.[1]).toBe(content.schemas[0]?.[1]);
    expect(resizeFieldFrom(content, 0, 'missing', 'w', 1, 1, A4).content).toBe(content);
  });
});

describe('resize handle cursors', () => {
  it('follow the field’s rotation to the nearest 45°', () => {
    expect(handleCursor('n', 0)).toBe('ns-resize');
    expect(handleCursor('nw', undefined)).toBe('nwse-resize');
    expect(handleCursor('n', 90)).toBe('ew-resize');
    expect(handleCursor('e', 90)).toBe('ns-resize');
    expect(handleCursor('n', 45)).toBe('nesw-resize');
    expect(handleCursor('ne', 44)).toBe('ew-resize');
    expect(handleCursor('se', 180)).toBe('nwse-resize');
    expect(handleCursor('n', -90)).toBe('ew-resize');
    expect(handleCursor('w', 270)).toBe('ns-resize');
    expect(handleCursor('nw', 20)).toBe('nwse-resize');
  });
});
