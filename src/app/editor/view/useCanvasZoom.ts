import { type RefObject, useCallback, useEffect, useState } from 'react';
import { fitZoom, parseZoomSetting, stepZoom, type ZoomSetting, zoomShortcut } from './zoom';

const ZOOM_KEY = 'quire.editor.zoom';
/** Room the canvas keeps beside the page (its padding and the block bar). */
const CANVAS_GUTTER = 72;

function readSetting(): ZoomSetting {
  try {
    return parseZoomSetting(localStorage.getItem(ZOOM_KEY));
  } catch {
    return 'fit';
  }
}

/**
 * The canvas zoom in use and the ways to change it: the chosen setting, the width-fitting zoom
 * measured on the canvas element, and Ctrl/Cmd + / − / 0 while the editor is open (the browser's
 * own page zoom would scale the panels too, not the page).
 */
export function useCanvasZoom(canvasRef: RefObject<HTMLElement | null>, pageWidth: number) {
  const [setting, setSetting] = useState<ZoomSetting>(readSetting);
  const [fit, setFit] = useState(1);

  useEffect(() => {
    const el = canvasRef.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setFit(fitZoom(el.clientWidth - CANVAS_GUTTER, pageWidth)));
    observer.observe(el);
    return () => observer.disconnect();
  }, [canvasRef, pageWidth]);

  const zoom = setting === 'fit' ? fit : setting;

  const choose = useCallback((next: ZoomSetting) => {
    setSetting(next);
    try {
      localStorage.setItem(ZOOM_KEY, String(next));
    } catch {
      // Private mode or a full disk: the zoom still applies to this visit.
    }
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const wanted = zoomShortcut(event);
      if (!wanted) return;
      event.preventDefault();
      choose(wanted === 'fit' ? 'fit' : stepZoom(zoom, wanted === 'in' ? 1 : -1));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [choose, zoom]);

  return { zoom, setting, fit, choose };
}

/** A yes/no layout choice kept in this browser (a hidden panel, a wide preview). */
export function useStoredFlag(key: string): [boolean, (value: boolean) => void] {
  const [value, setValue] = useState(() => {
    try {
      return localStorage.getItem(key) === '1';
    } catch {
      return false;
    }
  });
  const set = useCallback(
    (next: boolean) => {
      setValue(next);
      try {
        localStorage.setItem(key, next ? '1' : '0');
      } catch {
        // Kept for this visit only.
      }
    },
    [key],
  );
  return [value, set];
}

/** Below this window width the live preview starts folded: with it open the page would fit at ~55 %. */
const PREVIEW_OPEN_MIN_WIDTH = 1500;
const PREVIEW_KEY = 'quire.editor.livePreview';

/**
 * Whether the live preview is open: the user's last choice in this browser, else open only on a
 * window wide enough for the page to stay readable beside it (issue 12: at 1280–1440 px the open
 * preview shrank body text to 6–8 px).
 */
export function useLivePreviewOpen(): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(() => {
    try {
      const stored = localStorage.getItem(PREVIEW_KEY);
      if (stored === '1' || stored === '0') return stored === '1';
    } catch {
      // No storage: decide by the window.
    }
    return typeof window === 'undefined' || window.innerWidth >= PREVIEW_OPEN_MIN_WIDTH;
  });
  const set = useCallback((next: boolean) => {
    setOpen(next);
    try {
      localStorage.setItem(PREVIEW_KEY, next ? '1' : '0');
    } catch {
      // Kept for this visit only.
    }
  }, []);
  return [open, set];
}
