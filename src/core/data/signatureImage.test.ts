import { describe, expect, it } from 'vitest';
import { OPAQUE_PNG_BASE64, RGBA_PNG_BASE64 } from './__fixtures__/signaturePngs';
import {
  base64ToBytes,
  bytesToBase64,
  pngInfo,
  SIGNATURE_MAX_BYTES,
  signatureDataUrl,
  signatureProblem,
} from './signatureImage';

// Written by Python's zlib (__fixtures__/make_signature_pngs.py), not by Quire.
const fixture = (name: string) =>
  base64ToBytes(name === 'signature-rgba.png' ? RGBA_PNG_BASE64 : OPAQUE_PNG_BASE64) ?? new Uint8Array();

describe('signature PNG checks', () => {
  it('reads the size and transparency of a PNG another program wrote', () => {
    expect(pngInfo(fixture('signature-rgba.png'))).toEqual({ width: 120, height: 40, alpha: true });
    expect(pngInfo(fixture('signature-opaque.png'))).toEqual({ width: 120, height: 40, alpha: false });
  });

  it('keeps a transparent PNG and says why it refuses anything else', () => {
    expect(signatureProblem(fixture('signature-rgba.png'))).toBeUndefined();
    expect(signatureProblem(fixture('signature-opaque.png'))).toBe('opaque');
    expect(signatureProblem(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('notPng');
    expect(signatureProblem(new Uint8Array(SIGNATURE_MAX_BYTES + 1))).toBe('tooLarge');
    const huge = fixture('signature-rgba.png').slice();
    huge.set([0, 0, 0x40, 0], 16); // width 16384
    expect(signatureProblem(huge)).toBe('badSize');
  });

  it('base64 round-trips every length and refuses text that is not base64', () => {
    for (const length of [0, 1, 2, 3, 4, 5, 186]) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 37 + 11) & 255);
      const text = bytesToBase64(bytes);
      expect(text).toBe(btoa(String.fromCharCode(...bytes)));
      expect(base64ToBytes(text)).toEqual(bytes);
    }
    expect(base64ToBytes('abc')).toBeUndefined();
    expect(base64ToBytes('ab$=')).toBeUndefined();
  });

  it('makes a data URL of the bytes', () => {
    const bytes = fixture('signature-rgba.png');
    expect(signatureDataUrl(bytes)).toBe(`data:image/png;base64,${RGBA_PNG_BASE64}`);
  });
});
