import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderPdf } from '../../src/render/render-pdf';
import type { TypstEngine } from '../../src/render/typst/engine';
import {
  compareWithRefs,
  flat,
  pdfFonts,
  pdfPageCount,
  pdfText,
  readFixture,
  sharedEngine,
  TOLERANCE,
} from './harness';

/** Strings each fixture must print (record values, static text, formatted numbers). */
const EXPECTED: Record<string, { pages: number; text: string[]; absent?: string[] }> = {
  invoice: {
    pages: 1,
    text: [
      'INVOICE',
      'Northwind Office Supply GmbH',
      'INV-2026-00042',
      'Contoso Robotics Ltd.',
      'Laptop stand, aluminium',
      '$3,445.57',
      '$4,100.23',
      'Total due',
    ],
  },
  'packing-slip': {
    pages: 2,
    text: [
      'PACKING SLIP',
      'SO-2026-118734',
      'DHL Express',
      'Fabrikam Design Studio',
      'Desk lamp "Aurora"',
      'Calle de Alcalá 48, 3º',
    ],
  },
  'approval-form': {
    pages: 0,
    text: ['Li Wei', 'Sales East China', '202611150042'],
  },
  contract: {
    pages: 5,
    text: ['Master Services Agreement', 'MSA-2026-0917', 'Contoso Robotics Ltd.', 'Discovery report', 'CONFIDENTIAL'],
  },
};

let engine: TypstEngine;

beforeAll(async () => {
  // A fixed clock: nothing the renderer prints may depend on when the test runs.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-20T08:00:00Z'));
  engine = await sharedEngine();
});

afterAll(() => {
  vi.useRealTimers();
});

describe.each(Object.keys(EXPECTED))('fixture %s', (name) => {
  const expected = EXPECTED[name]!;
  let pdf: Uint8Array;

  beforeAll(async () => {
    const { template, data } = readFixture(name);
    pdf = await renderPdf(template, data, { engine });
  });

  it('prints the record values and static text', () => {
    const text = flat(pdfText(pdf));
    for (const s of expected.text) expect(text).toContain(s);
    if (expected.pages > 0) expect(pdfPageCount(pdf)).toBe(expected.pages);
  });

  it('embeds every font it uses, with Unicode maps', () => {
    const fonts = pdfFonts(pdf);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(font).toMatchObject({ embedded: true, unicode: true });
  });

  it('matches the reference page images', () => {
    for (const page of compareWithRefs(name, pdf)) {
      expect(page.missing, `${page.ref} is missing: run UPDATE_GOLDEN=1 npx vitest run tests/golden`).toBe(false);
      expect(page.sameSize, `${page.ref}: page size differs`).toBe(true);
      expect(page.ratio, `${page.ref}: ${(page.ratio * 100).toFixed(2)}% of pixels differ`).toBeLessThanOrEqual(
        TOLERANCE,
      );
    }
  });
});
