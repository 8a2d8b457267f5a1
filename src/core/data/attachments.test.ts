import { describe, expect, it } from 'vitest';
import {
  cacheProxyUrl,
  DEFAULT_MIME,
  fileExtension,
  isImage,
  isPreviewable,
  mimeByExtension,
  PREVIEW_SIZE_LIMIT,
  planPreview,
  previewStates,
} from './attachments';

describe('isImage', () => {
  it.each([
    ['photo.JPG', true],
    ['a.jpeg', true],
    ['a.png', true],
    ['a.bmp', true],
    ['a.gif', true],
    ['a.webp', true],
    ['a.svg', true],
    ['a.tiff', false],
    ['report.pdf', false],
    ['noext', false],
    ['https://x/y/pic.png?token=1', true],
  ])('%s → %s', (name, expected) => {
    expect(isImage(name)).toBe(expected);
  });

  it('trusts an image mime whatever the name', () => {
    expect(isImage({ fileName: 'blob', mime: 'image/heic' })).toBe(true);
    expect(isImage({ name: 'x.bin', type: 'Image/PNG' })).toBe(true);
    expect(isImage({ fileName: 'x.bin', mime: 'application/pdf' })).toBe(false);
  });
});

describe('mimeByExtension', () => {
  it.each([
    ['a.pdf', 'application/pdf'],
    ['a.DOCX', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['a.xls', 'application/vnd.ms-excel'],
    ['a.png', 'image/png'],
    ['a.jpg', 'image/jpeg'],
    ['a.svg', 'image/svg+xml'],
    ['a.weird', DEFAULT_MIME],
    ['noext', 'application/octet-stream'],
  ])('%s → %s', (name, mime) => {
    expect(mimeByExtension(name)).toBe(mime);
  });

  it('reads the extension of a URL path', () => {
    expect(fileExtension('https://h/p/file.tar.gz?x=1#y')).toBe('gz');
    expect(fileExtension('https://h.example.com/p/')).toBe('');
  });
});

describe('isPreviewable', () => {
  it.each(['doc', 'docx', 'rtf', 'xls', 'xlsx', 'ppt', 'pptx', 'pdf'])('.%s by extension', (ext) => {
    expect(isPreviewable(`file.${ext}`)).toBe(true);
  });

  it('by mime when the name says nothing', () => {
    expect(isPreviewable({ fileName: 'download', mime: 'application/pdf' })).toBe(true);
    expect(isPreviewable({ fileName: 'download', mime: 'application/vnd.ms-powerpoint' })).toBe(true);
    expect(isPreviewable({ fileName: 'download', mime: 'text/rtf; charset=utf-8' })).toBe(true);
  });

  it.each(['a.png', 'a.txt', 'a.zip', 'a'])('%s is not previewable', (name) => {
    expect(isPreviewable(name)).toBe(false);
  });
});

describe('cacheProxyUrl', () => {
  it('uses img-cache-proxy without a file key', () => {
    expect(cacheProxyUrl({ cos: 'https://cos.example.com/', url: 'https://a.b/c d.png?x=1&y=2', uid: 'u 1' })).toBe(
      'https://cos.example.com/img-cache-proxy/https%3A%2F%2Fa.b%2Fc%20d.png%3Fx%3D1%26y%3D2?uid=u%201',
    );
  });

  it('uses imgx with a file key', () => {
    expect(
      cacheProxyUrl({ cos: 'https://cos.example.com', url: 'https://a.b/c.png', uid: 'u1', fileKey: 'k/1 2' }),
    ).toBe('https://cos.example.com/imgx/k%2F1%202?url=https%3A%2F%2Fa.b%2Fc.png&uid=u1');
  });
});

describe('attachment preview', () => {
  const files = [
    { fileName: 'a.pdf', url: 'u1', fileSize: 100 },
    { fileName: 'b.docx', url: 'u2' },
    { fileName: 'big.pptx', url: 'u3', fileSize: PREVIEW_SIZE_LIMIT + 1 },
    { fileName: 'c.png', url: 'u4' },
    { fileName: 'd.xlsx', url: 'u5' },
  ];

  it('settles oversized and unsupported files before asking the loader', () => {
    const { request, settled } = planPreview(files);
    expect(request.map((f) => f.url)).toEqual(['u1', 'u2', 'u5']);
    expect(settled.get('u3')).toEqual({ state: 'finished', result: 'failure', code: 'size_over_limit' });
    expect(settled.get('u4')).toEqual({ state: 'finished', result: 'failure', code: 'unknown' });
  });

  it('maps thumbs to per-file states', () => {
    const states = previewStates(files.slice(0, 2).concat(files[4]!), {
      status: 'SUCCESS',
      thumbs: [
        { url: 'u1', status: 10, images: ['p1.png', 'p2.png'] },
        { url: 'u2', status: 20, errorCode: 'FETCH_ERROR', msg: 'timeout' },
      ],
    });
    expect(states.get('u1')).toEqual({
      state: 'finished',
      result: 'success',
      code: 'success',
      images: ['p1.png', 'p2.png'],
    });
    expect(states.get('u2')).toEqual({ state: 'finished', result: 'failure', code: 'FETCH_ERROR', message: 'timeout' });
    expect(states.get('u5')).toEqual({ state: 'unfinished' });
  });

  it('fails every unanswered file when the loader failed', () => {
    const states = previewStates([files[0]!], { status: 'FAILED', errorCode: 'weird', msg: 'boom' });
    expect(states.get('u1')).toEqual({ state: 'finished', result: 'failure', code: 'unknown', message: 'boom' });
    const plain = previewStates([files[0]!], { status: 'FAILED' });
    expect(plain.get('u1')).toEqual({ state: 'finished', result: 'failure', code: 'error' });
  });
});
