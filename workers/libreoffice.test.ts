/**
 * Office to PDF: `quire render letter.docx --out letter.pdf` through LibreOffice headless (ONE
 * soffice start in this file: two Word records merged, then converted once), a missing LibreOffice
 * said as OfficePdfUnavailable, and a converter that hangs killed at its time-out.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CliIO } from '../src/cli/command';
import { renderCommand } from '../src/cli/commands/render';
import { GOLDEN_RECORD, goldenDocx } from '../src/render/office/golden-fixtures';
import { LibreOfficeConverter } from './libreoffice';

const dir = mkdtempSync(join(tmpdir(), 'quire-office-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function io() {
  const out: string[] = [];
  const err: string[] = [];
  const cli: CliIO = { out: (t) => out.push(t), err: (t) => err.push(t) };
  return { cli, out, err };
}

async function letter() {
  const docx = join(dir, 'letter.docx');
  writeFileSync(docx, await goldenDocx());
  const records = join(dir, 'records.json');
  writeFileSync(records, JSON.stringify([GOLDEN_RECORD, { ...GOLDEN_RECORD, number: 'INV-0043' }]));
  return { docx, records };
}

describe('quire render <office file> --out x.pdf', () => {
  it('fills two Word records into one document and converts it to one PDF with LibreOffice', async () => {
    const { docx, records } = await letter();
    const pdf = join(dir, 'letters.pdf');
    const run = io();
    expect(await renderCommand.run([docx, '--data', records, '--out', pdf], run.cli)).toBe(0);
    expect(run.out[0]).toMatch(/Rendered 2 record\(s\) as PDF with LibreOffice .* → .*letters\.pdf/);
    expect(Buffer.from(readFileSync(pdf).subarray(0, 5)).toString()).toBe('%PDF-');
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
    expect(text).toContain('INV-0042');
    expect(text).toContain('INV-0043');
    expect(text).toMatch(/Ada Lovelace/);
  }, 240_000);

  it('says several Excel or PowerPoint records need a folder, before any work', async () => {
    const run = io();
    const xlsx = join(__dirname, '..', 'src', 'render', 'office', '__fixtures__', 'lo-invoice.xlsx');
    const { records } = await letter();
    expect(await renderCommand.run([xlsx, '--data', records, '--out', join(dir, 'x.pdf')], run.cli)).toBe(2);
    expect(run.err[0]).toContain('use --out dir/');
  });

  it('says LibreOffice is missing with a catalogued error', async () => {
    const { docx, records } = await letter();
    const before = process.env.QUIRE_SOFFICE;
    process.env.QUIRE_SOFFICE = join(dir, 'no-such-soffice');
    try {
      await expect(
        renderCommand.run([docx, '--data', records, '--out', join(dir, 'missing.pdf'), '--format', 'pdf'], io().cli),
      ).rejects.toMatchObject({ errorName: 'OfficePdfUnavailable' });
    } finally {
      if (before === undefined) delete process.env.QUIRE_SOFFICE;
      else process.env.QUIRE_SOFFICE = before;
    }
  });
});

describe('LibreOfficeConverter', () => {
  it('kills a conversion that passes its time-out and says so', async () => {
    // A stand-in for a LibreOffice that hangs (no real start needed to test the time-out).
    const hang = join(dir, 'hang.sh');
    writeFileSync(hang, '#!/bin/sh\nexec sleep 60\n');
    chmodSync(hang, 0o755);
    const converter = new LibreOfficeConverter({ binary: hang, timeoutMs: 300, slots: 1 });
    await expect(converter.toPdf(new Uint8Array([1]), 'docx')).rejects.toMatchObject({
      errorName: 'DocGenerationError',
      message: expect.stringContaining('did not finish'),
    });
    // The slot is free again: a second file is converted (and times out) rather than waiting forever.
    await expect(converter.toPdf(new Uint8Array([1]), 'docx')).rejects.toMatchObject({
      errorName: 'DocGenerationError',
    });
    await converter.dispose();
  });
});
