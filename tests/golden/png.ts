import { inflateSync } from 'node:zlib';

export interface GrayImage {
  width: number;
  height: number;
  /** One byte per pixel (0 = black). */
  pixels: Uint8Array;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Decodes the 8-bit, non-interlaced grey or RGB PNGs pdftoppm writes, as grey levels. */
export function decodePng(bytes: Uint8Array): GrayImage {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 8;
  let width = 0;
  let height = 0;
  let colorType = 0;
  const idat: Uint8Array[] = [];
  while (offset < bytes.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = view.getUint32(offset + 8);
      height = view.getUint32(offset + 12);
      if (data[8] !== 8 || data[12] !== 0) throw new Error('only 8-bit non-interlaced PNGs');
      colorType = data[9]!;
    } else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    offset += 12 + length;
  }
  const channels = colorType === 0 ? 1 : colorType === 2 ? 3 : colorType === 4 ? 2 : colorType === 6 ? 4 : 0;
  if (channels === 0) throw new Error(`unsupported PNG colour type ${colorType}`);
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const rows = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const src = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? rows[y * stride + x - channels]! : 0;
      const up = y > 0 ? rows[(y - 1) * stride + x]! : 0;
      const upLeft = y > 0 && x >= channels ? rows[(y - 1) * stride + x - channels]! : 0;
      const value = src[x]!;
      const predicted =
        filter === 0
          ? 0
          : filter === 1
            ? left
            : filter === 2
              ? up
              : filter === 3
                ? (left + up) >> 1
                : paeth(left, up, upLeft);
      rows[y * stride + x] = (value + predicted) & 0xff;
    }
  }
  const pixels = new Uint8Array(width * height);
  for (let i = 0; i < width * height; i++) {
    if (channels <= 2) pixels[i] = rows[i * channels]!;
    else
      pixels[i] = Math.round(
        0.299 * rows[i * channels]! + 0.587 * rows[i * channels + 1]! + 0.114 * rows[i * channels + 2]!,
      );
  }
  return { width, height, pixels };
}

export interface DiffResult {
  sameSize: boolean;
  /** Share of pixels whose grey level differs by more than the threshold. */
  ratio: number;
}

export function diffImages(a: GrayImage, b: GrayImage, threshold = 48): DiffResult {
  if (a.width !== b.width || a.height !== b.height) return { sameSize: false, ratio: 1 };
  let differing = 0;
  for (let i = 0; i < a.pixels.length; i++) if (Math.abs(a.pixels[i]! - b.pixels[i]!) > threshold) differing++;
  return { sameSize: true, ratio: differing / a.pixels.length };
}
