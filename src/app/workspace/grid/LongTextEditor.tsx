import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

/** Lines the editor grows to before it scrolls. */
const MAX_LINES = 10;
const MIN_WIDTH = 280;

interface Props {
  label: string;
  text: string;
  selectAll: boolean;
  onText: (text: string) => void;
  /** `move`: 1 for Enter (next row), 0 for Tab or leaving the editor. */
  onCommit: (move: number) => void;
  onCancel: () => void;
}

/**
 * A text cell edited in a box that grows over the grid: Enter saves, Shift+Enter (or Alt+Enter, as
 * in a spreadsheet) starts a new line, Esc cancels. It sits in a portal at the cell's place because
 * the grid's rows contain their cells and would clip anything taller than a row.
 */
export function LongTextEditor({ label, text, selectAll, onText, onCommit, onCancel }: Props) {
  const anchor = useRef<HTMLSpanElement>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const [place, setPlace] = useState<{ top: number; left: number; width: number }>();

  useLayoutEffect(() => {
    const cell = anchor.current?.closest('[role="gridcell"]') ?? anchor.current;
    const rect = cell?.getBoundingClientRect();
    if (!rect) return;
    const width = Math.max(rect.width, MIN_WIDTH);
    setPlace({ top: rect.top, left: Math.max(8, Math.min(rect.left, window.innerWidth - width - 8)), width });
  }, []);

  useEffect(() => {
    if (!place) return;
    const element = area.current;
    element?.focus();
    if (selectAll) element?.select();
    else element?.setSelectionRange(element.value.length, element.value.length);
  }, [place, selectAll]);

  // Grow with the text, up to MAX_LINES lines.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text.
  useLayoutEffect(() => {
    const element = area.current;
    if (!element) return;
    element.style.height = 'auto';
    const line = Number.parseFloat(getComputedStyle(element).lineHeight) || 20;
    element.style.height = `${Math.min(element.scrollHeight + 4, line * MAX_LINES + 16)}px`;
  }, [text, place]);

  const newLine = (element: HTMLTextAreaElement) => {
    const { selectionStart: start, selectionEnd: end, value } = element;
    onText(`${value.slice(0, start)}\n${value.slice(end)}`);
    requestAnimationFrame(() => element.setSelectionRange(start + 1, start + 1));
  };

  return (
    <span ref={anchor} className="ws-long-text-anchor">
      {place &&
        createPortal(
          <textarea
            ref={area}
            className="ws-cell-input ws-long-text"
            style={{ top: place.top, left: place.left, width: place.width }}
            value={text}
            rows={1}
            aria-label={label}
            aria-multiline="true"
            onChange={(event) => onText(event.target.value)}
            // The box lives in the cell's React tree: a click or double click inside it (selecting
            // words) must not reach the cell, where it would move the selection or reopen the editor.
            onClick={(event) => event.stopPropagation()}
            onDoubleClick={(event) => event.stopPropagation()}
            onMouseDown={(event) => event.stopPropagation()}
            onBlur={() => onCommit(0)}
            onKeyDown={(event) => {
              event.stopPropagation();
              if (event.key === 'Enter' && event.altKey) {
                event.preventDefault();
                newLine(event.currentTarget);
              } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                onCommit(1);
              } else if (event.key === 'Escape') {
                event.preventDefault();
                onCancel();
              } else if (event.key === 'Tab') {
                event.preventDefault();
                onCommit(0);
              }
            }}
          />,
          document.body,
        )}
    </span>
  );
}
