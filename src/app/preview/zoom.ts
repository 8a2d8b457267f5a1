/**
 * Zoom of the preview. 100 % draws a page 794 CSS px wide (A4 at 96 dpi); other page sizes scale
 * the same way, so the percentage is a nominal one. "Fit" follows the viewer's width.
 */
export const NOMINAL_PAGE_WIDTH = 794;
export const ZOOM_STEPS = [0.5, 0.67, 0.75, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3] as const;
/** Room left around a page inside the viewer (padding and the page shadow). */
export const VIEWER_GUTTER = 64;
const MIN_WIDTH = 200;

export type Zoom = { kind: 'fit' } | { kind: 'scale'; scale: number };

export function fitScale(viewerWidth: number): number {
  return Math.max(MIN_WIDTH, viewerWidth - VIEWER_GUTTER) / NOMINAL_PAGE_WIDTH;
}

function scaleOf(zoom: Zoom, viewerWidth: number): number {
  return zoom.kind === 'fit' ? fitScale(viewerWidth) : zoom.scale;
}

/** The page width to draw, in CSS px. */
export function pageWidth(zoom: Zoom, viewerWidth: number): number {
  return Math.round(scaleOf(zoom, viewerWidth) * NOMINAL_PAGE_WIDTH);
}

/** The first step above the current scale (from fit too), capped at the largest. */
export function zoomIn(zoom: Zoom, viewerWidth: number): Zoom {
  const current = scaleOf(zoom, viewerWidth);
  const next = ZOOM_STEPS.find((step) => step > current + 1e-3);
  return { kind: 'scale', scale: next ?? ZOOM_STEPS[ZOOM_STEPS.length - 1]! };
}

export function zoomOut(zoom: Zoom, viewerWidth: number): Zoom {
  const current = scaleOf(zoom, viewerWidth);
  const lower = ZOOM_STEPS.filter((step) => step < current - 1e-3);
  return { kind: 'scale', scale: lower[lower.length - 1] ?? ZOOM_STEPS[0] };
}

/** A page at 100 % when it fits the viewer, else fit: nobody opens a preview to scroll sideways. */
export function initialZoom(viewerWidth: number): Zoom {
  return fitScale(viewerWidth) >= 1 ? { kind: 'scale', scale: 1 } : { kind: 'fit' };
}

export function percent(zoom: Zoom, viewerWidth: number): number {
  return Math.round(scaleOf(zoom, viewerWidth) * 100);
}
