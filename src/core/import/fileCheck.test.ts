import { describe, expect, it } from 'vitest';
import { isZip, looksLikeText } from './fileCheck';

const bytes = (...values: number[]) => new Uint8Array(values);
const utf8 = (text: string) => new TextEncoder().encode(text);

describe('file checks before parsing', () => {
  it('accepts CSV text, with accents, CJK, quotes and line breaks', () => {
    expect(looksLikeText(utf8('Name,Note\n"Zoë","Deliver to dock 3, gate B\nCall before arrival"\n李雷,你好\n'))).toBe(
      true,
    );
    expect(looksLikeText(utf8(''))).toBe(true);
  });

  it('refuses a PDF, an image, a zip or bytes with NULs renamed .csv', () => {
    expect(looksLikeText(utf8('%PDF-1.7\n1 0 obj'))).toBe(false);
    expect(looksLikeText(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a))).toBe(false);
    expect(looksLikeText(bytes(0x50, 0x4b, 0x03, 0x04, 0x14))).toBe(false);
    expect(looksLikeText(bytes(0x41, 0x42, 0x00, 0x43))).toBe(false);
    const noisy = new Uint8Array(200).map((_, i) => (i % 5 === 0 ? 0x01 : 0x41));
    expect(looksLikeText(noisy)).toBe(false);
  });

  it('knows a zip container from anything else', () => {
    expect(isZip(bytes(0x50, 0x4b, 0x03, 0x04, 0x00))).toBe(true);
    expect(isZip(utf8('Name,Qty\nPen,1\n'))).toBe(false);
  });

  it('takes UTF-16 text with a byte-order mark for text', () => {
    expect(looksLikeText(bytes(0xff, 0xfe, 0x61, 0x00))).toBe(true);
  });
});
