import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../../tests/golden/harness';
import type { CliIO } from '../command';
import { runCli } from '../run';
import { renderCommand } from './render';

const FIXTURES = join(ROOT, 'tests/fixtures/attachments');
const dir = mkdtempSync(join(tmpdir(), 'quire-cli-attach-'));
for (const name of ['two-pages.pdf', 'photo.png', 'scan.jpg', 'letter.docx'])
  copyFileSync(join(FIXTURES, name), join(dir, name));

function write(name: string, value: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(value));
  return path;
}

async function render(template: string, data: string, out: string) {
  const err: string[] = [];
  const cli: CliIO = { out: () => {}, err: (line) => err.push(line) };
  const code = await runCli(['render', template, '--data', data, '--out', out], [renderCommand], cli);
  return { code, err: err.join('\n') };
}

const pdfinfo = (file: string) => execFileSync('pdfinfo', [file], { encoding: 'utf8' });
const pdftotext = (file: string) => execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');

// The attachments a record names by URL, served as a storage host would.
let base = '';
const server = createServer((request, response) => {
  const name = (request.url ?? '/').slice(1);
  try {
    response.end(readFileSync(join(FIXTURES, name)));
  } catch {
    response.statusCode = 404;
    response.end();
  }
});
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('quire render <attachment template>', () => {
  const template = write('files.json', {
    name: 'Files',
    content: JSON.stringify({ kind: 'attachment', fields: ['Contract', 'Photos'] }),
  });

  it('prints local files and URLs as one PDF per record, and several records merged', async () => {
    const records = write('records.json', [
      { Contract: 'two-pages.pdf', Photos: ['photo.png', join(dir, 'scan.jpg')] },
      { Contract: `${base}/two-pages.pdf`, Photos: [`${base}/scan.jpg`] },
    ]);
    const out = join(dir, 'merged.pdf');
    expect(await render(template, records, out)).toEqual({ code: 0, err: '' });
    expect(pdfinfo(out)).toMatch(/Pages:\s+7\n/);
    const text = pdftotext(out);
    expect(text.match(/Contract page one: Harbour Lights Ltd Contract page two: signed in Lisbon/g)).toHaveLength(2);

    const one = write('one.json', [{ Contract: `${base}/two-pages.pdf`, Photos: [`${base}/photo.png`] }]);
    const single = join(dir, 'single.pdf');
    expect((await render(template, one, single)).code).toBe(0);
    expect(pdfinfo(single)).toMatch(/Pages:\s+3\n/);
  }, 60_000);

  it('makes a Word attachment into PDF pages with LibreOffice (started once for the run)', async () => {
    const record = write('office.json', [
      { Contract: 'two-pages.pdf', Photos: ['photo.png', 'scan.jpg', { url: 'letter.docx', fileName: 'Letter.docx' }] },
    ]);
    const out = join(dir, 'office.pdf');
    expect(await render(template, record, out)).toEqual({ code: 0, err: '' });
    expect(pdfinfo(out)).toMatch(/Pages:\s+5\n/);
    expect(pdftotext(out)).toMatch(/Contract page one: .* Contract page two: .* Cover letter from the supplier/);
  }, 180_000);

  it('says an Office attachment needs LibreOffice where it is not installed, without waiting', async () => {
    const record = write('office-none.json', [{ Contract: 'letter.docx', Photos: [] }]);
    const before = process.env.QUIRE_SOFFICE;
    process.env.QUIRE_SOFFICE = join(dir, 'no-soffice-here');
    try {
      const result = await render(template, record, join(dir, 'none.pdf'));
      expect(result.code).toBe(1);
      expect(result.err).toMatch(/^E:ATTACHMENT_NEEDS_LIBREOFFICE AttachmentNeedsLibreOffice: .*letter\.docx/);
    } finally {
      if (before === undefined) delete process.env.QUIRE_SOFFICE;
      else process.env.QUIRE_SOFFICE = before;
    }
  });

  it('fails with the catalogued errors, naming the field or the file', async () => {
    const cases: Array<[template: string, record: Record<string, unknown>, expected: RegExp]> = [
      [template, { Contract: 'two-pages.pdf' }, /^E100006 NoAttachmentField: .*Photos/],
      [
        write('none.json', { kind: 'attachment', fields: [] }),
        { Contract: 'two-pages.pdf' },
        /^E100007 NoAttachmentForAttachmentTemplate/,
      ],
      [template, { Contract: [], Photos: [] }, /^E100007 NoAttachmentForAttachmentTemplate: .*Contract, Photos/],
      [template, { Contract: 'records.json', Photos: [] }, /^E100008 AttachmentTypeMismatch: .*records\.json/],
      [template, { Contract: `${base}/gone.pdf`, Photos: [] }, /^E:ATTACHMENT_UNAVAILABLE .*gone\.pdf/],
    ];
    for (const [tpl, record, expected] of cases) {
      const result = await render(tpl, write('bad.json', [record]), join(dir, 'bad.pdf'));
      expect(result.code).toBe(1);
      expect(result.err).toMatch(expected);
    }
  });
});
