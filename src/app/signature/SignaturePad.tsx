/**
 * The drawing surface: pointer events, so mouse, pen and touch draw alike (`touch-action: none`
 * keeps a finger from scrolling the page instead). Strokes are owned by the screen; the pad
 * redraws them all whenever they change (undo, clear) and draws the live stroke as it grows.
 */
import { type PointerEvent as ReactPointerEvent, useEffect, useRef } from 'react';
import { drawStrokes, PAD_HEIGHT, PAD_WIDTH, type Point, padPoint, type Stroke } from './strokes';

/** Backing pixels per pad unit on screen: sharp on high-density displays without growing forever. */
const screenScale = () => Math.min(3, Math.max(1, Math.ceil(globalThis.devicePixelRatio || 1)));

export function SignaturePad({
  strokes,
  penWidth,
  label,
  onStroke,
}: {
  strokes: readonly Stroke[];
  penWidth: number;
  label: string;
  onStroke: (stroke: Stroke) => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const live = useRef<{ pointerId: number; stroke: Stroke } | undefined>(undefined);

  const redraw = (extra?: Stroke) => {
    const element = canvas.current;
    const pen = element?.getContext('2d');
    if (!element || !pen) return;
    const scale = element.width / PAD_WIDTH;
    pen.setTransform(scale, 0, 0, scale, 0, 0);
    pen.clearRect(0, 0, PAD_WIDTH, PAD_HEIGHT);
    drawStrokes(pen, extra ? [...strokes, extra] : strokes);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: redraw reads the strokes it is called for
  useEffect(() => redraw(), [strokes]);

  const pointsOf = (e: ReactPointerEvent<HTMLCanvasElement>): Point[] => {
    const rect = e.currentTarget.getBoundingClientRect();
    // Coalesced events carry the samples between frames: a fast stroke stays a curve, not a polygon.
    const samples = e.nativeEvent.getCoalescedEvents?.() ?? [];
    const events = samples.length > 0 ? samples : [e.nativeEvent];
    return events.map((sample) => padPoint(sample.clientX, sample.clientY, rect));
  };

  const down = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    if (e.button !== 0 && e.pointerType === 'mouse') return;
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    live.current = { pointerId: e.pointerId, stroke: { width: penWidth, points: pointsOf(e) } };
    redraw(live.current.stroke);
  };
  const move = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    const current = live.current;
    if (!current || current.pointerId !== e.pointerId) return;
    current.stroke.points.push(...pointsOf(e));
    redraw(current.stroke);
  };
  const up = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    const current = live.current;
    if (!current || current.pointerId !== e.pointerId) return;
    live.current = undefined;
    onStroke(current.stroke);
  };

  return (
    <canvas
      ref={canvas}
      className="sig-pad"
      width={PAD_WIDTH * screenScale()}
      height={PAD_HEIGHT * screenScale()}
      role="img"
      aria-label={label}
      data-testid="signature-pad"
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={up}
    />
  );
}

/** Undo the last stroke and clear the pad: the same two buttons wherever a signature is drawn. */
export function StrokeButtons(props: {
  strokes: Stroke[];
  onChange: (strokes: Stroke[]) => void;
  undoLabel: string;
  clearLabel: string;
}) {
  const { strokes, onChange } = props;
  return (
    <>
      <button
        type="button"
        className="button secondary"
        disabled={strokes.length === 0}
        onClick={() => onChange(strokes.slice(0, -1))}
      >
        {props.undoLabel}
      </button>
      <button type="button" className="button secondary" disabled={strokes.length === 0} onClick={() => onChange([])}>
        {props.clearLabel}
      </button>
    </>
  );
}
