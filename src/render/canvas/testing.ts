/** What the canvas tests share: a Node render environment and reading a PDF back with poppler. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadFontGroupFromNodeModules } from '../../../wasm/fonts-node';
import type { OutputEnvironment } from '../outputs/types';

export const canvasTestEnv: OutputEnvironment = {
  typst: () => Promise.reject(new Error('canvas never typesets')),
  loadFontGroup: loadFontGroupFromNodeModules,
};

/** Runs `run` on the PDF written to a temporary file (removed afterwards). */
export function withPdf<T>(pdf: Uint8Array, run: (file: string, dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'quire-canvas-'));
  try {
    writeFileSync(join(dir, 'a.pdf'), pdf);
    return run(join(dir, 'a.pdf'), dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The PDF's text with whitespace collapsed, so checks do not depend on line breaks. */
export function pdfText(pdf: Uint8Array): string {
  return withPdf(pdf, (file) => execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }))
    .replace(/\s+/g, ' ')
    .trim();
}
