/**
 * Round trip of a pdfme template through the designer's model: imported as pdfme's designer saved
 * it, edited (moved, resized, rotated, re-layered, a field added), exported — and pdfme's own
 * generator renders the export exactly as it renders the original with the same edits made by
 * hand: every page pixel-identical. Properties the designer does not know pass through unchanged.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Font, Template } from '@pdfme/common';
import { generate } from '@pdfme/generator';
import { barcodes, text } from '@pdfme/schemas';
import { describe, expect, it } from 'vitest';
import { FONT_FILES } from '../../../wasm/fonts';
import { loadFontGroupFromNodeModules } from '../../../wasm/fonts-node';
import { CANVAS_FONTS } from '../../render/canvas/fonts';
import {
  addField,
  exportPdfme,
  FONT_CHOICES,
  importPdfme,
  moveField,
  resizeField,
  updateField,
} from '../services/canvasContent';
import { reorderFields, rotateField } from './arrange';

const FIXTURE = join(__dirname, '../../render/canvas/__fixtures__');
const original = readFileSync(join(FIXTURE, 'pdfme-library-card.json'), 'utf8');
const inputs = [
  {
    fullName: 'Ana Souza',
    birth: '1988-07-14',
    address: 'Rua das Flores 12, Porto',
    member: 'LC-004217',
    cardQr: 'https://example.org/card/LC-004217',
    stamp: 'Checked',
  },
];
const A4 = { width: 210, height: 297 };

function pagesOf(pdf: Uint8Array): Buffer[] {
  const dir = mkdtempSync(join(tmpdir(), 'quire-roundtrip-'));
  try {
    writeFileSync(join(dir, 'a.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', '60', '-gray', join(dir, 'a.pdf'), join(dir, 'p')], { stdio: 'ignore' });
    return readdirSync(dir)
      .filter((f) => f.endsWith('.pgm'))
      .sort()
      .map((f) => readFileSync(join(dir, f)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function pdfmeRender(template: unknown): Promise<Uint8Array> {
  const [loaded] = await loadFontGroupFromNodeModules('latin');
  const regular = new Uint8Array(loaded!);
  const font: Font = {
    NotoSans: { data: regular, fallback: true },
    'PinyonScript-Regular': { data: regular },
    Roboto: { data: regular },
  };
  return generate({
    template: template as Template,
    inputs,
    plugins: { text, ...barcodes },
    options: { font },
  });
}

describe('pdfme round trip through the designer', () => {
  it('import → edit → export renders identically with pdfme’s own generator', async () => {
    let c = importPdfme(original);
    c = moveField(c, 'birth', 5, 3, A4);
    c = resizeField(c, 'address', -10, 2, A4);
    c = rotateField(c, 'note', 90);
    c = reorderFields(c, 0, ['fullName'], 'front');
    const added = addField(c, 0, 'text');
    c = updateField(added.content, added.name, (f) => ({ ...f, name: 'stamp', position: { x: 120, y: 200 } }));
    const exported = JSON.parse(exportPdfme(c));

    // The same edits made by hand on pdfme's JSON.
    const raw = JSON.parse(original);
    type Raw = { name: string; position: { x: number; y: number }; width: number; height: number; rotate?: number };
    const fields = raw.schemas[0] as Raw[];
    const byName = (n: string) => fields.find((f) => f.name === n)!;
    byName('birth').position = { x: 62, y: 49.6 };
    byName('address').width = 120;
    byName('address').height = 9;
    byName('note').rotate = 90;
    raw.schemas[0] = [...fields.filter((f) => f.name !== 'fullName'), byName('fullName')];
    raw.schemas[0].push({ ...exported.schemas[0].at(-1) });

    expect(exported.kind).toBeUndefined();
    expect(exported).toEqual(raw);
    // Nothing the designer does not know is lost (pdfme's own properties, its version).
    expect(exported.pdfmeVersion).toBe(JSON.parse(original).pdfmeVersion);
    expect(exported.basePdf).toBe(JSON.parse(original).basePdf);

    const [mine, theirs] = [pagesOf(await pdfmeRender(exported)), pagesOf(await pdfmeRender(raw))];
    expect(mine.length).toBe(1);
    expect(mine.map((p) => p.equals(theirs[0]!))).toEqual([true]);
    // And the edit is visible: it differs from the unedited template.
    const before = pagesOf(await pdfmeRender(JSON.parse(original)));
    expect(before[0]!.equals(mine[0]!)).toBe(false);
  });

  it('offers exactly fonts Quire ships', () => {
    for (const name of FONT_CHOICES) expect(Object.hasOwn(CANVAS_FONTS, name), name).toBe(true);
    expect(FONT_CHOICES.length).toBe(FONT_FILES.length);
  });
});
