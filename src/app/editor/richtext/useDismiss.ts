/**
 * Closes a popover as people expect: on Escape wherever the focus is, and on a press outside it
 * (its opener, the popover's parent, counts as inside so a second click on it toggles instead).
 */
import { type RefObject, useEffect, useRef } from 'react';

export function useDismiss(ref: RefObject<HTMLElement | null>, onClose: () => void, active = true): void {
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (!active) return;
    const inside = (target: EventTarget | null) => {
      const area = ref.current?.parentElement ?? ref.current;
      return Boolean(area && target instanceof Node && area.contains(target));
    };
    const onDown = (event: PointerEvent) => {
      if (!inside(event.target)) close.current();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      close.current();
    };
    document.addEventListener('pointerdown', onDown, true);
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('pointerdown', onDown, true);
      document.removeEventListener('keydown', onKey, true);
    };
  }, [ref, active]);
}
