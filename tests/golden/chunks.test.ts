/**
 * A long table typeset in chunks (render-pdf-chunks) prints exactly what one compile prints: the
 * header repeated on every page, page numbers running on across the joins, each page's own
 * subtotal, and every row once, in order. Chunks of 45 rows put several joins in a short table.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeEngine } from '../../src/render/node-engine';
import { renderPdf } from '../../src/render/render-pdf';
import type { TypstEngine } from '../../src/render/typst/engine';
import { createIsolatedNativeEngine, createIsolatedWasmEngine } from '../../workers/compile-node';
import { computeSum, content, fullRow, p, page, paragraph, table, variable } from '../fixtures/builders';
import { pdfPageCount, sharedEngine } from './harness';

let engine: TypstEngine;

function pageTexts(pdf: Uint8Array): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'quire-chunks-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    return Array.from({ length: pdfPageCount(pdf) }, (_, i) =>
      execFileSync('pdftotext', ['-layout', '-f', String(i + 1), '-l', String(i + 1), file, '-'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const lines = Array.from({ length: 230 }, (_, i) => ({
  name: `Line ${i + 1}`,
  amount: (i % 9) + 0.25,
  // Some rows take two lines, so pages hold different numbers of rows.
  note: i % 7 === 3 ? 'a longer note that wraps onto a second line of the description cell here' : '',
}));

const template = content(
  [
    page('p', [
      fullRow('intro', { id: 'intro-b', type: 'richText', content: [p('BEFORE-THE-TABLE')] }),
      fullRow(
        'r',
        table('t', {
          columns: [3, 1],
          headerRowCount: 1,
          footerRowCount: 1,
          rows: [
            [[p('ITEM-HEADER')], [p('AMOUNT')]],
            [
              [p(variable('name'), ' ', variable('note'))],
              [paragraph({ align: 'right' }, variable('amount', [['number', 2]]))],
            ],
            [[p('Page subtotal ', computeSum('lines.amount', { prefix: 'S=' }, 'currentPage'))], [p('')]],
          ],
          dynamicRows: { rootPath: 'lines' },
        }),
      ),
      fullRow('outro', { id: 'outro-b', type: 'richText', content: [p('AFTER-THE-TABLE')] }),
    ]),
  ],
  {
    settings: {
      lang: 'en-US',
      fontSize: 9,
      defaultMarginBottom: '0',
      defaultLineHeight: 1.5,
      timeZone: 'Asia/Shanghai',
      pdf: { showPageNumber: true, pageNumberAlign: 'right', pageNumberPosition: 'bottom' },
      exportFileType: 'ALL',
    },
  },
);

describe('a table typeset in chunks', () => {
  let whole: string[];
  let chunked: string[];
  const progress: number[] = [];

  beforeAll(async () => {
    engine = await sharedEngine();
    whole = pageTexts(await renderPdf(template, { lines }, { engine, chunkRows: 100_000 }));
    chunked = pageTexts(
      await renderPdf(template, { lines }, { engine, chunkRows: 45, onProgress: (done) => progress.push(done) }),
    );
  }, 240_000);

  it('was joined from several compiles', () => {
    expect(progress.length).toBeGreaterThan(3);
    expect(progress.at(-1)).toBe(lines.length);
  });

  it('prints page for page what one compile prints', () => {
    expect(chunked.length).toBe(whole.length);
    chunked.forEach((text, i) => {
      expect(text, `page ${i + 1}`).toBe(whole[i]);
    });
  });

  it('repeats the header rows and keeps the content around the table', () => {
    for (const text of chunked) expect(text).toContain('ITEM-HEADER');
    expect(chunked[0]).toContain('BEFORE-THE-TABLE');
    expect(chunked.join('\n').match(/BEFORE-THE-TABLE/g)).toHaveLength(1);
    expect(chunked.at(-1)).toContain('AFTER-THE-TABLE');
    expect(chunked.join('\n').match(/AFTER-THE-TABLE/g)).toHaveLength(1);
  });

  it('prints every row once, in order', () => {
    const names = chunked.flatMap((text) => [...text.matchAll(/Line (\d+)/g)].map((m) => Number(m[1])));
    expect(names).toEqual(lines.map((_, i) => i + 1));
  });

  it("prints each page's own subtotal across the joins", () => {
    for (const text of chunked) {
      const names = [...text.matchAll(/Line (\d+)/g)].map((m) => Number(m[1]));
      const expected = names.reduce((s, n) => s + lines[n - 1]!.amount, 0);
      expect(/S=([\d,]+\.\d\d)/.exec(text)?.[1], text).toBe(
        expected.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
      );
    }
  });

  it('numbers the pages on across the joins', () => {
    chunked.forEach((text, i) => {
      expect(text.trimEnd().split('\n').at(-1)!.trim()).toBe(String(i + 1));
    });
  });
});

describe('a table typeset in chunks on two lanes of fresh compilers', () => {
  // Rows of one height, so the second lane's predicted starts hold; a budget of one byte moves
  // each lane to a new compiler after every chunk.
  const even = lines.map((line) => ({ ...line, note: '' }));
  const started: TypstEngine[] = [];
  let whole: string[];
  let chunked: string[];

  beforeAll(async () => {
    engine = await sharedEngine();
    const freshEngine = async () => {
      const fresh = await createIsolatedWasmEngine();
      started.push(fresh);
      return fresh;
    };
    whole = pageTexts(await renderPdf(template, { lines: even }, { engine, chunkRows: 100_000 }));
    chunked = pageTexts(
      await renderPdf(template, { lines: even }, { engine, chunkRows: 45, freshEngine, engineBudgetBytes: 1 }),
    );
  }, 240_000);

  it('prints page for page what one compile prints', () => {
    expect(chunked.length).toBe(whole.length);
    chunked.forEach((text, i) => {
      expect(text, `page ${i + 1}`).toBe(whole[i]);
    });
  });

  it('compiled on fresh compilers, each given back', async () => {
    expect(started.length).toBeGreaterThan(2);
    // A given-back compiler's worker is ended and its proxy released: it answers nothing more.
    for (const fresh of started) await expect(fresh.memoryBytes!()).rejects.toThrow(/released/);
  });
});

describe('a table typeset in chunks on two lanes of native compilers in worker threads', () => {
  // The native compiler blocks its thread, so both lanes of a long table compile in workers
  // (createIsolatedNativeEngine): what they print must be what one in-process compile prints.
  const even = lines.map((line) => ({ ...line, note: '' }));
  const started: TypstEngine[] = [];
  let native: TypstEngine;
  let whole: string[];
  let chunked: string[];

  beforeAll(async () => {
    native = await createNodeEngine('native');
    const freshEngine = async () => {
      const fresh = await createIsolatedNativeEngine();
      started.push(fresh);
      return fresh;
    };
    whole = pageTexts(await renderPdf(template, { lines: even }, { engine: native, chunkRows: 100_000 }));
    chunked = pageTexts(await renderPdf(template, { lines: even }, { engine: native, chunkRows: 45, freshEngine }));
  }, 240_000);

  afterAll(() => native.dispose());

  it('prints page for page what one compile prints', () => {
    expect(chunked.length).toBe(whole.length);
    chunked.forEach((text, i) => {
      expect(text, `page ${i + 1}`).toBe(whole[i]);
    });
  });

  it('ran both lanes on native compilers in workers, each given back', async () => {
    expect(started.length).toBe(2);
    expect(started.every((e) => e.kind === 'native')).toBe(true);
    for (const fresh of started) await expect(fresh.memoryBytes!()).rejects.toThrow(/released/);
  });
});
