/**
 * The Node attachment preview loader on real files made by other programs (tests/fixtures/
 * attachments: LibreOffice's two-page PDF, pdftoppm's PNG and JPEG, python-docx's letter), with
 * the real pdf.js rasteriser and one LibreOffice conversion.
 */
import { mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREVIEW_SIZE_LIMIT } from '../src/core/attachments/preview';
import { createNodePreviewLoader, localFileFetcher } from './attachment-preview';
import { LibreOfficeConverter } from './libreoffice';

const fixture = (name: string) => fileURLToPath(new URL(`../tests/fixtures/attachments/${name}`, import.meta.url));

/** Width and height from a PNG's header. */
function pngSize(bytes: Uint8Array): [number, number] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return [view.getUint32(16), view.getUint32(20)];
}

describe('Node attachment preview', () => {
  let dir: string;
  let converter: LibreOfficeConverter | undefined;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'quire-preview-'));
  });
  afterAll(async () => {
    await converter?.dispose();
    await rm(dir, { recursive: true, force: true });
  });

  it('draws PDF pages, keeps images as they are and converts a Word file with LibreOffice', async () => {
    const load = createNodePreviewLoader({
      fetch: localFileFetcher,
      officePdf: () => {
        converter ??= new LibreOfficeConverter({ slots: 1 });
        return converter;
      },
    });
    const results = await load([
      { name: 'two-pages.pdf', url: fixture('two-pages.pdf') },
      { name: 'photo.png', url: fixture('photo.png') },
      { name: 'scan.jpg', url: `file://${fixture('scan.jpg')}` },
      { name: 'letter.docx', url: fixture('letter.docx') },
    ]);
    expect(results.map((r) => [r.name, r.status, r.errorCode, r.thumbs.length])).toEqual([
      ['two-pages.pdf', 'success', 'success', 2],
      ['photo.png', 'success', 'success', 1],
      ['scan.jpg', 'success', 'success', 1],
      ['letter.docx', 'success', 'success', 1],
    ]);
    // Pages are PNGs at most 800 px wide (one image pixel per CSS px); A4 at 96 dpi is 794 px.
    for (const thumb of [...results[0]!.thumbs, ...results[3]!.thumbs]) {
      expect(thumb.mime).toBe('image/png');
      const [width, height] = pngSize(thumb.bytes);
      expect([width, height]).toEqual([thumb.width, thumb.height]);
      expect(width).toBeLessThanOrEqual(800);
      expect(height).toBeGreaterThan(width);
    }
    expect(results[1]!.thumbs[0]!.bytes).toEqual(new Uint8Array(await readFile(fixture('photo.png'))));
    expect(results[2]!.thumbs[0]!.mime).toBe('image/jpeg');
  }, 180_000);

  it('reports FETCH_ERROR, size_over_limit (20 MB, or as configured), missing and unknown', async () => {
    const big = join(dir, 'big.pdf');
    await writeFile(big, '%PDF-1.4\n');
    // 25 MB without writing them: the fetcher refuses from the size alone.
    await truncate(big, 25 * 1024 * 1024);
    const files = [
      { name: 'gone.pdf', url: join(dir, 'gone.pdf') },
      { name: 'big.pdf', url: big },
      { name: 'nothing.pdf', url: '' },
      { name: 'notes.txt', url: fixture('make.sh') },
      { name: 'two-pages.pdf', url: fixture('two-pages.pdf') },
    ];
    const results = await createNodePreviewLoader({ fetch: localFileFetcher })(files);
    expect(results.map((r) => r.errorCode)).toEqual([
      'FETCH_ERROR',
      'size_over_limit',
      'missing',
      'unknown',
      'success',
    ]);
    expect(results[0]!.error).toMatchObject({ name: 'AttachmentUnavailable', params: { file: 'gone.pdf' } });
    expect(PREVIEW_SIZE_LIMIT).toBeLessThan(25 * 1024 * 1024);

    const small = await createNodePreviewLoader({ fetch: localFileFetcher, sizeLimit: 1000 })([files[4]!]);
    expect(small[0]!.errorCode).toBe('size_over_limit');
  }, 60_000);

  it('without LibreOffice, an Office file is a catalogued error at once, not a hang', async () => {
    const files = [{ name: 'letter.docx', url: fixture('letter.docx') }];
    const notInstalled = createNodePreviewLoader({
      fetch: localFileFetcher,
      officePdf: () => new LibreOfficeConverter({ binary: join(dir, 'no-such-soffice') }),
      hasLibreOffice: () => false,
    });
    // A binary that is named but missing: the converter's OfficePdfUnavailable becomes the same error.
    const missingBinary = createNodePreviewLoader({
      fetch: localFileFetcher,
      officePdf: () => new LibreOfficeConverter({ binary: join(dir, 'no-such-soffice') }),
      hasLibreOffice: () => true,
    });
    for (const load of [notInstalled, missingBinary, createNodePreviewLoader({ fetch: localFileFetcher })]) {
      const [result] = await load(files);
      expect(result).toMatchObject({
        status: 'failed',
        errorCode: 'error',
        error: { name: 'AttachmentNeedsLibreOffice', params: { file: 'letter.docx' } },
      });
    }
  });
});
