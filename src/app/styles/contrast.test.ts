import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Issue 29 item 9: muted text must keep WCAG AA (4.5:1) on every light surface the app lays it
// on — axe found 13 serious contrast nodes, muted text on tinted panels (#6b7390 gave 4.16:1).
const css = readFileSync(new URL('./base.css', import.meta.url), 'utf8');

function variable(name: string): string {
  const match = new RegExp(`${name}:\\s*(#[0-9a-fA-F]{6})\\b`).exec(css);
  if (!match?.[1]) throw new Error(`${name} is not a six-digit colour in base.css`);
  return match[1];
}

function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const SURFACES = [
  '--paper',
  '--canvas',
  '--canvas-cool',
  '--primary-soft',
  '--docs-soft',
  '--design-soft',
  '--danger-soft',
  '--warning-soft',
  '--legacy-soft',
  '--control-bg-disabled',
];

describe('text colours on the app’s surfaces', () => {
  it.each(['--muted', '--ink-soft', '--ink'])('%s reads at 4.5:1 or more on every light surface', (text) => {
    for (const surface of SURFACES) {
      const ratio = contrast(variable(text), variable(surface));
      expect(ratio, `${text} on ${surface}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
