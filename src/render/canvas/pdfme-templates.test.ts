/**
 * Templates in pdfme's designer format (`__fixtures__/pdfme/<name>.template.json`, with the inputs
 * pdfme's generator would take in `<name>.inputs.json`) render unchanged: every text value of every
 * input is in the PDF's text, fonts Quire lacks fall back with a warning naming them, CJK text gets
 * a CJK font, a field of an unknown type is reported by name while the rest prints, circle marks,
 * radio groups and check boxes show their state, and a rotated table prints rotated.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { prepareOutputTemplate, renderOutputGroup } from '../outputs';
import type { CanvasTemplate } from './plan';
import { canvasTestEnv as env, pdfText, withPdf } from './testing';

const flat = (text: string) => text.replace(/\s+/g, ' ').trim();

const DIR = join(new URL('.', import.meta.url).pathname, '__fixtures__', 'pdfme');
interface Field {
  name: string;
  type: string;
  position: { x: number; y: number };
  width: number;
  height: number;
}
interface Fixture {
  template: { schemas: Field[][]; basePdf: { width: number; height: number } };
  inputs: Record<string, string>[];
}

function fixture(name: string): Fixture {
  const read = (file: string) => JSON.parse(readFileSync(join(DIR, `${name}.${file}.json`), 'utf8'));
  return { template: read('template'), inputs: read('inputs') };
}

async function render(f: Fixture): Promise<{ pdf: Uint8Array; warnings: string[] }> {
  const prepared = prepareOutputTemplate(JSON.parse(JSON.stringify(f.template)));
  if (prepared.kind !== 'canvas') throw new Error(`expected a canvas template, got ${prepared.kind}`);
  const group = await renderOutputGroup(
    prepared,
    f.inputs.map((data) => ({ kind: 'data' as const, data })),
    env,
  );
  return { pdf: group.file.bytes, warnings: (prepared.template as CanvasTemplate).warnings };
}

const pdfFonts = (pdf: Uint8Array) => withPdf(pdf, (file) => execFileSync('pdffonts', [file], { encoding: 'utf8' }));

/** Field types whose value is not printed as text (a state, a picture, a code). */
const NOT_TEXT = new Set(['checkbox', 'radioGroup', 'circleMark', 'signature', 'image', 'qrcode', 'japaneseStamp']);

/** The texts an input value prints: the leaves of a JSON value (a table's rows, a list, variables). */
function leaves(value: unknown): string[] {
  if (typeof value === 'string') {
    const t = value.trim();
    if (t.startsWith('[') || t.startsWith('{')) {
      try {
        return leaves(JSON.parse(t));
      } catch {
        return [value];
      }
    }
    return [value];
  }
  if (Array.isArray(value)) return value.flatMap(leaves);
  if (value && typeof value === 'object') return Object.values(value).flatMap(leaves);
  return [String(value)];
}

function expectedTexts(f: Fixture): string[] {
  const types = new Map(f.template.schemas.flat().map((field) => [field.name, field.type]));
  return f.inputs.flatMap((input) =>
    Object.entries(input)
      .filter(([name]) => !NOT_TEXT.has(types.get(name) ?? ''))
      .flatMap(([, value]) => leaves(value)),
  );
}

/** Page 1 as grey pixels at `dpi` (binary PGM from pdftoppm). */
function grey(pdf: Uint8Array, dpi: number): { width: number; pixels: Uint8Array } {
  return withPdf(pdf, (file, dir) => {
    execFileSync('pdftoppm', ['-gray', '-r', String(dpi), '-f', '1', '-l', '1', file, join(dir, 'p')]);
    const pgm = readdirSync(dir).find((f) => f.endsWith('.pgm'));
    const bytes = new Uint8Array(readFileSync(join(dir, pgm ?? '')));
    const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(new TextDecoder().decode(bytes.subarray(0, 40)));
    if (!header) throw new Error('not a PGM');
    return { width: Number(header[1]), pixels: bytes.subarray(header[0].length) };
  });
}

/** Dark pixels inside a box given in mm. */
function ink(page: { width: number; pixels: Uint8Array }, dpi: number, box: Omit<Field, 'name' | 'type'>): number {
  const px = (mm: number) => Math.round((mm / 25.4) * dpi);
  let dark = 0;
  for (let y = px(box.position.y); y < px(box.position.y + box.height); y++)
    for (let x = px(box.position.x); x < px(box.position.x + box.width); x++)
      if ((page.pixels[y * page.width + x] ?? 255) < 128) dark++;
  return dark;
}

const fieldOf = (f: Fixture, name: string): Field => {
  const found = f.template.schemas.flat().find((field) => field.name === name);
  if (!found) throw new Error(`no field ${name}`);
  return found;
};

const NAMES = readdirSync(DIR)
  .filter((f) => f.endsWith('.template.json'))
  .map((f) => f.replace('.template.json', ''))
  .sort();

describe('pdfme designer templates render as they are', () => {
  it('carries the fixtures this test is about', () => {
    expect(NAMES).toEqual(expect.arrayContaining(['cjk', 'invoice', 'rotated', 'shapes']));
  });

  for (const name of NAMES)
    it(`${name}: every input value is in the text`, async () => {
      const f = fixture(name);
      const { pdf } = await render(f);
      const text = pdfText(pdf);
      const expected = expectedTexts(f);
      expect(expected.length).toBeGreaterThan(2);
      for (const value of expected) expect(text).toContain(flat(value));
    });

  it('a font Quire lacks falls back with one warning naming it, CJK text gets a CJK font', async () => {
    const { pdf, warnings } = await render(fixture('cjk'));
    for (const font of [
      'NotoSerifJP',
      'PinyonScript',
      'NanumGothic',
      'https://fonts.example.com/NotoSerifSC-Regular.otf',
    ])
      expect(warnings.filter((w) => w.includes(`"${font}"`))).toHaveLength(1);
    const fonts = pdfFonts(pdf);
    expect(fonts).toMatch(/NotoSansJP/);
    expect(fonts).toMatch(/NotoSansKR/);
    // The field naming Noto Sans TC keeps it: traditional Chinese drawn with the TC family.
    expect(fonts).toMatch(/NotoSansTC/);
  });

  it('an unknown field type is reported by name and the rest of the page prints', async () => {
    const f = fixture('shapes');
    const { pdf, warnings } = await render(f);
    expect(warnings.find((w) => w.includes('"japaneseStamp"'))).toContain('schemas[0][15]');
    expect(pdfText(pdf)).toContain('Signed by Amara Nwosu');
  });

  it('circle marks, radio groups and check boxes show the state the input gives', async () => {
    const f = fixture('shapes');
    const page = grey((await render(f)).pdf, 100);
    const at = (name: string) => ink(page, 100, fieldOf(f, name));
    // Both boxes hold their label's glyph; only the chosen one has the ring around it too.
    expect(at('genderFemale')).toBeGreaterThan(at('genderMale') + 40);
    // A chosen radio button has a dot in its middle, an empty one only its ring.
    const middle = (name: string) => {
      const { position, width, height } = fieldOf(f, name);
      const inner = { x: position.x + width * 0.3, y: position.y + height * 0.3 };
      return ink(page, 100, { position: inner, width: width * 0.4, height: height * 0.4 });
    };
    expect(middle('planStandard')).toBeGreaterThan(0);
    expect(middle('planBasic')).toBe(0);
    expect(middle('planPremium')).toBe(0);
    expect(middle('terms')).toBeGreaterThan(0);
    expect(middle('newsletter')).toBe(0);
    expect(at('signature')).toBeGreaterThan(20);
  });

  it('a rotated table prints rotated: its ink is tall where the unrotated table is wide', async () => {
    const f = fixture('rotated');
    const table = fieldOf(f, 'stock');
    const page = grey((await render(f)).pdf, 60);
    const cx = table.position.x + table.width / 2;
    const cy = table.position.y + table.height / 2;
    // Turned a quarter about its centre, the 120 × 40 mm box covers 40 × 120 mm.
    const turned = {
      position: { x: cx - table.height / 2, y: cy - table.width / 2 + 5 },
      width: table.height,
      height: table.width - 10,
    };
    // Right of the turned box, where the table's right part would lie unturned.
    const unturnedOnly = {
      position: { x: cx + table.height / 2 + 12, y: table.position.y + 2 },
      width: 30,
      height: table.height - 4,
    };
    expect(ink(page, 60, turned)).toBeGreaterThan(500);
    expect(ink(page, 60, unturnedOnly)).toBe(0);
  });
});
