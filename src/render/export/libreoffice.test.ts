/**
 * Document templates exported to Word and PowerPoint, opened by LibreOffice headless (one soffice
 * run for the file, converting every export to PDF) and looked at through the PDF: pictures keep
 * their proportions, nothing is placed outside the page's margins, and no line of text is drawn
 * over another (the PowerPoint export places its boxes by estimated heights).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportOutput, prepareOutputTemplate } from '../outputs/render';
import type { ExportFormat } from '.';

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
      const file = await exportOutput(
        prepareOutputTemplate(fixture(name, 'template.json')),
        { kind: 'data', data: fixture(name, 'data.json') },
        env,
        format as ExportFormat,
      );
      const fileName = `${name}-${format}.${format}`;
      exported.set(fileName, file.bytes);
      writeFileSync(join(dir, fileName), file.bytes);
      files.push(fileName);
    }
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
});
