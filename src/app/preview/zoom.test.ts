import { describe, expect, it } from 'vitest';
import { fitScale, initialZoom, NOMINAL_PAGE_WIDTH, pageWidth, percent, VIEWER_GUTTER, zoomIn, zoomOut } from './zoom';

describe('preview zoom', () => {
  it('starts at 100 % when a page fits the viewer, else fits its width', () => {
    expect(initialZoom(1280)).toEqual({ kind: 'scale', scale: 1 });
    expect(initialZoom(500)).toEqual({ kind: 'fit' });
    expect(pageWidth(initialZoom(500), 500)).toBe(500 - VIEWER_GUTTER);
  });

  it('steps through the zoom levels and stops at both ends', () => {
    let zoom = zoomIn({ kind: 'scale', scale: 1 }, 1000);
    expect(zoom).toEqual({ kind: 'scale', scale: 1.1 });
    zoom = zoomOut(zoomOut(zoom, 1000), 1000);
    expect(zoom).toEqual({ kind: 'scale', scale: 0.9 });
    expect(zoomIn({ kind: 'scale', scale: 3 }, 1000)).toEqual({ kind: 'scale', scale: 3 });
    expect(zoomOut({ kind: 'scale', scale: 0.5 }, 1000)).toEqual({ kind: 'scale', scale: 0.5 });
  });

  it('leaves fit for the next level above or below the fitted scale', () => {
    const viewer = 0.8 * NOMINAL_PAGE_WIDTH + VIEWER_GUTTER; // fit = 80 %
    expect(percent({ kind: 'fit' }, viewer)).toBe(80);
    expect(zoomIn({ kind: 'fit' }, viewer)).toEqual({ kind: 'scale', scale: 0.9 });
    expect(zoomOut({ kind: 'fit' }, viewer)).toEqual({ kind: 'scale', scale: 0.75 });
  });

  it('never draws a page narrower than 200 px', () => {
    expect(fitScale(100) * NOMINAL_PAGE_WIDTH).toBe(200);
    expect(pageWidth({ kind: 'scale', scale: 1.5 }, 300)).toBe(1191);
  });
});
