import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { content, fullRow, p, page, richText, text, variable } from '../../../tests/fixtures/builders';
import { flat, pdfPageCount, pdfText, ROOT, sharedEngine } from '../../../tests/golden/harness';
import { isQuireError } from '../../core/errors';
import { nodeImageLoader } from '../node-images';
import { canRenderGroup, prepareOutputTemplate, renderOutput, renderOutputGroup } from '../outputs';

const FIXTURES = join(ROOT, 'tests/fixtures/attachments');
const env = { typst: sharedEngine, loadImage: nodeImageLoader(FIXTURES) };
const A4 = [595.28, 841.89];

const cover = content([page('p1', [fullRow('r1', richText('t1', [p(text('Files of '), variable('Order'))]))])]);
const record = {
  Order: 'SO-0042',
  Contract: 'two-pages.pdf',
  Photos: ['photo.png', { url: 'scan.jpg', fileName: 'Scan.jpg' }],
};

/** How many images each page draws (poppler's pdfimages), page by page. */
function imagesPerPage(pdf: Uint8Array, pages: number): number[] {
  const dir = mkdtempSync(join(tmpdir(), 'quire-attach-'));
  const file = join(dir, 'out.pdf');
  writeFileSync(file, pdf);
  const list = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' });
  const counts = Array.from({ length: pages }, () => 0);
  for (const line of list.split('\n').slice(2)) {
    const pageNo = Number(line.trim().split(/\s+/)[0]);
    if (pageNo > 0) counts[pageNo - 1]! += 1;
  }
  return counts;
}

describe('attachment templates', () => {
  it('prints the cover, then a LibreOffice PDF page for page, then each image on an A4 page, in order', async () => {
    const prepared = prepareOutputTemplate({ kind: 'attachment', fields: ['Contract', 'Photos'], cover });
    expect(prepared.kind).toBe('attachment');
    const file = await renderOutput(prepared, { kind: 'data', data: record }, env, {
      naming: { rule: '{Order}', templateName: 'Files', printTime: 0 },
    });
    expect(file).toMatchObject({ mime: 'application/pdf', extension: 'pdf', fileName: 'SO-0042.pdf' });
    expect(pdfPageCount(file.bytes)).toBe(5);
    const shown = flat(pdfText(file.bytes));
    expect(shown).toMatch(
      /^Files of SO-0042 Contract page one: Harbour Lights Ltd Contract page two: signed in Lisbon$/,
    );
    const doc = await PDFDocument.load(file.bytes);
    const sizes = doc.getPages().map((pg) => [pg.getWidth(), pg.getHeight()].map((n) => Math.round(n)));
    expect(sizes[3]).toEqual(A4.map(Math.round));
    expect(sizes[4]).toEqual(A4.map(Math.round));
    expect(imagesPerPage(file.bytes, 5)).toEqual([0, 0, 0, 1, 1]);
  }, 60_000);

  it('fits images to a landscape page without a cover, and takes bytes the source carries', async () => {
    const png = new Uint8Array(readFileSync(join(FIXTURES, 'photo.png')));
    const prepared = prepareOutputTemplate({
      kind: 'attachment',
      fields: ['Files'],
      pageSetting: { sizeType: 'A5', width: 148, height: 210, direction: 'horizontal' },
    });
    const source = {
      kind: 'data' as const,
      data: { Files: [{ url: 'quire-asset:photo', fileName: 'photo.png' }] },
      assets: { 'quire-asset:photo': png },
    };
    const file = await renderOutput(prepared, source, { typst: () => Promise.reject(new Error('no cover')) });
    const doc = await PDFDocument.load(file.bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(Math.round(doc.getPage(0).getWidth())).toBe(Math.round((210 * 72) / 25.4));
  });

  it('says which file is missing or of a type it cannot take', async () => {
    const prepared = prepareOutputTemplate({ kind: 'attachment', fields: ['Files'] });
    const fail = async (data: Record<string, unknown>) => {
      const error = await renderOutput(prepared, { kind: 'data', data }, env).catch((e: unknown) => e);
      if (!isQuireError(error)) throw error;
      return error;
    };
    const missing = await fail({ Files: ['nowhere.pdf'] });
    expect(missing.errorName).toBe('AttachmentUnavailable');
    expect(missing.params.file).toBe('nowhere.pdf');
    const notPdf = await fail({ Files: ['make.sh'] });
    expect([notPdf.code, notPdf.params.file]).toEqual([100008, 'make.sh']);
    // An Office file where no LibreOffice is at hand (a browser): said, not attempted.
    const office = await fail({ Files: ['letter.docx'] });
    expect([office.errorName, office.params.file]).toEqual(['AttachmentNeedsLibreOffice', 'letter.docx']);
  });
});

describe('attachment templates in a merged print', () => {
  it('typesets several records as one group, record after record', async () => {
    const prepared = prepareOutputTemplate({ kind: 'attachment', fields: ['Photos'] });
    expect(canRenderGroup(prepared)).toBe(true);
    const sources = [
      { kind: 'data' as const, data: { Photos: ['photo.png', 'scan.jpg'] } },
      { kind: 'data' as const, data: { Photos: ['two-pages.pdf'] } },
    ];
    const { file, names } = await renderOutputGroup(prepared, sources, env, {
      naming: { rule: 'files', templateName: 'Files', printTime: 0 },
    });
    expect(names).toEqual(['files.pdf', 'files.pdf']);
    expect(pdfPageCount(file.bytes)).toBe(4);
    expect(imagesPerPage(file.bytes, 4)).toEqual([1, 1, 0, 0]);
  });
});
