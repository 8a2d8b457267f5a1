/**
 * pdfme draws a field with one font for every record of a generate call. A merged print used to
 * pick that font from all records together, so after a Chinese record a Polish name printed its
 * `ć` with Noto Sans SC, which has no such glyph (issue 29 item 4). Each record now gets the font
 * its own text needs, as a single print does.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { prepareOutputTemplate, renderOutput, renderOutputGroup } from '../outputs';
import { fieldFonts, routeValues } from './font-variants';
import { canvasTestEnv as env, pdfText, withPdf } from './testing';

const data = (d: Record<string, unknown>) => ({ kind: 'data' as const, data: d });

const template = {
  kind: 'canvas',
  basePdf: { width: 210, height: 297, padding: [0, 0, 0, 0] },
  schemas: [[{ name: 'n', type: 'text', content: 'Name: {name}', position: { x: 20, y: 20 }, width: 150, height: 10 }]],
};

/** The fonts page `page` of the PDF draws with (poppler's pdffonts, names without subset tags). */
function fontsOnPage(pdf: Uint8Array, page: number): string[] {
  const out = withPdf(pdf, (file) =>
    execFileSync('pdffonts', ['-f', String(page), '-l', String(page), file], { encoding: 'utf8' }),
  );
  return out
    .split('\n')
    .slice(2)
    .map(
      (line) =>
        line
          .split(/\s+/)[0]
          ?.replace(/^[A-Z]{6}\+/, '')
          .replace(/-\d+$/, '') ?? '',
    )
    .filter(Boolean);
}

describe('canvas: each record of a merged print gets the font its own text needs', () => {
  it('a Polish name after a Chinese one prints with a font that has its letters, like its single print', async () => {
    const prepared = prepareOutputTemplate(JSON.stringify(template));
    const records = [data({ name: '王小明' }), data({ name: 'Ćwikła Łucja' }), data({ name: 'Ana' })];
    const merged = (await renderOutputGroup(prepared, records, env)).file.bytes;
    const single = (await renderOutput(prepared, records[1]!, env)).bytes;
    expect(fontsOnPage(single, 1).some((f) => /NotoSans-|NotoSans_/.test(f) && !/SC|CJK/.test(f))).toBe(true);
    expect(fontsOnPage(merged, 1).some((f) => /SC|CJK/.test(f))).toBe(true);
    // Page 2 is the Polish record: drawn with the Latin font, not Noto Sans SC (no ć, ł there).
    expect(fontsOnPage(merged, 2)).toEqual(fontsOnPage(single, 1));
    const text = pdfText(merged);
    expect(text).toContain('Name: 王小明');
    expect(text).toContain('Name: Ćwikła Łucja');
    expect(text).toContain('Name: Ana');
    expect(text.match(/Name:/g)).toHaveLength(3);
  });
});

describe('fieldFonts', () => {
  const plan = { key: 'f0_0', font: 'NotoSans_400Regular', mode: 'text' as const };

  it('keeps one field when every record needs the same font', () => {
    const fonts = fieldFonts(plan, [['Ana'], ['Bo']], 'en-US');
    expect(fonts?.variants).toEqual([{ name: 'f0_0', font: 'NotoSans_400Regular' }]);
  });

  it('splits a text field per font and routes each record to its own', () => {
    const fonts = fieldFonts(plan, [['王小明'], ['Ćwikła'], ['李']], 'en-US')!;
    expect(fonts.variants).toEqual([
      { name: 'f0_0', font: 'NotoSansSC_400Regular' },
      { name: 'f0_0~1', font: 'NotoSans_400Regular' },
    ]);
    const values = [{ f0_0: '王小明' }, { f0_0: 'Ćwikła' }, { f0_0: '李' }];
    routeValues('f0_0', fonts, values);
    expect(values).toEqual([
      { f0_0: '王小明', 'f0_0~1': '' },
      { f0_0: '', 'f0_0~1': 'Ćwikła' },
      { f0_0: '李', 'f0_0~1': '' },
    ]);
  });

  it('a table keeps one font for all its records (an empty table still draws its head)', () => {
    const fonts = fieldFonts({ ...plan, mode: 'table' }, [['王'], ['Ana']], 'en-US');
    expect(fonts?.variants).toEqual([{ name: 'f0_0', font: 'NotoSansSC_400Regular' }]);
  });

  it('a field without a font has none', () => {
    expect(fieldFonts({ key: 'k', mode: 'code' }, [['x']], 'en-US')).toBeUndefined();
  });
});
