/**
 * pdfme templates of several shapes, as pdfme's designer saves them (fields keyed by name, inputs
 * keyed by field name), rendered through Quire's registry: a two-page base PDF with text fields,
 * a blank page with a table and a QR code, CJK text, bar codes, check boxes. Text is checked with
 * pdftotext; what has no text (codes, ticks) is checked by the ink in its box (pdftoppm).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderCommand } from '../../src/cli/commands/render';
import { prepareOutputTemplate, renderOutputGroup } from '../../src/render/outputs';
import { loadFontGroupFromNodeModules } from '../../wasm/fonts-node';
import { flat, pdfFonts, pdfPageCount, pdfText } from './harness';

const env = {
  typst: () => Promise.reject(new Error('canvas templates do not typeset')),
  loadFontGroup: loadFontGroupFromNodeModules,
};
const BLANK = { width: 210, height: 297, padding: [0, 0, 0, 0] };
const DPI = 50;

async function render(template: unknown, inputs: Record<string, unknown>[]): Promise<Uint8Array> {
  const prepared = prepareOutputTemplate(JSON.parse(JSON.stringify(template)));
  expect(prepared.kind).toBe('canvas');
  const group = await renderOutputGroup(
    prepared,
    inputs.map((data) => ({ kind: 'data' as const, data })),
    env,
  );
  return group.file.bytes;
}

/** Page `page` (1-based) as grey pixels. */
function grey(pdf: Uint8Array, page = 1): { width: number; height: number; pixels: Uint8Array } {
  const dir = mkdtempSync(join(tmpdir(), 'quire-canvas-shapes-'));
  try {
    writeFileSync(join(dir, 'a.pdf'), pdf);
    const args = [
      '-gray',
      '-r',
      String(DPI),
      '-f',
      String(page),
      '-l',
      String(page),
      join(dir, 'a.pdf'),
      join(dir, 'p'),
    ];
    execFileSync('pdftoppm', args, { stdio: 'ignore' });
    const file = execFileSync('ls', [dir], { encoding: 'utf8' })
      .split('\n')
      .find((f) => f.endsWith('.pgm'));
    const bytes = new Uint8Array(readFileSync(join(dir, file ?? '')));
    // Binary PGM: "P5\n<w> <h>\n255\n" then one byte per pixel.
    const header = new TextDecoder().decode(bytes.subarray(0, 40)).match(/^P5\s+(\d+)\s+(\d+)\s+255\s/);
    if (!header) throw new Error('not a PGM');
    return {
      width: Number(header[1]),
      height: Number(header[2]),
      pixels: bytes.subarray(header[0].length),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Share of dark pixels inside a box given in mm. */
function ink(pdf: Uint8Array, box: { x: number; y: number; width: number; height: number }, page = 1): number {
  const img = grey(pdf, page);
  const px = (mm: number) => Math.round((mm / 25.4) * DPI);
  let dark = 0;
  let all = 0;
  for (let y = px(box.y); y < Math.min(img.height, px(box.y + box.height)); y++)
    for (let x = px(box.x); x < Math.min(img.width, px(box.x + box.width)); x++) {
      all++;
      if ((img.pixels[y * img.width + x] ?? 255) < 128) dark++;
    }
  return all ? dark / all : 0;
}

const text = (name: string, x: number, y: number, extra: Record<string, unknown> = {}) => ({
  type: 'text',
  position: { x, y },
  width: 120,
  height: 10,
  fontSize: 12,
  ...extra,
  name,
});

describe('pdfme templates of several shapes', () => {
  it('a two-page base PDF with text fields: a two-page template, each record filling both pages', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (const title of ['CUSTOMS DECLARATION', 'CONTINUATION SHEET']) {
      const page = doc.addPage([595.28, 841.89]);
      page.drawText(title, { x: 60, y: 780, size: 18, font });
    }
    const basePdf = `data:application/pdf;base64,${Buffer.from(await doc.save()).toString('base64')}`;
    const template = {
      basePdf,
      schemas: [
        [text('sender', 20, 40), text('parcel', 20, 55)],
        [text('contents', 20, 40), text('weight', 20, 55)],
      ],
    };
    const pdf = await render(template, [
      { sender: 'Ada Lovelace', parcel: 'CN-001', contents: 'Books', weight: '2.5 kg' },
      { sender: 'Grace Hopper', parcel: 'CN-002', contents: 'Tea', weight: '0.8 kg' },
    ]);
    expect(pdfPageCount(pdf)).toBe(4);
    const pages = pdfText(pdf).split('\f').map(flat);
    expect(pages[0]).toContain('CUSTOMS DECLARATION');
    expect(pages[0]).toContain('Ada Lovelace');
    expect(pages[1]).toContain('CONTINUATION SHEET');
    expect(pages[1]).toContain('2.5 kg');
    expect(pages[2]).toContain('Grace Hopper');
    expect(pages[3]).toContain('Tea');
  });

  it('a blank page with a table and a QR code', async () => {
    const template = {
      basePdf: BLANK,
      schemas: [
        [
          text('title', 20, 15, { fontSize: 16 }),
          {
            name: 'items',
            type: 'table',
            position: { x: 20, y: 40 },
            width: 170,
            height: 30,
            head: ['Item', 'Qty', 'Price'],
            headWidthPercentages: [50, 20, 30],
            content: '[["Pencil","2","1.00"]]',
          },
          { name: 'link', type: 'qrcode', position: { x: 150, y: 200 }, width: 30, height: 30, content: 'x' },
        ],
      ],
    };
    const pdf = await render(template, [
      {
        title: 'Packing list 7',
        items: JSON.stringify([
          ['Notebook', '3', '4.50'],
          ['Stapler', '1', '12.00'],
          ['Ink', '6', '2.25'],
        ]),
        link: 'https://example.org/orders/7',
      },
    ]);
    const out = flat(pdfText(pdf));
    expect(out).toContain('Packing list 7');
    for (const cell of ['Item', 'Qty', 'Price', 'Notebook', 'Stapler', '12.00', 'Ink', '2.25'])
      expect(out).toContain(cell);
    expect(out).not.toContain('Pencil');
    // A QR code is about half dark modules; an empty box is white.
    const qr = ink(pdf, { x: 150, y: 200, width: 30, height: 30 });
    expect(qr).toBeGreaterThan(0.25);
    expect(qr).toBeLessThan(0.75);
    expect(ink(pdf, { x: 100, y: 200, width: 30, height: 30 })).toBe(0);
  });

  it('CJK text in Chinese, Japanese and Korean, with the shipped fonts', async () => {
    const template = {
      basePdf: BLANK,
      schemas: [[text('zh', 20, 20), text('ja', 20, 35), text('ko', 20, 50), text('mixed', 20, 65)]],
    };
    const pdf = await render(template, [
      {
        zh: '增值税专用发票 合计 ¥1,280.00',
        ja: '請求書 ご確認ください',
        ko: '거래명세서 합계',
        mixed: 'Invoice 发票 No. 42',
      },
    ]);
    const out = flat(pdfText(pdf));
    for (const s of ['增值税专用发票', '¥1,280.00', '請求書', 'ご確認ください', '거래명세서', 'Invoice 发票 No. 42'])
      expect(out).toContain(s);
    const fonts = pdfFonts(pdf).map((f) => f.name);
    expect(fonts.some((f) => f.includes('NotoSansSC'))).toBe(true);
    expect(fonts.some((f) => f.includes('NotoSansKR'))).toBe(true);
  });

  it('bar codes of the common kinds print bars; a value the format refuses prints nothing', async () => {
    const kinds = ['code128', 'ean13', 'ean8', 'code39', 'upca', 'itf14', 'nw7', 'pdf417', 'gs1datamatrix'] as const;
    const values: Record<string, string> = {
      code128: 'QUIRE-0042',
      ean13: '4006381333931',
      ean8: '96385074',
      code39: 'QUIRE42',
      upca: '036000291452',
      itf14: '15400141288763',
      nw7: 'A123456B',
      pdf417: 'Quire canvas',
      gs1datamatrix: '(01)09521234543213',
      bad: 'not digits',
    };
    const template = {
      basePdf: BLANK,
      schemas: [
        [
          ...kinds.map((type, i) => ({
            name: type,
            type,
            position: { x: 20 + (i % 3) * 60, y: 20 + Math.floor(i / 3) * 40 },
            width: 50,
            height: 25,
            content: '0',
          })),
          { name: 'bad', type: 'ean13', position: { x: 20, y: 200 }, width: 50, height: 25, content: '0' },
        ],
      ],
    };
    const pdf = await render(template, [values]);
    kinds.forEach((type, i) => {
      const box = { x: 20 + (i % 3) * 60, y: 20 + Math.floor(i / 3) * 40, width: 50, height: 25 };
      expect(ink(pdf, box), type).toBeGreaterThan(0.1);
    });
    expect(ink(pdf, { x: 20, y: 200, width: 50, height: 25 })).toBe(0);
  });

  it('check boxes: ticked for true values, empty boxes otherwise', async () => {
    const box = (name: string, y: number) => ({
      name,
      type: 'checkbox',
      position: { x: 30, y },
      width: 10,
      height: 10,
    });
    const template = {
      basePdf: BLANK,
      schemas: [[box('paid', 20), box('shipped', 40), box('urgent', 60), text('label', 50, 20)]],
    };
    const pdf = await render(template, [{ paid: 'true', shipped: 'false', urgent: true, label: 'Paid' }]);
    expect(flat(pdfText(pdf))).toContain('Paid');
    // The inside of the box: the tick, or nothing; the outline is drawn either way.
    const inside = (y: number) => ink(pdf, { x: 32.5, y: y + 2.5, width: 5, height: 5 });
    expect(inside(20)).toBeGreaterThan(0.1);
    expect(inside(40)).toBe(0);
    expect(inside(60)).toBeGreaterThan(0.1);
    expect(ink(pdf, { x: 30, y: 40, width: 10, height: 10 })).toBeGreaterThan(0.1);
  });
});

describe('quire render with a pdfme template and one input object', () => {
  it('writes one filled PDF from inputs keyed by field name (an object, not an array)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quire-canvas-cli-object-'));
    try {
      const template = { basePdf: BLANK, schemas: [[text('to', 20, 20), text('amount', 20, 35)]] };
      writeFileSync(join(dir, 'cheque.json'), JSON.stringify(template));
      writeFileSync(join(dir, 'inputs.json'), JSON.stringify({ to: 'Grace Hopper', amount: '€ 1.234,50' }));
      const errors: string[] = [];
      const code = await renderCommand.run(
        [join(dir, 'cheque.json'), '--data', join(dir, 'inputs.json'), '--out', join(dir, 'out.pdf')],
        { out: () => undefined, err: (t) => errors.push(t) },
      );
      expect(code, errors.join('\n')).toBe(0);
      const pdf = new Uint8Array(readFileSync(join(dir, 'out.pdf')));
      expect(pdfPageCount(pdf)).toBe(1);
      expect(flat(pdfText(pdf))).toContain('Grace Hopper € 1.234,50');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
