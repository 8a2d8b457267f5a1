import { describe, expect, it } from 'vitest';
import { previewStates } from '../data/attachments';
import { QuireError } from '../errors';
import {
  createPreviewLoader,
  loaderResponseOf,
  PREVIEW_SIZE_LIMIT,
  type PreviewEnvironment,
  type PreviewThumb,
  PreviewTooLarge,
} from './preview';

const PDF = new TextEncoder().encode('%PDF-1.4\n%…');
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]);
const DOCX = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);
const page: PreviewThumb = { mime: 'image/png', bytes: PNG, width: 10, height: 14 };

/** An environment over a map of URLs; what each call was asked is recorded. */
function environment(files: Record<string, Uint8Array>, extra: Partial<PreviewEnvironment> = {}) {
  const fetched: string[] = [];
  const env: PreviewEnvironment = {
    async fetch(url) {
      fetched.push(url);
      const bytes = files[url];
      if (!bytes) throw new Error(`404 for ${url}`);
      return bytes;
    },
    pdfPages: async () => [page, page],
    ...extra,
  };
  return { env, fetched };
}

describe('attachment preview loader', () => {
  it('gives every file one finished result, in order, with the spec’s codes', async () => {
    const { env, fetched } = environment({ 'u:a.pdf': PDF, 'u:b.png': PNG, 'u:c.docx': DOCX, 'u:e.pdf': DOCX });
    const load = createPreviewLoader({ ...env, officePdf: async () => PDF });
    const results = await load([
      { name: 'a.pdf', url: 'u:a.pdf' },
      { name: 'b.png', url: 'u:b.png' },
      { name: 'c.docx', url: 'u:c.docx' },
      { name: 'gone.pdf', url: 'u:gone.pdf' },
      { name: 'empty.pdf', url: '' },
      { name: 'song.mp3', url: 'u:song.mp3' },
      { name: 'e.pdf', url: 'u:e.pdf' },
    ]);
    expect(results.map((r) => [r.name, r.status, r.errorCode, r.thumbs.length])).toEqual([
      ['a.pdf', 'success', 'success', 2],
      ['b.png', 'success', 'success', 1],
      ['c.docx', 'success', 'success', 2],
      ['gone.pdf', 'failed', 'FETCH_ERROR', 0],
      ['empty.pdf', 'failed', 'missing', 0],
      ['song.mp3', 'failed', 'unknown', 0],
      ['e.pdf', 'failed', 'unknown', 0],
    ]);
    // An image is shown as it is; types never previewed and files without a URL are not fetched.
    expect(results[1]!.thumbs[0]).toEqual({ mime: 'image/png', bytes: PNG });
    expect(fetched).not.toContain('u:song.mp3');
    expect(results[3]!.error).toMatchObject({ name: 'AttachmentUnavailable', params: { file: 'gone.pdf' } });
    expect(results[6]!.error).toMatchObject({ name: 'AttachmentTypeMismatch', params: { file: 'e.pdf' } });
  });

  it('takes documents by MIME type when the name has no extension', async () => {
    const { env } = environment({ 'u:1': DOCX });
    const load = createPreviewLoader({ ...env, officePdf: async () => PDF });
    const [result] = await load([
      { name: 'report', url: 'u:1', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
    ]);
    expect(result).toMatchObject({ status: 'success', errorCode: 'success' });
  });

  it('reports size_over_limit past the limit, 20 MB unless configured', async () => {
    expect(PREVIEW_SIZE_LIMIT).toBe(20 * 1024 * 1024);
    const limits: number[] = [];
    const { env } = environment({ 'u:big.pdf': PDF });
    const load = createPreviewLoader(
      {
        ...env,
        async fetch(url, maxBytes) {
          limits.push(maxBytes);
          if (url === 'u:huge.pdf') throw new PreviewTooLarge(url);
          return env.fetch(url, maxBytes);
        },
      },
      { sizeLimit: 4 },
    );
    const results = await load([
      { name: 'big.pdf', url: 'u:big.pdf' },
      { name: 'huge.pdf', url: 'u:huge.pdf' },
    ]);
    expect(results.map((r) => r.errorCode)).toEqual(['size_over_limit', 'size_over_limit']);
    expect(limits).toEqual([4, 4]);
    const defaults: number[] = [];
    await createPreviewLoader({
      ...env,
      fetch: async (_u, max) => {
        defaults.push(max);
        return PDF;
      },
    })([{ name: 'a.pdf', url: 'u:a' }]);
    expect(defaults).toEqual([PREVIEW_SIZE_LIMIT]);
  });

  it('fails Office files with a catalogued error where there is no LibreOffice, and keeps going', async () => {
    const { env } = environment({ 'u:c.docx': DOCX, 'u:a.pdf': PDF });
    const unavailable = createPreviewLoader({
      ...env,
      officePdf: async () => {
        throw new QuireError('OfficePdfUnavailable', { detail: 'soffice is not installed' });
      },
    });
    const none = createPreviewLoader(env);
    for (const load of [unavailable, none]) {
      const results = await load([
        { name: 'c.docx', url: 'u:c.docx' },
        { name: 'a.pdf', url: 'u:a.pdf' },
      ]);
      expect(results[0]).toMatchObject({
        status: 'failed',
        errorCode: 'error',
        error: { name: 'AttachmentNeedsLibreOffice', params: { file: 'c.docx' } },
      });
      expect(results[1]!.status).toBe('success');
    }
  });

  it('a drawing failure is error, with its message', async () => {
    const { env } = environment({ 'u:a.pdf': PDF });
    const load = createPreviewLoader({
      ...env,
      pdfPages: async () => {
        throw new Error('Invalid PDF structure');
      },
    });
    expect(await load([{ name: 'a.pdf', url: 'u:a.pdf' }])).toMatchObject([
      { status: 'failed', errorCode: 'error', msg: 'Invalid PDF structure' },
    ]);
  });

  it('reads back through the document’s preview states', async () => {
    const { env } = environment({ 'u:a.pdf': PDF });
    const files = [
      { name: 'a.pdf', url: 'u:a.pdf' },
      { name: 'b.pdf', url: 'u:b.pdf' },
    ];
    const results = await createPreviewLoader(env)(files);
    const states = previewStates(
      files.map((f) => ({ fileName: f.name, url: f.url })),
      loaderResponseOf(results, (thumb) => `data:${thumb.mime};${thumb.bytes.length}`),
    );
    expect(states.get('u:a.pdf')).toEqual({
      state: 'finished',
      result: 'success',
      code: 'success',
      images: ['data:image/png;9', 'data:image/png;9'],
    });
    expect(states.get('u:b.pdf')).toMatchObject({ state: 'finished', result: 'failure', code: 'FETCH_ERROR' });
  });
});
