import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { content, fullRow, p, page, richText, variable } from '../../../tests/fixtures/builders';
import { imageInfo } from '../../../tests/fixtures/imageInfo';
import { GOLDEN_RECORD, goldenDocx } from '../../render/office/golden-fixtures';
import type { CliIO } from '../command';
import { renderCommand } from './render';

function io() {
  const out: string[] = [];
  const err: string[] = [];
  const cli: CliIO = { out: (t) => out.push(t), err: (t) => err.push(t) };
  return { cli, out, err };
}

const dir = mkdtempSync(join(tmpdir(), 'quire-cli-render-'));
const templatePath = join(dir, 'template.json');
writeFileSync(
  templatePath,
  JSON.stringify(content([page('p', [fullRow('r', richText('t', [p('Hello ', variable('name'))]))])])),
);
const dataPath = join(dir, 'records.json');
writeFileSync(dataPath, JSON.stringify([{ name: 'Ada' }, { name: 'Grace' }, { name: 'Ada' }]));

describe('quire render', () => {
  it('fills a Word template per record into a ZIP of .docx files, or one merged .docx; never a misnamed file', async () => {
    const docx = join(dir, 'letter.docx');
    writeFileSync(docx, await goldenDocx());
    const records = join(dir, 'golden.json');
    writeFileSync(records, JSON.stringify([GOLDEN_RECORD, { ...GOLDEN_RECORD, number: 'INV-0043' }]));
    const { cli } = io();
    const zip = join(dir, 'letters.zip');
    expect(await renderCommand.run([docx, '--data', records, '--out', zip, '--name', '{number}'], cli)).toBe(0);
    const files = unzipSync(new Uint8Array(readFileSync(zip)));
    expect(Object.keys(files)).toEqual(['INV-0042.docx', 'INV-0043.docx']);
    const parts = unzipSync(files['INV-0043.docx']!);
    const header = Object.keys(parts).find((name) => /^word\/header\d*\.xml$/.test(name))!;
    expect(strFromU8(parts[header]!)).toContain('Invoice INV-0043');
    expect(strFromU8(parts['word/document.xml']!)).toContain('Ada Lovelace &amp; Co &lt;Ltd&gt;');
    const merged = join(dir, 'letters.docx');
    expect(await renderCommand.run([docx, '--data', records, '--out', merged], io().cli)).toBe(0);
    const body = strFromU8(unzipSync(new Uint8Array(readFileSync(merged)))['word/document.xml']!);
    expect(body).toContain('Ada Lovelace &amp; Co &lt;Ltd&gt;');
    expect(body.match(/<w:sectPr/g)?.length).toBeGreaterThanOrEqual(2);
    const wrong = io();
    // (`--out x.pdf` converts with LibreOffice: workers/libreoffice.test.ts.)
    expect(await renderCommand.run([docx, '--data', records, '--out', join(dir, 'x.xlsx')], wrong.cli)).toBe(2);
    expect(wrong.err.join('')).toContain('A Word template writes .docx files');
    expect(existsSync(join(dir, 'x.xlsx'))).toBe(false);
  }, 120_000);

  it('exports a document template as Word per record, as one merged .docx, and as Excel', async () => {
    const outDir = join(dir, 'exported/');
    const { cli } = io();
    expect(
      await renderCommand.run(
        [templatePath, '--data', dataPath, '--out', outDir, '--name', 'hello-{name}', '--format', 'docx'],
        cli,
      ),
    ).toBe(0);
    expect(readdirSync(outDir).sort()).toEqual(['hello-Ada(1).docx', 'hello-Ada.docx', 'hello-Grace.docx']);
    const grace = unzipSync(new Uint8Array(readFileSync(join(outDir, 'hello-Grace.docx'))));
    expect(strFromU8(grace['word/document.xml']!)).toMatch(/Hello\s*(<[^>]+>\s*)*Grace/);

    const merged = join(dir, 'hello.docx');
    expect(
      await renderCommand.run([templatePath, '--data', dataPath, '--out', merged, '--format', 'docx'], io().cli),
    ).toBe(0);
    const body = strFromU8(unzipSync(new Uint8Array(readFileSync(merged)))['word/document.xml']!);
    expect(body).toContain('Grace');
    expect(body.match(/<w:sectPr/g)?.length).toBeGreaterThanOrEqual(3);

    const one = join(dir, 'one.json');
    writeFileSync(one, JSON.stringify({ name: 'Grace' }));
    const sheet = join(dir, 'hello.xlsx');
    expect(await renderCommand.run([templatePath, '--data', one, '--out', sheet, '--format', 'xlsx'], io().cli)).toBe(
      0,
    );
    const book = unzipSync(new Uint8Array(readFileSync(sheet)));
    expect(Object.keys(book)).toContain('xl/workbook.xml');

    const refused = io();
    expect(
      await renderCommand.run([templatePath, '--data', dataPath, '--out', merged, '--format', 'odt'], refused.cli),
    ).toBe(2);
    expect(refused.err.join('')).toContain('Usage');
  }, 120_000);

  it('writes one PDF per record named by the file-name template', async () => {
    const { cli, out } = io();
    const outDir = join(dir, 'out/');
    const code = await renderCommand.run(
      [templatePath, '--data', dataPath, '--out', outDir, '--name', 'hello-{name}'],
      cli,
    );
    expect(code).toBe(0);
    expect(readdirSync(outDir).sort()).toEqual(['hello-Ada(1).pdf', 'hello-Ada.pdf', 'hello-Grace.pdf']);
    expect(out.join('')).toContain('Rendered 3 record(s) with the wasm engine');
    const text = execFileSync('pdftotext', [join(outDir, 'hello-Grace.pdf'), '-'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    expect(text.trim()).toBe('Hello Grace');
  }, 120_000);

  it('merges records into one PDF with the native engine', async () => {
    const { cli } = io();
    const target = join(dir, 'merged.pdf');
    expect(
      await renderCommand.run(
        [templatePath, '--data', dataPath, '--out', target, '--merge', '--engine', 'native'],
        cli,
      ),
    ).toBe(0);
    const info = execFileSync('pdfinfo', [target], { encoding: 'utf8' });
    expect(info).toMatch(/Pages:\s+3/);
    expect(readFileSync(target).subarray(0, 5).toString()).toBe('%PDF-');
  }, 120_000);

  it('writes page images: one per page and record as page-1.png…, never a misnamed file', async () => {
    const { cli, out } = io();
    const target = join(dir, 'images', 'page.png');
    expect(
      await renderCommand.run(
        [templatePath, '--data', dataPath, '--out', target, '--format', 'png', '--engine', 'native'],
        cli,
      ),
    ).toBe(0);
    expect(readdirSync(join(dir, 'images')).sort()).toEqual(['page-1.png', 'page-2.png', 'page-3.png']);
    expect(out.join('')).toContain('3 images');
    for (const name of ['page-1.png', 'page-3.png'])
      expect(imageInfo(new Uint8Array(readFileSync(join(dir, 'images', name))))).toEqual({
        format: 'png',
        width: 1587,
        height: 2245,
      });
    const wrong = io();
    expect(
      await renderCommand.run(
        [templatePath, '--data', dataPath, '--out', join(dir, 'x.pdf'), '--format', 'jpeg'],
        wrong.cli,
      ),
    ).toBe(2);
    expect(wrong.err.join('')).toContain('Page images are written as .png or .jpg files');
  }, 120_000);

  it('fails bad data with a catalogued error', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '[1, 2');
    await expect(
      renderCommand.run([templatePath, '--data', bad, '--out', join(dir, 'x.pdf')], io().cli),
    ).rejects.toMatchObject({
      errorName: 'DataInvalid',
    });
  });

  it('says an --out it cannot write with a catalogued error, not a stack trace', async () => {
    const docx = join(dir, 'letter-out.docx');
    writeFileSync(docx, await goldenDocx());
    const records = join(dir, 'one.json');
    writeFileSync(records, JSON.stringify([GOLDEN_RECORD]));
    // A file where a folder must be: no permission check depends on who runs the test.
    const blocker = join(dir, 'a-file');
    writeFileSync(blocker, 'x');
    await expect(
      renderCommand.run([docx, '--data', records, '--out', join(blocker, 'letter.docx')], io().cli),
    ).rejects.toMatchObject({ errorName: 'OutputNotWritable' });
  });

  it('takes --tz, --lang and --delimiters for Office templates', async () => {
    const { makeDocx, p: para } = await import('../../render/office/test-helpers');
    const docx = join(dir, 'double.docx');
    writeFileSync(docx, makeDocx({ body: para('On {{when | date:"YYYY-MM-DD HH:mm"}} for {{name}}') }));
    const records = join(dir, 'when.json');
    writeFileSync(records, JSON.stringify([{ name: 'Ada', when: '2024-03-05T23:30:00Z' }]));
    const out = join(dir, 'double-out.docx');
    const args = [
      docx,
      '--data',
      records,
      '--out',
      out,
      '--delimiters',
      'double',
      '--tz',
      'Asia/Tokyo',
      '--lang',
      'en-US',
    ];
    expect(await renderCommand.run(args, io().cli)).toBe(0);
    const xml = strFromU8(unzipSync(new Uint8Array(readFileSync(out)))['word/document.xml']!);
    expect(xml.replace(/<[^>]+>/g, '')).toContain('On 2024-03-06 08:30 for Ada');
    const bad = io();
    expect(await renderCommand.run([...args.slice(0, 4), '--tz', 'Mars/Olympus'], bad.cli)).toBe(2);
    expect(bad.err[0]).toContain('--tz');
  });

  it('prints usage on missing arguments', async () => {
    const { cli, err } = io();
    expect(await renderCommand.run([templatePath], cli)).toBe(2);
    expect(err.join('')).toContain('Usage: render');
  });
});
