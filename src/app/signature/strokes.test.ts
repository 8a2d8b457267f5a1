import { describe, expect, it } from 'vitest';
import { drawnBox, drawStrokes, PAD_HEIGHT, PAD_WIDTH, type Pen, padPoint, type Stroke } from './strokes';

function recordingPen() {
  const calls: string[] = [];
  const pen = {
    strokeStyle: '',
    fillStyle: '',
    lineWidth: 0,
    lineCap: 'butt',
    lineJoin: 'miter',
    beginPath: () => calls.push('begin'),
    moveTo: (x: number, y: number) => calls.push(`move ${x},${y}`),
    lineTo: (x: number, y: number) => calls.push(`line ${x},${y}`),
    quadraticCurveTo: (cx: number, cy: number, x: number, y: number) => calls.push(`curve ${cx},${cy} ${x},${y}`),
    arc: (x: number, y: number, r: number) => calls.push(`dot ${x},${y} r${r}`),
    stroke: () => calls.push('stroke'),
    fill: () => calls.push('fill'),
  } satisfies Pen;
  return { pen, calls };
}

describe('signature strokes', () => {
  it('nothing drawn has no box; the box holds every stroke with its pen width and stays inside the pad', () => {
    expect(drawnBox([])).toBeUndefined();
    expect(drawnBox([{ width: 4, points: [] }])).toBeUndefined();
    const strokes: Stroke[] = [
      {
        width: 4,
        points: [
          { x: 100, y: 50 },
          { x: 200, y: 80 },
        ],
      },
      { width: 8, points: [{ x: 150, y: 120 }] },
    ];
    expect(drawnBox(strokes, 0)).toEqual({ x: 98, y: 48, width: 104, height: 76 });
    const atEdge = drawnBox([
      {
        width: 8,
        points: [
          { x: 0, y: 0 },
          { x: PAD_WIDTH, y: PAD_HEIGHT },
        ],
      },
    ]);
    expect(atEdge).toEqual({ x: 0, y: 0, width: PAD_WIDTH, height: PAD_HEIGHT });
  });

  it('maps a pointer to pad units whatever the pad’s size on screen, clamped to the pad', () => {
    const rect = { left: 10, top: 20, width: 300, height: 100 };
    expect(padPoint(160, 70, rect)).toEqual({ x: 300, y: 100 });
    expect(padPoint(0, 500, rect)).toEqual({ x: 0, y: PAD_HEIGHT });
  });

  it('a tap draws a dot; a drag draws one curve through the midpoints, offset to the crop', () => {
    const { pen, calls } = recordingPen();
    drawStrokes(
      pen,
      [
        { width: 4, points: [{ x: 10, y: 10 }] },
        {
          width: 2,
          points: [
            { x: 10, y: 10 },
            { x: 20, y: 20 },
            { x: 30, y: 10 },
          ],
        },
      ],
      { x: 5, y: 5 },
    );
    expect(calls).toEqual([
      'begin',
      'dot 5,5 r2',
      'fill',
      'begin',
      'move 5,5',
      'curve 15,15 20,10',
      'line 25,5',
      'stroke',
    ]);
    expect(pen.lineWidth).toBe(2);
    expect(pen.lineCap).toBe('round');
  });
});
