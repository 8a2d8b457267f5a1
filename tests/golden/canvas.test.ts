/**
 * Canvas templates on a real PDF: a pdfme template as pdfme's designer saves it (base PDF form,
 * text fields keyed by name, a bar code, a QR code, a read-only label, a font Quire lacks) rendered
 * through the registry with the CLI's records — text checked with pdftotext, pages with pdftoppm.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderCommand } from '../../src/cli/commands/render';
import { prepareOutputTemplate, renderOutputGroup } from '../../src/render/outputs';
import { loadFontGroupFromNodeModules } from '../../wasm/fonts-node';
import { compareWithRefs, flat, pdfFonts, pdfPageCount, pdfText, ROOT, TOLERANCE } from './harness';

const FIXTURES = join(ROOT, 'src/render/canvas/__fixtures__');
const template = JSON.parse(readFileSync(join(FIXTURES, 'pdfme-library-card.json'), 'utf8'));
const records = JSON.parse(readFileSync(join(FIXTURES, 'pdfme-library-card.inputs.json'), 'utf8')) as Record<
  string,
  unknown
>[];
const env = {
  typst: () => Promise.reject(new Error('canvas templates do not typeset')),
  loadFontGroup: loadFontGroupFromNodeModules,
};

describe('canvas: a pdfme designer template over a base PDF form', () => {
  let pdf: Uint8Array;
  beforeAll(async () => {
    const prepared = prepareOutputTemplate(template);
    expect(prepared.kind).toBe('canvas');
    const group = await renderOutputGroup(
      prepared,
      records.map((data) => ({ kind: 'data' as const, data })),
      env,
    );
    pdf = group.file.bytes;
  });

  it('fills one copy of the form per record, over the base PDF', () => {
    expect(pdfPageCount(pdf)).toBe(2);
    const text = flat(pdfText(pdf));
    expect(text.match(/APPLICATION FOR A LIBRARY CARD/g)).toHaveLength(2);
    for (const value of ['Ana Souza', '1988-07-14', 'Rua das Flores 12, Porto', '王小明', '北京市朝阳区建国路 88 号'])
      expect(text).toContain(value);
    expect(text.match(/Issued by Quire/g)).toHaveLength(2);
    expect(text).not.toContain('Jane Doe');
  });

  it('embeds the shipped fonts: Noto Sans for the missing script font, Noto Sans SC for Chinese', () => {
    const fonts = pdfFonts(pdf);
    expect(fonts.some((f) => f.name.startsWith('NotoSans-Regular'))).toBe(true);
    expect(fonts.some((f) => f.name.startsWith('NotoSansSC-Regular'))).toBe(true);
    expect(fonts.filter((f) => f.name.startsWith('Noto')).every((f) => f.embedded && f.unicode)).toBe(true);
  });

  it('matches the reference page images', () => {
    for (const page of compareWithRefs('canvas-library-card', pdf)) {
      expect(page.missing, `${page.ref} is missing`).toBe(false);
      expect(page.ratio).toBeLessThanOrEqual(TOLERANCE);
    }
  });
});

describe('quire render with an unchanged pdfme template file', () => {
  it('writes one merged PDF of the records and warns about the missing font', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'quire-canvas-cli-')), 'cards.pdf');
    const said: string[] = [];
    const errors: string[] = [];
    const code = await renderCommand.run(
      [
        join(FIXTURES, 'pdfme-library-card.json'),
        '--data',
        join(FIXTURES, 'pdfme-library-card.inputs.json'),
        '--out',
        out,
      ],
      { out: (t) => said.push(t), err: (t) => errors.push(t) },
    );
    expect(code).toBe(0);
    expect(said.join('\n')).toContain('Rendered 2 record(s)');
    expect(errors).toEqual([
      'Warning: Quire has no font "PinyonScript-Regular" (schemas[0][2].fontName); NotoSans_400Regular is used instead',
    ]);
    const pdf = new Uint8Array(readFileSync(out));
    expect(pdfPageCount(pdf)).toBe(2);
    expect(flat(pdfText(pdf))).toContain('Rua das Flores 12, Porto');
  });
});
