/**
 * A saved signature is a PNG with a transparent background (so it prints over lines and stamps).
 * The device, the server and the phone relay check the same few facts before keeping one: PNG
 * bytes, sane dimensions, a size bound. Pure: works on bytes, no image decoding.
 */

/** Largest signature PNG kept anywhere, bytes. A 1200×400 pad of strokes compresses to far less. */
export const SIGNATURE_MAX_BYTES = 256 * 1024;
/** Largest side of a signature image, px (the pad draws at most 1200 wide at 2× density). */
const SIGNATURE_MAX_SIDE = 4096;

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

interface PngInfo {
  width: number;
  height: number;
  /** The colour type holds an alpha channel (6: RGBA, 4: grey + alpha) or a tRNS chunk follows. */
  alpha: boolean;
}

const u32 = (b: Uint8Array, at: number) =>
  (((b[at] ?? 0) << 24) | ((b[at + 1] ?? 0) << 16) | ((b[at + 2] ?? 0) << 8) | (b[at + 3] ?? 0)) >>> 0;

/** The PNG's size and whether it can be transparent, or undefined when the bytes are not a PNG. */
export function pngInfo(bytes: Uint8Array): PngInfo | undefined {
  if (bytes.length < 33) return undefined;
  for (let i = 0; i < PNG_MAGIC.length; i++) if (bytes[i] !== PNG_MAGIC[i]) return undefined;
  // The first chunk of every PNG is IHDR: length 13, then width, height, depth, colour type.
  if (u32(bytes, 8) !== 13 || String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') return undefined;
  const width = u32(bytes, 16);
  const height = u32(bytes, 20);
  const colourType = bytes[25] ?? 0;
  let alpha = colourType === 4 || colourType === 6;
  if (!alpha) {
    // tRNS sits before the first IDAT; reading chunk headers only is enough.
    let at = 33;
    while (at + 8 <= bytes.length) {
      const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
      if (type === 'tRNS') alpha = true;
      if (type === 'IDAT' || type === 'IEND' || alpha) break;
      at += 12 + u32(bytes, at);
    }
  }
  return { width, height, alpha };
}

type SignatureProblem = 'notPng' | 'tooLarge' | 'badSize' | 'opaque';

/** Why these bytes cannot be kept as a signature, or undefined when they can. */
export function signatureProblem(bytes: Uint8Array): SignatureProblem | undefined {
  if (bytes.length > SIGNATURE_MAX_BYTES) return 'tooLarge';
  const info = pngInfo(bytes);
  if (!info) return 'notPng';
  if (info.width < 1 || info.height < 1 || info.width > SIGNATURE_MAX_SIDE || info.height > SIGNATURE_MAX_SIDE)
    return 'badSize';
  if (!info.alpha) return 'opaque';
  return undefined;
}

/** Base64 of bytes and back, without Node's Buffer or the DOM (core stays pure). */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

export function bytesToBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] ?? 0;
    const b = bytes[i + 1];
    const c = bytes[i + 2];
    const n = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    out += ALPHABET[(n >> 18) & 63];
    out += ALPHABET[(n >> 12) & 63];
    out += b === undefined ? '=' : ALPHABET[(n >> 6) & 63];
    out += c === undefined ? '=' : ALPHABET[n & 63];
  }
  return out;
}

/** Undefined when the text is not strict base64 (padding included). */
export function base64ToBytes(text: string): Uint8Array | undefined {
  if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return undefined;
  const pad = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const out = new Uint8Array((text.length / 4) * 3 - pad);
  let o = 0;
  for (let i = 0; i < text.length; i += 4) {
    const n =
      (ALPHABET.indexOf(text[i] ?? 'A') << 18) |
      (ALPHABET.indexOf(text[i + 1] ?? 'A') << 12) |
      ((text[i + 2] === '=' ? 0 : ALPHABET.indexOf(text[i + 2] ?? 'A')) << 6) |
      (text[i + 3] === '=' ? 0 : ALPHABET.indexOf(text[i + 3] ?? 'A'));
    if (o < out.length) out[o++] = (n >> 16) & 255;
    if (o < out.length) out[o++] = (n >> 8) & 255;
    if (o < out.length) out[o++] = n & 255;
  }
  return out;
}

/** A data URL the renderers read like any image (render/resolve/assets.ts decodes data: URLs). */
export const signatureDataUrl = (bytes: Uint8Array) => `data:image/png;base64,${bytesToBase64(bytes)}`;
