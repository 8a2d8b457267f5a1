import { describe, expect, it } from 'vitest';
import { IMAGE_EXPORT, imageFileName, imageRulesOf, pageSlices, sniffImageExport, storedFormatOf } from './images';

/** A4 in PDF points. */
const A4 = { width: 595.28, height: 841.89 };

describe('image export rules (spec 001 §9.1)', () => {
  it('draws at 2× and quality 80, or 3× and 90 with compression off or for Word', () => {
    expect(imageRulesOf({ format: 'png' })).toMatchObject({ scale: 2, quality: 80 });
    expect(imageRulesOf({ format: 'jpeg', noCompress: true })).toMatchObject({ scale: 3, quality: 90 });
    expect(imageRulesOf({ format: 'png', word: true })).toMatchObject({ scale: 3, quality: 90 });
  });

  it('keeps an A4 page one image at most 1600 px wide', () => {
    const [slice, ...rest] = pageSlices(1, A4.width, A4.height, imageRulesOf({ format: 'png' }));
    expect(rest).toEqual([]);
    expect(slice!.width).toBeLessThanOrEqual(2 * IMAGE_EXPORT.maxContentWidth);
    expect(slice!.width).toBe(1587);
    expect(slice!.height).toBe(2245);
  });

  it('shrinks a page wider than 800 px to 800 before scaling', () => {
    // A3 landscape: 1587 CSS px wide.
    const slices = pageSlices(1, 1190.55, 841.89, imageRulesOf({ format: 'png' }));
    expect(slices.map((s) => s.width)).toEqual([1600]);
    expect(slices[0]!.height).toBe(Math.floor(841.89 * slices[0]!.zoom));
    const fine = pageSlices(1, 1190.55, 841.89, imageRulesOf({ format: 'png', noCompress: true }));
    expect(fine[0]!.width).toBe(2400);
  });

  it('cuts a page taller than 1200 px into bands of at most 1200 px each', () => {
    // 600 pt wide (800 px), 2000 pt tall (2666 px): three bands.
    const slices = pageSlices(2, 600, 2000, imageRulesOf({ format: 'png' }));
    expect(slices.map((s) => [s.page, s.top, s.height])).toEqual([
      [2, 0, 2400],
      [2, 2400, 2400],
      [2, 4800, 533],
    ]);
    for (const slice of slices) expect(slice.height).toBeLessThanOrEqual(IMAGE_EXPORT.maxContentHeight * 2);
  });

  it('forces JPEG for a PNG past 6 MB, and keeps JPEG when asked', () => {
    const png = imageRulesOf({ format: 'png' });
    expect(storedFormatOf(png, 6 * 1024 * 1024)).toBe('png');
    expect(storedFormatOf(png, 6 * 1024 * 1024 + 1)).toBe('jpeg');
    expect(storedFormatOf(imageRulesOf({ format: 'jpeg' }), 10)).toBe('jpeg');
  });

  it('names images in page order and knows a file by its bytes', () => {
    expect(imageFileName('inv', 0, 1, 'png')).toBe('inv.png');
    expect(imageFileName('inv', 2, 12, 'jpeg')).toBe('inv-03.jpg');
    expect(sniffImageExport(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBe('png');
    expect(sniffImageExport(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffImageExport(new Uint8Array([0x50, 0x4b, 0x03, 0x04]))).toBe('zip');
    expect(sniffImageExport(new Uint8Array([0x25, 0x50, 0x44, 0x46]))).toBeUndefined();
  });
});
