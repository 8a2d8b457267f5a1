import { unzlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { docxRenderer } from './docx';
import { encodePng, imageSize, rasterizeRectSvg } from './png';
import { content, env, input, makeDocx, p, unzipBytes, unzipText } from './test-helpers';

function png(width: number, height: number): Uint8Array {
  return encodePng(width, height, new Uint8Array(width * height * 3).fill(200));
}

async function fill(body: string, scope: Record<string, unknown>, assets: Record<string, Uint8Array> = {}) {
  const template = docxRenderer.parse(content('docx', makeDocx({ body })));
  const bytes = await docxRenderer.render(template, input(scope, { assets }), {
    ...env,
    loadImage: async (url) => (url === 'https://example.com/remote.png' ? png(40, 20) : undefined),
  });
  return { text: unzipText(bytes), files: unzipBytes(bytes) };
}

const EMU = 9525;
const extents = (xml: string) =>
  [...xml.matchAll(/<wp:extent cx="(\d+)" cy="(\d+)"\/>/g)].map((m) => [Number(m[1]) / EMU, Number(m[2]) / EMU]);

describe('png', () => {
  it('encodes a PNG whose size can be read back', () => {
    expect(imageSize(png(7, 3))).toEqual({ width: 7, height: 3 });
  });

  it('rasterises filled and stroked rectangles', () => {
    const svg =
      '<svg viewBox="0 0 4 2"><rect width="4" height="2" fill="#ffffff"/><path stroke="#000000" stroke-width="2" d="M1 2L1 0"/></svg>';
    const { width, height } = rasterizeRectSvg(svg, 2);
    expect([width, height]).toEqual([8, 4]);
  });

  it('cuts the inner rectangle out of an even-odd frame (ITF-14 bearer bars), not a black block', () => {
    const svg =
      '<svg viewBox="0 0 10 6"><rect width="100%" height="100%" fill="#FFFFFF" /><path d="M0 0L0 6L10 6L10 0ZM2 2L8 2L8 4L2 4Z" fill-rule="evenodd" fill="#000000" /></svg>';
    const { png: bytes, width } = rasterizeRectSvg(svg, 1);
    // One IDAT chunk after the 8-byte signature, IHDR (25 bytes) and PLTE (12 + 2 colours × 3).
    const idat = bytes.subarray(8 + 25 + 18);
    const length = new DataView(idat.buffer, idat.byteOffset).getUint32(0);
    const rows = unzlibSync(idat.subarray(8, 8 + length));
    const stride = Math.ceil(width / 8) + 1;
    const black = (x: number, y: number) => ((rows[y * stride + 1 + (x >> 3)]! >> (7 - (x & 7))) & 1) === 1;
    expect(black(0, 0)).toBe(true);
    expect(black(9, 5)).toBe(true);
    expect(black(1, 3)).toBe(true);
    expect(black(5, 3)).toBe(false);
    expect(black(2, 2)).toBe(false);
  });
});

describe('docx image tag', () => {
  it('places record images from the print input and the loader, keeping the run', async () => {
    const { text, files } = await fill(
      p('Photo: {%photo} and {%remote}!'),
      {
        photo: [{ url: 'quire-asset:abc', fileName: 'me.png', mime: 'image/png' }],
        remote: 'https://example.com/remote.png',
      },
      { 'quire-asset:abc': png(300, 150) },
    );
    const doc = text['word/document.xml']!;
    expect(extents(doc)).toEqual([
      [300, 150],
      [40, 20],
    ]);
    expect(doc).toContain('descr="me.png"');
    expect(
      doc
        .replace(/<w:drawing>[\s\S]*?<\/w:drawing>/g, '[img]')
        .replace(/<[^>]+>/g, '')
        .trim(),
    ).toBe('Photo: [img] and [img]!');
    const rels = text['word/_rels/document.xml.rels']!;
    expect(rels.match(/relationships\/image/g)).toHaveLength(2);
    const media = Object.keys(files).filter((n) => n.startsWith('word/media/'));
    expect(media).toHaveLength(2);
    expect(text['[Content_Types].xml']).toContain('Extension="png"');
  });

  it('applies Word limits: 2338 max, size filters, placeholder for unreadable images', async () => {
    const { text } = await fill(
      p('{%big}{%sized}{%missing}{%notImage}'),
      {
        big: 'quire-asset:big',
        sized: { kind: 'image', url: 'quire-asset:big', fit: 'max', width: 100, height: 100 },
        missing: 'quire-asset:nothing',
        notImage: 'quire-asset:text',
      },
      { 'quire-asset:big': png(4676, 100), 'quire-asset:text': new TextEncoder().encode('hello') },
    );
    const sizes = extents(text['word/document.xml']!).map(([w, h]) => [Math.round(w!), Math.round(h! * 10) / 10]);
    expect(sizes).toEqual([
      [2338, 50],
      [100, 2.1],
      [100, 100],
      [100, 100],
    ]);
  });

  it('draws QR codes and bar codes from the qr and barcode filters', async () => {
    const { text, files } = await fill(p('{%link | qr:120}{%sku | barcode:EAN13}{%bad | barcode:EAN13}'), {
      link: 'https://quire.example/r/1',
      sku: '590123412345',
      bad: 'letters',
    });
    const doc = text['word/document.xml']!;
    const sizes = extents(doc);
    expect(sizes).toHaveLength(2);
    expect(sizes[0]).toEqual([120, 120]);
    // The bar code also carries its SVG for Word versions that read it.
    expect(doc.match(/asvg:svgBlip/g)).toHaveLength(1);
    const pngs = Object.keys(files).filter((n) => /word\/media\/.*\.png$/.test(n));
    expect(pngs).toHaveLength(2);
    for (const name of pngs) expect(imageSize(files[name]!)).toBeDefined();
    expect(Object.keys(files).filter((n) => n.endsWith('.svg'))).toHaveLength(1);
  });

  it('places nothing for an empty value', async () => {
    const { text } = await fill(p('[{%photo}]'), { photo: [] });
    expect(text['word/document.xml']).not.toContain('<w:drawing>');
    expect(text['word/document.xml']!.replace(/<[^>]+>/g, '').trim()).toBe('[]');
  });
});
