import { describe, expect, it } from 'vitest';
import { fitZoom, parseZoomSetting, stepZoom, zoomShortcut } from './zoom';

describe('canvas zoom', () => {
  it('fits the page to the width it has, within 25–200 %', () => {
    expect(fitZoom(397, 794)).toBe(0.5);
    expect(fitZoom(100, 794)).toBe(0.25);
    expect(fitZoom(4000, 794)).toBe(2);
    expect(fitZoom(0, 794)).toBe(1);
  });

  it('steps in and out from whatever is shown, stopping at 50 % and 200 %', () => {
    expect(stepZoom(0.63, 1)).toBe(0.75);
    expect(stepZoom(0.63, -1)).toBe(0.5);
    expect(stepZoom(1, 1)).toBe(1.25);
    expect(stepZoom(1, -1)).toBe(0.75);
    expect(stepZoom(2, 1)).toBe(2);
    expect(stepZoom(0.5, -1)).toBe(0.5);
    expect(stepZoom(0.3, -1)).toBe(0.5);
  });

  it('reads a stored setting, falling back to fit width', () => {
    expect(parseZoomSetting(null)).toBe('fit');
    expect(parseZoomSetting('fit')).toBe('fit');
    expect(parseZoomSetting('1.5')).toBe(1.5);
    expect(parseZoomSetting('9')).toBe(2);
    expect(parseZoomSetting('big')).toBe('fit');
  });

  it('knows the zoom shortcuts and nothing else', () => {
    const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) =>
      zoomShortcut({ key: k, ctrlKey: false, metaKey: false, altKey: false, ...mods });
    expect(key('+', { ctrlKey: true })).toBe('in');
    expect(key('=', { metaKey: true })).toBe('in');
    expect(key('-', { ctrlKey: true })).toBe('out');
    expect(key('0', { ctrlKey: true })).toBe('fit');
    expect(key('+')).toBeUndefined();
    expect(key('0', { ctrlKey: true, altKey: true })).toBeUndefined();
    expect(key('z', { ctrlKey: true })).toBeUndefined();
  });
});
