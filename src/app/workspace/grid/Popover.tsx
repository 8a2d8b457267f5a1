import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import './pickers.css';

interface Props {
  /** The cell the popover belongs to; it opens below it (above when there is no room). */
  anchor: HTMLElement;
  label: string;
  onClose: () => void;
  children: ReactNode;
  width?: number;
}

const GAP = 4;

/**
 * A floating panel anchored to a grid cell. Rendered into document.body: the grid uses CSS
 * containment, inside which `position: fixed` would be relative to the grid, not the window.
 */
export function Popover({ anchor, label, onClose, children, width = 340 }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<{ top: number; left: number; maxHeight: number }>();
  const close = useRef(onClose);
  close.current = onClose;

  useLayoutEffect(() => {
    const measure = () => {
      const rect = anchor.getBoundingClientRect();
      const below = window.innerHeight - rect.bottom - GAP - 8;
      const above = rect.top - GAP - 8;
      const height = ref.current?.offsetHeight ?? 0;
      const flip = below < Math.min(height, 320) && above > below;
      const left = Math.max(8, Math.min(rect.left, window.innerWidth - width - 8));
      setPlace(
        flip
          ? { top: Math.max(8, rect.top - GAP - Math.min(height, above)), left, maxHeight: above }
          : { top: rect.bottom + GAP, left, maxHeight: below },
      );
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [anchor, width]);

  useEffect(() => {
    const away = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!ref.current?.contains(target) && !anchor.contains(target)) close.current();
    };
    // The grid scrolls under a fixed panel: the panel would drift from its cell, so it closes.
    const scrolled = (event: Event) => {
      if (!ref.current?.contains(event.target as Node)) close.current();
    };
    document.addEventListener('mousedown', away);
    document.addEventListener('scroll', scrolled, true);
    return () => {
      document.removeEventListener('mousedown', away);
      document.removeEventListener('scroll', scrolled, true);
    };
  }, [anchor]);

  return createPortal(
    <div
      ref={ref}
      className="ws-popover"
      role="dialog"
      aria-label={label}
      style={{
        width,
        top: place?.top ?? -9999,
        left: place?.left ?? -9999,
        maxHeight: place ? Math.max(200, place.maxHeight) : undefined,
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          close.current();
        }
        // Keys typed here are the picker's, never the grid's navigation.
        event.stopPropagation();
      }}
    >
      {children}
    </div>,
    document.body,
  );
}

interface PickOptionProps {
  listId: string;
  index: number;
  selected: boolean;
  /** The option the arrow keys are on. */
  current: boolean;
  onHover: (index: number) => void;
  onPick: () => void;
  children: ReactNode;
}

/** One option of a picker's listbox; mouse-down keeps focus in the search box. */
export function PickOption({ listId, index, selected, current, onHover, onPick, children }: PickOptionProps) {
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/useFocusableInteractive: keys are handled by the search box, which points at this option with aria-activedescendant
    <div
      id={`${listId}-${index}`}
      role="option"
      aria-selected={selected}
      className={`ws-pick-option${current ? ' cursor' : ''}${selected ? ' on' : ''}`}
      onMouseEnter={() => onHover(index)}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onPick}
    >
      {children}
    </div>
  );
}
