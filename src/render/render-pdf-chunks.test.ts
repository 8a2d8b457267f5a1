import { describe, expect, it } from 'vitest';
import { longTableOf } from './render-pdf-chunks';
import type { VBlock, VCell, ViewDocument, VTable } from './view-model';

const cell = (s: string, extra: Partial<VCell> = {}): VCell => ({
  blocks: [{ t: 'par', spans: [{ t: 'text', s }] }],
  ...extra,
});
const tableOf = (rows: number, extra: Partial<VTable> = {}): VTable => ({
  t: 'table',
  cols: [1, 1],
  header: [[cell('H1'), cell('H2')]],
  body: Array.from({ length: rows }, (_, i) => [cell(`a${i}`), cell(`b${i}`)]),
  footer: [],
  stroke: null,
  ...extra,
});
const docOf = (...blocks: VBlock[]): ViewDocument => ({
  page: { width: 210, height: 297, margin: [10, 10, 10, 10] },
  text: { size: 10, lineHeight: 1.5, marginBottom: 0, lang: 'en', fonts: ['Noto Sans'] },
  sections: [{ blocks, numbered: true, reset: true }],
});

describe('longTableOf', () => {
  it('leaves tables that fit one chunk alone', () => {
    expect(longTableOf(docOf(tableOf(50)), 50)).toBeUndefined();
  });

  it('finds the longest table, also inside boxes and one-column rows', () => {
    const long = tableOf(300);
    const doc = docOf(tableOf(120), {
      t: 'row',
      cols: [{ width: 1, blocks: [{ t: 'box', box: {}, blocks: [{ t: 'hr', stroke: null }, long] }] }],
    });
    const found = longTableOf(doc, 100);
    expect(found?.table).toBe(long);
    expect(found?.path).toEqual([1, 0, 1]);
  });

  it('does not split a table beside another column or with rows spanning rows', () => {
    const beside: VBlock = {
      t: 'row',
      cols: [
        { width: 1, blocks: [tableOf(300)] },
        { width: 1, blocks: [] },
      ],
    };
    expect(longTableOf(docOf(beside), 100)).toBeUndefined();
    const spanning = tableOf(300);
    spanning.body[10]![0] = cell('merged', { rowspan: 2 });
    expect(longTableOf(docOf(spanning), 100)).toBeUndefined();
  });
});
