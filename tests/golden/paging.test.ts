/**
 * Long tables: the header repeats on every page, a footer with a currentPage compute variable
 * prints each page's own subtotal, page numbers follow the settings, page size and direction hold.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderPdf } from '../../src/render/render-pdf';
import type { TypstEngine } from '../../src/render/typst/engine';
import { computeSum, content, fullRow, p, page, paragraph, table, variable } from '../fixtures/builders';
import { pdfPageCount, sharedEngine } from './harness';

let engine: TypstEngine;
beforeAll(async () => {
  engine = await sharedEngine();
});

function pageTexts(pdf: Uint8Array): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'quire-paging-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    const count = pdfPageCount(pdf);
    return Array.from({ length: count }, (_, i) =>
      execFileSync('pdftotext', ['-layout', '-f', String(i + 1), '-l', String(i + 1), file, '-'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const settings = (pdf: Record<string, unknown>) => ({
  lang: 'en-US',
  fontSize: 9,
  defaultMarginBottom: '0',
  defaultLineHeight: 1.5,
  timeZone: 'Asia/Shanghai',
  pdf: { showPageNumber: true, pageNumberAlign: 'right', pageNumberPosition: 'bottom', ...pdf },
  exportFileType: 'ALL',
});

describe('a table longer than a page', () => {
  const lines = Array.from({ length: 120 }, (_, i) => ({ name: `Line ${i + 1}`, amount: (i % 9) + 0.25 }));
  let pages: string[];

  beforeAll(async () => {
    const template = content(
      [
        page('p', [
          fullRow(
            'r',
            table('t', {
              columns: [3, 1],
              headerRowCount: 1,
              footerRowCount: 1,
              rows: [
                [[p('ITEM-HEADER')], [p('AMOUNT')]],
                [[p(variable('name'))], [paragraph({ align: 'right' }, variable('amount', [['number', 2]]))]],
                [[p('Page subtotal ', computeSum('lines.amount', { prefix: 'S=' }, 'currentPage'))], [p('')]],
              ],
              dynamicRows: { rootPath: 'lines' },
            }),
          ),
        ]),
      ],
      { settings: settings({}) },
    );
    pages = pageTexts(await renderPdf(template, { lines }, { engine }));
  }, 120_000);

  it('breaks across pages and repeats the header rows on each', () => {
    expect(pages.length).toBeGreaterThan(2);
    for (const text of pages) expect(text).toContain('ITEM-HEADER');
  });

  it('prints on each page the sum of the rows on that page', () => {
    let seen = 0;
    for (const text of pages) {
      const names = [...text.matchAll(/Line (\d+)/g)].map((m) => Number(m[1]));
      const expected = names.reduce((s, n) => s + lines[n - 1]!.amount, 0);
      const printed = /S=([\d,]+\.\d\d)/.exec(text)?.[1];
      expect(printed, `page text:\n${text}`).toBe(
        expected.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
      );
      seen += names.length;
    }
    expect(seen).toBe(lines.length);
  });

  it('numbers the pages at the bottom', () => {
    pages.forEach((text, i) => {
      const lastLine = text.trimEnd().split('\n').at(-1)!.trim();
      expect(lastLine).toBe(String(i + 1));
    });
  });
});

describe('page settings', () => {
  it('prints A5 landscape with the configured size', async () => {
    const template = content([page('p', [fullRow('r', { id: 'b', type: 'richText', content: [p('Landscape')] })])], {
      pageSetting: {
        sizeType: 'A5',
        width: 148,
        height: 210,
        direction: 'horizontal',
        paddingTop: 10,
        paddingBottom: 10,
        paddingLeft: 10,
        paddingRight: 10,
      },
      settings: settings({ showPageNumber: false }),
    });
    const pdf = await renderPdf(template, {}, { engine });
    const dir = mkdtempSync(join(tmpdir(), 'quire-size-'));
    writeFileSync(join(dir, 'a.pdf'), pdf);
    const info = execFileSync('pdfinfo', [join(dir, 'a.pdf')], { encoding: 'utf8' });
    rmSync(dir, { recursive: true, force: true });
    const [, w, h] = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info)!;
    expect(Math.round((Number(w) * 25.4) / 72)).toBe(210);
    expect(Math.round((Number(h) * 25.4) / 72)).toBe(148);
  });
});
