import { describe, expect, it } from 'vitest';
import {
  A4,
  addField,
  blankCanvas,
  findField,
  isCanvasContent,
  moveField,
  nudgeOf,
  pushHistory,
  readCanvas,
  redo,
  resizeField,
  tagFor,
  undo,
} from './canvasContent';

describe('canvas designer model', () => {
  it('adds fields with unique names and moves them by a nudge, kept on the page', () => {
    const a = addField(blankCanvas(), 0, 'text');
    const b = addField(a.content, 0, 'text');
    expect([a.name, b.name]).toEqual(['field1', 'field2']);
    const shift = nudgeOf('ArrowRight', true)!;
    expect(shift).toEqual({ dx: 10, dy: 0 });
    let c = moveField(b.content, 'field1', shift.dx, shift.dy, A4);
    expect(findField(c, 'field1')!.position).toEqual({ x: 30, y: 20 });
    c = moveField(c, 'field1', -1000, 5000, A4);
    expect(findField(c, 'field1')!.position).toEqual({ x: 0, y: A4.height - 8 });
    expect(nudgeOf('ArrowUp', false)).toEqual({ dx: 0, dy: -1 });
    expect(nudgeOf('a', false)).toBeUndefined();
  });

  it('resizes within the page and not below the minimum', () => {
    const { content, name } = addField(blankCanvas(), 0, 'text');
    const small = resizeField(content, name, -500, -500, A4);
    expect(findField(small, name)).toMatchObject({ width: 2, height: 2 });
    const big = resizeField(content, name, 1000, 1000, A4);
    expect(findField(big, name)).toMatchObject({ width: 190, height: 277 });
  });

  it('undoes and redoes edits', () => {
    const start = blankCanvas();
    const added = addField(start, 0, 'qrcode').content;
    let h = pushHistory({ past: [], present: start, future: [] }, added);
    h = undo(h);
    expect(h.present).toBe(start);
    h = redo(h);
    expect(h.present).toBe(added);
    expect(redo(h)).toBe(h);
  });

  it('recognises canvas content and reads the older object form', () => {
    expect(isCanvasContent(JSON.stringify(blankCanvas()))).toBe(true);
    expect(isCanvasContent('{"pages":[]}')).toBe(false);
    expect(isCanvasContent(JSON.stringify({ kind: 'docx', basePdf: 'x', schemas: [] }))).toBe(false);
    const old = readCanvas(
      JSON.stringify({
        basePdf: 'x',
        schemas: [{ a: { type: 'text', position: { x: 1, y: 1 }, width: 5, height: 5 } }],
      }),
    );
    expect(old.schemas[0]![0]!.name).toBe('a');
    expect(tagFor('Unit.price')).toBe('{Unit\\.price}');
  });
});
