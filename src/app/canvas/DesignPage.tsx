/**
 * One page of the designer: rulers in mm, the page (blank or the base PDF's image), the fields as
 * boxes drawn rotated as they print, and the pointer work on them — click (Shift/Ctrl: add to the
 * selection), drag a box over the empty page to select the fields it touches (Shift: add to the
 * selection), drag the selection (snapping to other fields and the page, with guide lines),
 * resize from any of eight handles (snapping too), rotate from the handle above (Shift: 15° steps).
 * A whole drag is one undo step: the screen gets the content live and the content the drag started
 * from at the end.
 */
import { type PointerEvent as ReactPointerEvent, useRef, useState } from 'react';
import type { CanvasField, CanvasTemplateContent } from '../services/canvasContent';
import { angleTo, type Box, boundsOf, boxOf, type Guide, moveFields, rotateField, SNAP_MM, snapMove } from './arrange';
import { boxBetween, HANDLES, type Handle, handleCursor, marqueeSelection, resizeFieldFrom } from './geometry';

const TEXT_TYPES = new Set(['text', 'multiVariableText', 'date', 'time', 'dateTime', 'select']);
const PT_TO_MM = 0.3528;
const RULER_PX = 22;

interface Marquee {
  /** Where the pointer went down, in mm on the page. */
  from: { x: number; y: number };
  /** The page's top-left on screen when the drag began. */
  origin: { x: number; y: number };
  /** The selection before, kept with Shift. */
  before: string[];
  add: boolean;
  moved: boolean;
}

interface Drag {
  mode: 'move' | 'resize' | 'rotate';
  /** Resize: the handle pulled. */
  handle?: Handle;
  names: string[];
  x: number;
  y: number;
  base: CanvasTemplateContent;
  /** Rotation: the field's centre on screen. */
  center?: { x: number; y: number };
  /** The field pressed, and whether the pointer has moved since. */
  pressed: string;
  moved: boolean;
}

interface DesignPageProps {
  content: CanvasTemplateContent;
  pageIndex: number;
  size: { width: number; height: number };
  /** Screen px per mm. */
  scale: number;
  background?: string;
  selected: readonly string[];
  onSelect: (names: string[]) => void;
  /** The content while a drag goes on (not an undo step). */
  onLive: (content: CanvasTemplateContent) => void;
  /** A drag ended: `base` is where it started (the undo step), the live content stays. */
  onDragEnd: (base: CanvasTemplateContent) => void;
  onKeyDown: (event: React.KeyboardEvent) => void;
  labelOf: (field: CanvasField) => string;
  rotateLabel: string;
}

function Ruler({ length, scale, axis }: { length: number; scale: number; axis: 'x' | 'y' }) {
  const marks = Array.from({ length: Math.floor(length / 10) + 1 }, (_, i) => i * 10);
  const px = length * scale;
  return (
    <div
      className={`cv-ruler cv-ruler-${axis}`}
      aria-hidden="true"
      data-testid={`canvas-ruler-${axis}`}
      style={{
        [axis === 'x' ? 'width' : 'height']: px,
        // Ticks every 1, 5 and 10 mm (three gradients, see canvas.css).
        backgroundSize: (
          [
            [1, 4],
            [5, 8],
            [10, RULER_PX],
          ] as const
        )
          .map(([mm, tick]) => (axis === 'x' ? `${mm * scale}px ${tick}px` : `${tick}px ${mm * scale}px`))
          .join(', '),
      }}
    >
      {marks.map((mm) => (
        <span key={mm} style={axis === 'x' ? { left: mm * scale } : { top: mm * scale }}>
          {mm}
        </span>
      ))}
    </div>
  );
}

export function DesignPage(props: DesignPageProps) {
  const { content, pageIndex, size, scale, selected } = props;
  const drag = useRef<Drag | undefined>(undefined);
  const marquee = useRef<Marquee | undefined>(undefined);
  const [guides, setGuides] = useState<Guide[]>([]);
  const [band, setBand] = useState<Box | undefined>(undefined);
  const fields = content.schemas[pageIndex] ?? [];
  const chosen = new Set(selected);

  const start = (event: ReactPointerEvent, field: CanvasField, mode: Drag['mode'], handle?: Handle) => {
    event.stopPropagation();
    event.preventDefault();
    let names = selected.includes(field.name) ? [...selected] : [field.name];
    if (mode === 'move' && (event.shiftKey || event.ctrlKey || event.metaKey)) {
      // Shift/Ctrl-click toggles the field in the selection and does not drag.
      names = chosen.has(field.name) ? selected.filter((n) => n !== field.name) : [...selected, field.name];
      props.onSelect(names);
      return;
    }
    if (mode !== 'move') names = [field.name];
    props.onSelect(names);
    (event.currentTarget as HTMLElement).setPointerCapture?.(event.pointerId);
    const box = (event.currentTarget as HTMLElement).closest('.cv-field')?.getBoundingClientRect();
    drag.current = {
      mode,
      ...(handle ? { handle } : {}),
      names,
      x: event.clientX,
      y: event.clientY,
      base: content,
      pressed: field.name,
      moved: false,
      ...(box ? { center: { x: box.left + box.width / 2, y: box.top + box.height / 2 } } : {}),
    };
  };

  const startMarquee = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    const page = event.currentTarget.getBoundingClientRect();
    const from = { x: (event.clientX - page.left) / scale, y: (event.clientY - page.top) / scale };
    const add = event.shiftKey || event.ctrlKey || event.metaKey;
    marquee.current = { from, origin: { x: page.left, y: page.top }, before: [...selected], add, moved: false };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };

  const moveMarquee = (event: ReactPointerEvent) => {
    const m = marquee.current;
    if (!m) return;
    const to = { x: (event.clientX - m.origin.x) / scale, y: (event.clientY - m.origin.y) / scale };
    m.moved ||= Math.abs(to.x - m.from.x) + Math.abs(to.y - m.from.y) > 2 / scale;
    if (!m.moved) return;
    const box = boxBetween(m.from, to);
    setBand(box);
    props.onSelect(marqueeSelection(fields, box, m.before, m.add));
  };

  const endMarquee = () => {
    const m = marquee.current;
    marquee.current = undefined;
    setBand(undefined);
    // A click on the empty page clears the selection (Shift-click keeps it).
    if (m && !m.moved && !m.add) props.onSelect([]);
  };

  const move = (event: ReactPointerEvent) => {
    if (marquee.current) return moveMarquee(event);
    const d = drag.current;
    if (!d) return;
    d.moved ||= Math.abs(event.clientX - d.x) + Math.abs(event.clientY - d.y) > 2;
    if (!d.moved) return;
    const dx = (event.clientX - d.x) / scale;
    const dy = (event.clientY - d.y) / scale;
    const base = d.base.schemas[pageIndex] ?? [];
    if (d.mode === 'move') {
      const moving = base.filter((f) => d.names.includes(f.name));
      if (!moving.length) return;
      const others = base.filter((f) => !d.names.includes(f.name)).map(boxOf);
      // Alt turns snapping off; the distance is in screen terms, so it shrinks as you zoom in.
      const snapped = event.altKey
        ? { dx, dy, guides: [] }
        : snapMove(boundsOf(moving.map(boxOf)), dx, dy, others, size, (SNAP_MM * 3) / scale);
      setGuides(snapped.guides);
      props.onLive(moveFields(d.base, pageIndex, d.names, snapped.dx, snapped.dy, size));
    } else if (d.mode === 'resize') {
      const others = base.filter((f) => f.name !== d.names[0]).map(boxOf);
      const resized = resizeFieldFrom(d.base, pageIndex, d.names[0]!, d.handle ?? 'se', dx, dy, size, {
        ...(event.altKey ? {} : { others }),
        threshold: (SNAP_MM * 3) / scale,
      });
      setGuides(resized.guides);
      props.onLive(resized.content);
    } else if (d.center) {
      const angle = angleTo(d.center, { x: event.clientX, y: event.clientY }, event.shiftKey ? 15 : 1);
      props.onLive(rotateField(d.base, d.names[0]!, angle));
    }
  };

  const end = () => {
    if (marquee.current) return endMarquee();
    const d = drag.current;
    drag.current = undefined;
    setGuides([]);
    if (!d) return;
    // A click (no move) on a field of a selection picks that field alone.
    if (!d.moved && d.mode === 'move' && d.names.length > 1) props.onSelect([d.pressed]);
    props.onDragEnd(d.base);
  };

  return (
    <div
      className="cv-rulers"
      style={{ gridTemplateColumns: `${RULER_PX}px auto`, gridTemplateRows: `${RULER_PX}px auto` }}
    >
      <span className="cv-ruler-corner" aria-hidden="true">
        mm
      </span>
      <Ruler length={size.width} scale={scale} axis="x" />
      <Ruler length={size.height} scale={scale} axis="y" />
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the page takes the designer's keys (arrows, undo, delete, copy, paste); every field is also a focusable button */}
      <div
        className="cv-page"
        data-testid="canvas-page"
        tabIndex={-1}
        style={{
          width: size.width * scale,
          height: size.height * scale,
          backgroundImage: props.background ? `url(${props.background})` : undefined,
        }}
        onKeyDown={props.onKeyDown}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
        onPointerDown={startMarquee}
      >
        {fields.map((f) => {
          const isSelected = chosen.has(f.name);
          const single = isSelected && selected.length === 1;
          return (
            <button
              key={f.name}
              type="button"
              className={`cv-field cv-type-${f.type}${isSelected ? ' is-selected' : ''}`}
              data-testid="canvas-field"
              data-name={f.name}
              data-type={f.type}
              aria-pressed={isSelected}
              style={{
                left: f.position.x * scale,
                top: f.position.y * scale,
                width: Math.max(f.width * scale, 4),
                height: Math.max(f.height * scale, 4),
                transform: f.rotate ? `rotate(${f.rotate}deg)` : undefined,
                fontSize: TEXT_TYPES.has(f.type) ? `${(f.fontSize ?? 12) * PT_TO_MM * scale}px` : undefined,
                textAlign: f.alignment === 'justify' ? 'left' : (f.alignment ?? 'left'),
                color: typeof f.fontColor === 'string' ? f.fontColor : undefined,
              }}
              onPointerDown={(e) => start(e, f, 'move')}
              onFocus={() => {
                if (!chosen.has(f.name)) props.onSelect([f.name]);
              }}
            >
              <span className="cv-field-text">{props.labelOf(f)}</span>
              {single ? (
                <>
                  {HANDLES.map((h) => (
                    <span
                      key={h}
                      className={`cv-handle cv-handle-${h}`}
                      data-testid={`canvas-resize-${h}`}
                      style={{ cursor: handleCursor(h, f.rotate) }}
                      aria-hidden="true"
                      onPointerDown={(e) => start(e, f, 'resize', h)}
                    />
                  ))}
                  <span
                    className="cv-rotate"
                    data-testid="canvas-rotate"
                    title={props.rotateLabel}
                    aria-hidden="true"
                    onPointerDown={(e) => start(e, f, 'rotate')}
                  />
                </>
              ) : null}
            </button>
          );
        })}
        {band ? (
          <span
            className="cv-marquee"
            data-testid="canvas-marquee"
            style={{
              left: band.x * scale,
              top: band.y * scale,
              width: band.width * scale,
              height: band.height * scale,
            }}
          />
        ) : null}
        {guides.map((g) => (
          <span
            key={`${g.axis}${g.at}`}
            className={`cv-guide cv-guide-${g.axis}`}
            data-testid="canvas-guide"
            style={g.axis === 'x' ? { left: g.at * scale } : { top: g.at * scale }}
          />
        ))}
      </div>
    </div>
  );
}
