/** Reading a downloaded PDF with poppler's tools (pdftotext, pdfinfo, pdffonts), from a temp file. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Runs a poppler tool on the bytes and answers its output. */
export function popplerOutput(tool: 'pdftotext' | 'pdfinfo' | 'pdffonts' | 'pdfimages', bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'quire-e2e-pdf-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, bytes);
    const args = tool === 'pdftotext' ? ['-enc', 'UTF-8', file, '-'] : tool === 'pdfimages' ? ['-list', file] : [file];
    return execFileSync(tool, args, { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The PDF's text with whitespace collapsed. */
export function pdfText(bytes: Uint8Array): string {
  return popplerOutput('pdftotext', bytes).replace(/\s+/g, ' ');
}

/** How many images the PDF draws (poppler's `pdfimages -list`, its two header lines dropped; a soft mask counts as its own line). */
export function pdfImageLines(bytes: Uint8Array): string[] {
  return popplerOutput('pdfimages', bytes)
    .split('\n')
    .slice(2)
    .filter((line) => line.trim() !== '');
}
