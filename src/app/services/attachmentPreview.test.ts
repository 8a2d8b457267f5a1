/**
 * The browser's attachment preview loader: real fixtures (LibreOffice's PDF, pdftoppm's PNG,
 * python-docx's letter) behind a fetch that answers real Responses; pages drawn by the same pdf.js
 * code as in a browser (here on Node's canvas, as image export's tests do).
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { rasterizeInNode } from '../../../workers/node-raster';
import { PreviewTooLarge } from '../../core/attachments/preview';
import { createBrowserPreviewLoader, httpPreviewFetch } from './attachmentPreview';

const fixture = (name: string) =>
  readFile(fileURLToPath(new URL(`../../../tests/fixtures/attachments/${name}`, import.meta.url)));

/** A fetch over fixture files by URL path; unknown paths are 404. */
async function fixtureFetch(): Promise<typeof fetch> {
  const files: Record<string, Buffer> = {
    '/two-pages.pdf': await fixture('two-pages.pdf'),
    '/scan.jpg': await fixture('scan.jpg'),
    '/letter.docx': await fixture('letter.docx'),
  };
  return async (input) => {
    const body = files[new URL(String(input)).pathname];
    return body ? new Response(new Uint8Array(body)) : new Response('not found', { status: 404 });
  };
}

describe('browser attachment preview', () => {
  it('draws PDF pages, keeps images, and says Office files need the server', async () => {
    const load = createBrowserPreviewLoader({ fetch: await fixtureFetch(), rasterize: rasterizeInNode });
    const results = await load([
      { name: 'two-pages.pdf', url: 'https://files.test/two-pages.pdf' },
      { name: 'scan.jpg', url: 'https://files.test/scan.jpg' },
      { name: 'letter.docx', url: 'https://files.test/letter.docx' },
      { name: 'gone.pdf', url: 'https://files.test/gone.pdf' },
    ]);
    expect(results.map((r) => [r.name, r.errorCode, r.thumbs.length])).toEqual([
      ['two-pages.pdf', 'success', 2],
      ['scan.jpg', 'success', 1],
      ['letter.docx', 'error', 0],
      ['gone.pdf', 'FETCH_ERROR', 0],
    ]);
    expect(results[0]!.thumbs.every((t) => t.mime === 'image/png' && (t.width ?? 0) <= 800)).toBe(true);
    expect(results[1]!.thumbs[0]!.mime).toBe('image/jpeg');
    expect(results[2]!.error).toMatchObject({ name: 'AttachmentNeedsLibreOffice', params: { file: 'letter.docx' } });
    expect(results[3]!.msg).toContain('404');
  }, 60_000);

  it('stops reading past the size limit, declared or not', async () => {
    const pdf = new Uint8Array(await fixture('two-pages.pdf'));
    const declared: typeof fetch = async () => new Response(pdf, { headers: { 'content-length': String(pdf.length) } });
    // A body whose length is not declared: it is cut off while it streams.
    const streamed: typeof fetch = async () =>
      new Response(
        new ReadableStream({
          start(controller) {
            for (let i = 0; i < pdf.length; i += 1000) controller.enqueue(pdf.subarray(i, i + 1000));
            controller.close();
          },
        }),
      );
    for (const fetchImpl of [declared, streamed]) {
      await expect(httpPreviewFetch(fetchImpl)('https://x.test/a.pdf', 5000)).rejects.toBeInstanceOf(PreviewTooLarge);
      expect(await httpPreviewFetch(fetchImpl)('https://x.test/a.pdf', pdf.length)).toEqual(pdf);
    }
    const load = createBrowserPreviewLoader({ fetch: streamed, rasterize: rasterizeInNode, sizeLimit: 5000 });
    expect((await load([{ name: 'a.pdf', url: 'https://x.test/a.pdf' }]))[0]!.errorCode).toBe('size_over_limit');
  });
});
