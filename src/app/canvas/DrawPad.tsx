/** A small pad to draw a signature with the pointer; "Use" hands it over as a PNG data URL. */
import { type PointerEvent as ReactPointerEvent, useRef } from 'react';

const WIDTH = 300;
const HEIGHT = 110;

export function DrawPad({
  label,
  clearLabel,
  useLabel,
  onDrawn,
}: {
  label: string;
  clearLabel: string;
  useLabel: string;
  onDrawn: (dataUrl: string) => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | undefined>(undefined);
  const drawn = useRef(false);

  const point = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: ((e.clientX - r.left) * WIDTH) / r.width, y: ((e.clientY - r.top) * HEIGHT) / r.height };
  };
  const down = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    e.currentTarget.setPointerCapture?.(e.pointerId);
    last.current = point(e);
  };
  const move = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    const from = last.current;
    const ctx = canvas.current?.getContext('2d');
    if (!from || !ctx) return;
    const to = point(e);
    ctx.strokeStyle = '#10204a';
    ctx.lineWidth = 2.2;
    ctx.lineCap = 'round';
    ctx.beginPath();
    ctx.moveTo(from.x, from.y);
    ctx.lineTo(to.x, to.y);
    ctx.stroke();
    last.current = to;
    drawn.current = true;
  };
  const up = () => {
    last.current = undefined;
  };

  return (
    <div className="cv-drawpad">
      <span>{label}</span>
      <canvas
        ref={canvas}
        width={WIDTH}
        height={HEIGHT}
        data-testid="canvas-drawpad"
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
      />
      <div className="cv-drawpad-actions">
        <button
          type="button"
          className="btn"
          onClick={() => {
            canvas.current?.getContext('2d')?.clearRect(0, 0, WIDTH, HEIGHT);
            drawn.current = false;
          }}
        >
          {clearLabel}
        </button>
        <button
          type="button"
          className="btn"
          data-testid="canvas-drawpad-use"
          onClick={() => {
            if (drawn.current && canvas.current) onDrawn(canvas.current.toDataURL('image/png'));
          }}
        >
          {useLabel}
        </button>
      </div>
    </div>
  );
}
