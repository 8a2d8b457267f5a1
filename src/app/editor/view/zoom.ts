/**
 * The canvas zoom: "fit width" (follows the window and the panels) or a fixed 50–200 %. The
 * choice is the user's and stays with this browser, like a word processor's zoom.
 */
export const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;
export const MIN_ZOOM = ZOOM_STEPS[0];
export const MAX_ZOOM = ZOOM_STEPS[ZOOM_STEPS.length - 1]!;

export type ZoomSetting = 'fit' | number;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The zoom at which a page `pageWidth` px wide fills `available` px (never below 25 %, never above 200 %). */
export function fitZoom(available: number, pageWidth: number): number {
  if (!(available > 0) || !(pageWidth > 0)) return 1;
  return clamp(available / pageWidth, 0.25, MAX_ZOOM);
}

/** The next step in `direction` from the zoom shown now (from "fit" at 63 %, in goes to 75 %). */
export function stepZoom(current: number, direction: 1 | -1): number {
  const next =
    direction > 0
      ? ZOOM_STEPS.find((step) => step > current + 1e-6)
      : ZOOM_STEPS.findLast((step) => step < current - 1e-6);
  return next ?? (direction > 0 ? MAX_ZOOM : MIN_ZOOM);
}

/** A stored setting, or "fit" for anything unreadable (an old value, a hand-edited one). */
export function parseZoomSetting(raw: string | null | undefined): ZoomSetting {
  if (raw === null || raw === undefined || raw === 'fit') return 'fit';
  const value = Number(raw);
  return Number.isFinite(value) ? clamp(value, MIN_ZOOM, MAX_ZOOM) : 'fit';
}

/** What a zoom keyboard shortcut asks for: Ctrl/Cmd + or = zooms in, − out, 0 back to fit width. */
export function zoomShortcut(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}): 'in' | 'out' | 'fit' | undefined {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return undefined;
  if (event.key === '+' || event.key === '=') return 'in';
  if (event.key === '-' || event.key === '_') return 'out';
  if (event.key === '0') return 'fit';
  return undefined;
}
