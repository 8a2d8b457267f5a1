/**
 * Every kind of file Quire writes, opened by LibreOffice headless in ONE soffice run for the whole
 * test run (starting LibreOffice costs seconds; CI has 2 cores): Office templates authored in
 * LibreOffice and filled, the golden Word/Excel/PowerPoint fills, a merged Word document, and
 * document templates exported to Word and PowerPoint. Each is converted to PDF and read back with
 * pdftotext/pdfimages: the text is there, formulas recalculated, pictures keep their proportions,
 * nothing is placed outside the page's margins, and no line of text is drawn over another.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docxRenderer } from '../office/docx';
import { GOLDEN_RECORD, goldenDocx, goldenPptx, goldenXlsx } from '../office/golden-fixtures';
import { fillLoAuthored } from '../office/lo-authored-fixtures';
import { mergeDocx } from '../office/merge';
import { pptxRenderer } from '../office/pptx';
import { officeContentFromFile } from '../office/schema';
import { input, env as officeEnv } from '../office/test-helpers';
import { xlsxRenderer } from '../office/xlsx';
import { prepareOutputTemplate, renderOutput } from '../outputs/render';

const ROOT = new URL('../../../', import.meta.url).pathname;
const env = { typst: () => Promise.reject(new Error('an export typesets nothing')) };
const FIXTURES = ['invoice', 'packing-slip', 'contract'] as const;
const FORMATS = ['docx', 'pptx'] as const;

let dir = '';
const exported = new Map<string, Uint8Array>();

const fixture = (name: string, file: string) =>
  JSON.parse(readFileSync(join(ROOT, 'tests/fixtures', name, file), 'utf8'));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'quire-export-lo-'));
  const files: string[] = [];
  for (const name of FIXTURES) {
    for (const format of FORMATS) {
      const file = await renderOutput(
        prepareOutputTemplate(fixture(name, 'template.json')),
        { kind: 'data', data: fixture(name, 'data.json') },
        env,
        { format },
      );
      const fileName = `${name}-${format}.${format}`;
      exported.set(fileName, file.bytes);
      writeFileSync(join(dir, fileName), file.bytes);
      files.push(fileName);
    }
  }
  const office = { ...(await fillLoAuthored()), ...(await goldenFills()), 'merged.docx': await mergedInvoices() };
  for (const [fileName, bytes] of Object.entries(office)) {
    writeFileSync(join(dir, fileName), bytes);
    files.push(fileName);
  }
  execFileSync(
    'soffice',
    [`-env:UserInstallation=file://${dir}/profile`, '--headless', '--convert-to', 'pdf', ...files],
    { cwd: dir, stdio: 'ignore', timeout: 240_000 },
  );
}, 300_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const pdf = (name: string, format: string) => join(dir, `${name}-${format}.pdf`);
const MERGED = ['INV-0001', 'INV-0002', 'INV-0003'];

async function goldenFills(): Promise<Record<string, Uint8Array>> {
  const data = input(GOLDEN_RECORD);
  return {
    'golden-word.docx': await docxRenderer.render(
      docxRenderer.parse(officeContentFromFile(await goldenDocx(), 'invoice.docx')),
      data,
      officeEnv,
    ),
    'golden-sheet.xlsx': await xlsxRenderer.render(
      xlsxRenderer.parse(officeContentFromFile(await goldenXlsx(), 'invoice.xlsx')),
      data,
      officeEnv,
    ),
    'golden-deck.pptx': await pptxRenderer.render(
      pptxRenderer.parse(officeContentFromFile(await goldenPptx(), 'deck.pptx')),
      data,
      officeEnv,
    ),
  };
}

/** The golden invoice filled for three records and merged, a section per record. */
async function mergedInvoices(): Promise<Uint8Array> {
  const template = docxRenderer.parse(officeContentFromFile(await goldenDocx(), 'invoice.docx'));
  const documents = await Promise.all(
    MERGED.map((number, i) =>
      docxRenderer.render(
        template,
        input({ ...GOLDEN_RECORD, number, link: `https://quire.example/r/${i}` }),
        officeEnv,
      ),
    ),
  );
  return mergeDocx(documents);
}

/** The PDF LibreOffice made of `fileName`, as text (`-layout` keeps table columns apart). */
const pdfText = (fileName: string, layout = true) =>
  execFileSync(
    'pdftotext',
    [...(layout ? ['-layout'] : []), '-enc', 'UTF-8', join(dir, fileName.replace(/\.\w+$/, '.pdf')), '-'],
    { encoding: 'utf8' },
  );

interface Box {
  page: number;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
  text: string;
}

/** Every line of text LibreOffice drew, with its box in pt. */
function lines(file: string): Box[] {
  const html = execFileSync('pdftotext', ['-bbox-layout', file, '-'], { encoding: 'utf8' });
  const out: Box[] = [];
  let page = 0;
  for (const part of html.split(/<page\b/).slice(1)) {
    page++;
    for (const m of part.matchAll(
      /<line xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([\s\S]*?)<\/line>/g,
    )) {
      const text = [...m[5]!.matchAll(/>([^<]*)<\/word>/g)].map((w) => w[1]).join(' ');
      out.push({ page, xMin: +m[1]!, yMin: +m[2]!, xMax: +m[3]!, yMax: +m[4]!, text });
    }
  }
  return out;
}

/** Pictures in the PDF: their pixel size and their resolution across and down. */
function images(file: string): { width: number; height: number; xPpi: number; yPpi: number }[] {
  const list = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).split('\n').slice(2);
  return list
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => cols.length > 13)
    .map((cols) => ({ width: +cols[3]!, height: +cols[4]!, xPpi: +cols[12]!, yPpi: +cols[13]! }));
}

describe('exports opened in LibreOffice', () => {
  it.each(FIXTURES.flatMap((name) => FORMATS.map((format) => [name, format] as const)))(
    '%s as %s: pictures keep their proportions (no squashed logo or code)',
    (name, format) => {
      const found = images(pdf(name, format));
      expect(found.length).toBeGreaterThan(0);
      // Sizes are whole pixels or EMUs: a code 78 px high may be a pixel off, never squashed.
      for (const image of found)
        expect(Math.abs(image.xPpi - image.yPpi) / Math.max(image.xPpi, image.yPpi)).toBeLessThanOrEqual(0.015);
    },
  );

  it.each(FIXTURES.flatMap((name) => FORMATS.map((format) => [name, format] as const)))(
    '%s as %s: no line of text over another, everything inside the left margin',
    (name, format) => {
      const all = lines(pdf(name, format));
      const text = all.map((l) => l.text).join(' ');
      expect(text.length).toBeGreaterThan(100);
      // The fixture's left margin in pt, less a point of rounding.
      const left = (fixture(name, 'template.json').pageSetting.paddingLeft * 72) / 25.4 - 1;
      for (const line of all) expect(line.xMin, `"${line.text}" starts left of the margin`).toBeGreaterThan(left);
      for (const [i, a] of all.entries()) {
        for (const b of all.slice(i + 1)) {
          if (a.page !== b.page) continue;
          const across = Math.min(a.xMax, b.xMax) - Math.max(a.xMin, b.xMin);
          const down = Math.min(a.yMax, b.yMax) - Math.max(a.yMin, b.yMin);
          // A line's box is its font's full height, more than the line pitch: consecutive lines of a
          // paragraph touch. A line drawn over another covers a good part of it.
          const shorter = Math.min(a.yMax - a.yMin, b.yMax - b.yMin);
          expect(across > 1 && down > 0.35 * shorter, `"${a.text}" drawn over "${b.text}"`).toBe(false);
        }
      }
    },
  );

  it("frames the contract's floating stamp with a thin border, as the PDF does", () => {
    const xml = strFromU8(unzipSync(exported.get('contract-docx.docx')!)['word/document.xml']!);
    const stamp = xml.slice(0, xml.indexOf('CONFIDENTIAL'));
    const sizes = [...stamp.slice(stamp.lastIndexOf('<w:tbl>')).matchAll(/w:sz="(\d+)"/g)].map((m) => Number(m[1]));
    expect(sizes.length).toBeGreaterThan(0);
    // Eighths of a point: 0.6 pt is drawn as Word's thinnest, not as a 91 pt block of colour.
    for (const size of sizes) expect(size).toBeLessThanOrEqual(8);
    const text = execFileSync('pdftotext', ['-layout', '-f', '1', '-l', '1', pdf('contract', 'docx'), '-'], {
      encoding: 'utf8',
    });
    expect(text).toMatch(/CONFIDENTIAL/);
    expect(text).toMatch(/Master Services Agreement/);
  });

  it("places the contract's floating stamp where the PDF places it, not in the flow", () => {
    const template = fixture('contract', 'template.json');
    const mmToPt = (mm: number) => (mm * 72) / 25.4;
    // The float's box on the page: the text area's top-left plus its offsets (px at 0.75 pt).
    const left = mmToPt(template.pageSetting.paddingLeft) + 420 * 0.75;
    const top = mmToPt(template.pageSetting.paddingTop);
    const box = { xMin: left, xMax: left + 150 * 0.75, yMin: top, yMax: top + 36 * 0.75 };
    const stamp = lines(pdf('contract', 'docx')).find((line) => line.text === 'CONFIDENTIAL');
    expect(stamp?.page).toBe(1);
    // Inside its box, give or take LibreOffice's rounding of the cell's inset.
    expect(stamp!.xMin).toBeGreaterThan(box.xMin - 3);
    expect(stamp!.xMax).toBeLessThan(box.xMax + 3);
    expect(stamp!.yMin).toBeGreaterThan(box.yMin - 3);
    expect(stamp!.yMax).toBeLessThan(box.yMax + 3);
    // The title keeps its place at the top of the text area: the float takes no room in the flow.
    const title = lines(pdf('contract', 'docx')).find((line) => line.text.startsWith('Master Services Agreement'));
    expect(title!.yMin).toBeLessThan(top + 6);
  });
});

describe('Office templates authored in LibreOffice, filled, opened in LibreOffice', () => {
  it('Word: split tags, the looped table with its merged cells, header, footer page fields, pictures', () => {
    const text = pdfText('letter.docx');
    expect(text).toContain('Invoice INV-7 for London');
    expect(text).toContain('Dear Ada & Co,');
    expect(text).toMatch(/Pen\s+2\s+\$1\.50\s+blue\s*\n\s*Note: gift/);
    expect(text).toMatch(/Paper\s+10\s+\$0\.25\s+white\s*\n\s*Note: A4/);
    expect(text).toMatch(/Total\s+\$17\.50/);
    expect(text).toContain('Tag 2: fragile');
    expect(text).toContain('Ada & Co — page 1 of 1');
    expect(text).not.toMatch(/[{}]/);
    const pictures = images(join(dir, 'letter.pdf'));
    // The 60×40 photo and the QR code.
    expect(pictures.map((p) => `${p.width}x${p.height}`)).toContain('60x40');
    expect(pictures).toHaveLength(2);
  });

  it('Excel: all three sheets, the formulas below the loop recalculated', () => {
    const text = pdfText('orders.xlsx');
    expect(text).toMatch(/Paper\s+10\s+0\.25\s+2\.5/);
    expect(text).toMatch(/Total\s+15\s+17\.5/);
    expect(text).toMatch(/Largest\s+12/);
    expect(text).toMatch(/Grand total\s+17\.5/);
    expect(text).toMatch(/Lines\s+3/);
    expect(text).toMatch(/Double total\s+35/);
    expect(text).toContain('Handle with care');
  });

  it('PowerPoint: the line slide once per item', () => {
    const pages = pdfText('deck.pptx', false)
      .split('\f')
      .filter((page) => page.trim());
    expect(pages).toHaveLength(5);
    expect(pages[0]).toContain('For Ada & Co in London');
    expect(pages.slice(1, 4).map((page) => page.split('\n')[0])).toEqual([
      'Line 1: Pen',
      'Line 2: Ink',
      'Line 3: Paper',
    ]);
    expect(pages[4]).toContain('Thank you, Ada & Co');
  });
});

describe('golden Office fills opened in LibreOffice', () => {
  it('reads the filled Word, Excel and PowerPoint files, with formulas recalculated', () => {
    const word = pdfText('golden-word.docx');
    expect(word).toContain('Bill to: Ada Lovelace & Co <Ltd>, London');
    expect(word).toMatch(/Paper\s+10\s+\$0\.25/);
    expect(word).toMatch(/page 1 of 1/);
    // Calc prints every sheet: the repeated rows with their formulas recalculated (2 × 1.5 …,
    // the total 17.5, the summary sheet's reference to it) and a sheet per line.
    const sheet = pdfText('golden-sheet.xlsx');
    expect(sheet).toMatch(/Paper\s+10\s+0\.25\s+2\.5/);
    expect(sheet).toMatch(/Total\s+17\.5/);
    expect(sheet).toMatch(/Grand total\s+17\.5/);
    const deck = pdfText('golden-deck.pptx');
    expect(deck).toContain('Invoice INV-0042');
    expect(deck).toContain('Paper: 10 × $0.25');
    expect(deck).toContain('Thanks, Ada Lovelace & Co <Ltd>');
  });

  it('a merged Word document: each record on its own page, its own header, pages numbered from 1', () => {
    const pages = pdfText('merged.docx', false)
      .split('\f')
      .filter((page) => page.trim());
    const starts = pages.filter((page) => page.includes('Bill to: Ada Lovelace & Co <Ltd>, London'));
    expect(starts).toHaveLength(3);
    expect(starts.map((page) => MERGED.find((n) => page.includes(`Invoice ${n}`)))).toEqual(MERGED);
    // Page numbers start again with each record (the footer's PAGE field), not 1, 2, 3.
    for (const page of starts) expect(page).toMatch(/page 1 of \d/);
  });
});

describe('a document template exported as Word, opened in LibreOffice', () => {
  it('has the invoice in it', () => {
    const text = execFileSync('pdftotext', ['-layout', pdf('invoice', 'docx'), '-'], { encoding: 'utf8' });
    expect(text).toContain('INV-2026-00042');
    expect(text).toContain('Laptop stand, aluminium');
    expect(text).toMatch(/Total due\s+\$4,100\.23/);
  });
});
