/**
 * The in-browser readers of filled files: the LibreOffice-saved templates of render/office filled
 * by the real renderers, then read back as the preview shows them.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { GOLDEN_RECORD } from '../../render/office/golden-fixtures';
import { pptxRenderer } from '../../render/office/pptx';
import { officeContentFromFile } from '../../render/office/schema';
import { env, input } from '../../render/office/test-helpers';
import { xlsxRenderer } from '../../render/office/xlsx';
import { readDeck } from './pptxSlides';
import { columnIndex, columnName, readWorkbook, serialToIso } from './xlsxGrid';

const fixture = (name: string) =>
  officeContentFromFile(new Uint8Array(readFileSync(`src/render/office/__fixtures__/${name}`)), name);

describe('readWorkbook', () => {
  let filled: Uint8Array;
  beforeAll(async () => {
    filled = await xlsxRenderer.render(xlsxRenderer.parse(fixture('lo-invoice.xlsx')), input(GOLDEN_RECORD), env);
  });

  it('shows every sheet of the filled workbook with its filled cells and formulas', () => {
    const sheets = readWorkbook(filled);
    expect(sheets.map((s) => s.name)).toEqual(['Invoice', 'Summary', 'Line 1', 'Line 2', 'Line 3']);
    const invoice = sheets[0]!;
    const column = (col: string) => invoice.rows.map((row) => row[columnIndex(col)]?.text ?? '');
    expect(column('A').slice(4, 7)).toEqual(['Pen', 'Ink', 'Paper']);
    expect(invoice.rows[7]?.[3]).toEqual(expect.objectContaining({ text: '=SUM(D5:D7)', kind: 'formula' }));
    const all = sheets.flatMap((s) => s.rows.flat().map((c) => c?.text ?? '')).join('|');
    expect(all).not.toMatch(/[{}]/);
    expect(all).toContain('INV-0042');
  });

  it('names columns and dates as Excel does', () => {
    expect(columnIndex('AB12')).toBe(27);
    expect(columnName(27)).toBe('AB');
    expect(columnName(0)).toBe('A');
    expect(serialToIso(45356)).toBe('2024-03-05');
    expect(serialToIso(45356.5)).toBe('2024-03-05 12:00');
  });
});

describe('readDeck', () => {
  it('reads every filled slide with its text boxes placed inside the slide', async () => {
    const filled = await pptxRenderer.render(pptxRenderer.parse(fixture('lo-invoice.pptx')), input(GOLDEN_RECORD), env);
    const deck = readDeck(filled);
    expect(deck.slides).toHaveLength(5);
    expect(deck.width).toBeGreaterThan(deck.height);
    const texts = deck.slides.map((slide) =>
      slide.shapes
        .map((s) =>
          s.kind === 'text'
            ? s.paragraphs.map((p) => p.runs.map((r) => r.text).join('')).join('\n')
            : s.kind === 'table'
              ? s.rows.map((r) => r.join('|')).join('\n')
              : '',
        )
        .join('\n'),
    );
    expect(texts.some((t) => t.includes('Invoice INV-0042'))).toBe(true);
    expect(texts.filter((t) => /(Pen|Ink|Paper): /.test(t))).toHaveLength(3);
    for (const slide of deck.slides)
      for (const shape of slide.shapes) {
        expect(shape.box.x + shape.box.width).toBeLessThanOrEqual(deck.width * 1.01);
        expect(shape.box.y + shape.box.height).toBeLessThanOrEqual(deck.height * 1.01);
      }
  });
});
