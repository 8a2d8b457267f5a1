/**
 * The viewer's width (followed as the window resizes) and the zoom chosen over it: fit to width
 * until the user zooms, then the chosen step. `pageWidth` is what the pages are drawn at.
 */
import { type RefObject, useEffect, useRef, useState } from 'react';
import { initialZoom, pageWidth, type Zoom } from './zoom';

function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

export interface ViewerZoom {
  viewerRef: RefObject<HTMLDivElement | null>;
  viewerWidth: number;
  zoom: Zoom;
  setZoom: (zoom: Zoom) => void;
  /** The width pages are drawn at; 0 until the viewer has been measured. */
  pageWidth: number;
}

export function useViewerZoom(): ViewerZoom {
  const viewerRef = useRef<HTMLDivElement>(null);
  const viewerWidth = useElementWidth(viewerRef);
  const [chosen, setZoom] = useState<Zoom | null>(null);
  const zoom = chosen ?? initialZoom(viewerWidth);
  return { viewerRef, viewerWidth, zoom, setZoom, pageWidth: viewerWidth > 0 ? pageWidth(zoom, viewerWidth) : 0 };
}
