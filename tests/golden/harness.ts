/**
 * Golden-test helpers: one warm engine per test file, PDF → text (pdftotext), PDF → grey PNG pages
 * (pdftoppm) compared with stored references at a small tolerance. `UPDATE_GOLDEN=1` rewrites the
 * references.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createNodeEngine } from '../../src/render/node-engine';
import type { TypstEngine } from '../../src/render/typst/engine';
import { decodePng, diffImages } from './png';

export const ROOT = new URL('../../', import.meta.url).pathname;
export const REFS = join(ROOT, 'tests/golden/refs');
export const UPDATE = process.env.UPDATE_GOLDEN === '1';
/** Share of differing pixels a page may have against its reference. */
export const TOLERANCE = 0.004;

let engine: Promise<TypstEngine> | undefined;
export function sharedEngine(): Promise<TypstEngine> {
  engine ??= createNodeEngine('wasm');
  return engine;
}

export function readFixture(name: string): { template: unknown; data: Record<string, unknown> } {
  const dir = join(ROOT, 'tests/fixtures', name);
  return {
    template: JSON.parse(readFileSync(join(dir, 'template.json'), 'utf8')),
    data: JSON.parse(readFileSync(join(dir, 'data.json'), 'utf8')),
  };
}

function withTemp<T>(pdf: Uint8Array, run: (file: string, dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'quire-golden-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    return run(file, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function pdfText(pdf: Uint8Array, layout = false): string {
  return withTemp(pdf, (file) =>
    execFileSync('pdftotext', [...(layout ? ['-layout'] : []), '-enc', 'UTF-8', file, '-'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }),
  );
}

/** Collapses whitespace so text checks do not depend on line breaks. */
export function flat(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function pdfPageCount(pdf: Uint8Array): number {
  const info = withTemp(pdf, (file) =>
    execFileSync('pdfinfo', [file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
  );
  return Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0);
}

export interface PdfFont {
  name: string;
  embedded: boolean;
  unicode: boolean;
}

export function pdfFonts(pdf: Uint8Array): PdfFont[] {
  const out = withTemp(pdf, (file) =>
    execFileSync('pdffonts', [file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
  );
  return out
    .split('\n')
    .slice(2)
    .filter((line) => line.trim())
    .map((line) => {
      const cols = line.trim().split(/\s+/);
      const n = cols.length;
      return { name: cols[0]!, embedded: cols[n - 5] === 'yes', unicode: cols[n - 3] === 'yes' };
    });
}

export function pdfPngs(pdf: Uint8Array, dpi = 40): Uint8Array[] {
  return withTemp(pdf, (file, dir) => {
    execFileSync('pdftoppm', ['-gray', '-png', '-r', String(dpi), file, join(dir, 'page')], {
      stdio: ['ignore', 'ignore', 'ignore'],
    });
    return readdirSync(dir)
      .filter((f) => f.endsWith('.png'))
      .sort()
      .map((f) => new Uint8Array(readFileSync(join(dir, f))));
  });
}

export interface PageComparison {
  page: number;
  ref: string;
  missing: boolean;
  sameSize: boolean;
  ratio: number;
}

/** Compares each page with `refs/<name>-<page>.png`; with UPDATE_GOLDEN=1 writes them instead. */
export function compareWithRefs(name: string, pdf: Uint8Array): PageComparison[] {
  const pages = pdfPngs(pdf);
  mkdirSync(REFS, { recursive: true });
  const results: PageComparison[] = [];
  pages.forEach((png, i) => {
    const ref = join(REFS, `${name}-${i + 1}.png`);
    if (UPDATE) {
      writeFileSync(ref, png);
      results.push({ page: i + 1, ref, missing: false, sameSize: true, ratio: 0 });
      return;
    }
    if (!existsSync(ref)) {
      results.push({ page: i + 1, ref, missing: true, sameSize: false, ratio: 1 });
      return;
    }
    const diff = diffImages(decodePng(png), decodePng(new Uint8Array(readFileSync(ref))));
    results.push({ page: i + 1, ref, missing: false, ...diff });
  });
  const stale = readdirSync(REFS).filter(
    (f) => f.startsWith(`${name}-`) && Number(/-(\d+)\.png$/.exec(f)?.[1]) > pages.length,
  );
  if (UPDATE) for (const f of stale) rmSync(join(REFS, f));
  else for (const f of stale) results.push({ page: 0, ref: join(REFS, f), missing: false, sameSize: false, ratio: 1 });
  return results;
}
