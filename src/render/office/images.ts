/**
 * What an image tag (`{%photo}`) places: record images (attachments, URLs, image values after
 * `size`/`maxSize`), QR codes and bar codes (`qr`/`barcode` filters). Bytes come from the print
 * input's assets, then data: URLs, then the environment's loader; external relationships of the
 * template itself are never fetched. Sizes follow spec 001 §9.1 for Word: at most 2338×2338,
 * 500×500 when the size cannot be read, a 100×100 placeholder when the image cannot be read.
 */

import { encode as encodeQr } from 'uqr';
import { defaultToPlain, isImageValue, isPlainObject } from '../../core/expr/values';
import { DEFAULT_BARCODE_CONFIG } from '../../core/model/defaults';
import type { PrintInput } from '../../core/print/input';
import type { OutputEnvironment } from '../outputs/types';
import { decodeDataUrl, sniffImage } from '../resolve/assets';
import { barcodeSvg, loadBarcodeEncoder } from '../resolve/codes';
import { imageUrlsOf } from '../resolve/images';
import { type CodeValue, isCodeValue } from './filters';
import { encodePalettePng, imageSize, placeholderPng, rasterizeRectSvg } from './png';

export const WORD_IMAGE_LIMITS = { max: 2338, fallback: 500, placeholder: 100 };

export interface PlacedImage {
  bytes: Uint8Array;
  extension: 'png' | 'jpeg' | 'gif';
  /** Displayed size in px (96 dpi). */
  width: number;
  height: number;
  /** Vector original of a code, added for Word versions that read it. */
  svg?: Uint8Array;
  description: string;
}

interface Wanted {
  url: string;
  width?: number;
  height?: number;
  fit?: 'exact' | 'max';
  name?: string;
}

function wantedImages(value: unknown): Array<Wanted | CodeValue> {
  const plain = defaultToPlain(value);
  const list = Array.isArray(plain) ? plain : plain === undefined || plain === null || plain === '' ? [] : [plain];
  const out: Array<Wanted | CodeValue> = [];
  for (const entry of list) {
    const item = defaultToPlain(entry);
    if (isCodeValue(item)) out.push(item);
    else if (isImageValue(item)) {
      out.push({ url: item.url, width: item.width, height: item.height, fit: item.fit, name: item.fileName });
    } else {
      for (const url of imageUrlsOf(item)) {
        const name = isPlainObject(item) && typeof item.fileName === 'string' ? item.fileName : undefined;
        out.push({ url, name });
      }
    }
  }
  return out;
}

function fitSize(
  natural: { width: number; height: number },
  wanted: { width?: number; height?: number; fit?: 'exact' | 'max' },
  max: number,
): { width: number; height: number } {
  let { width, height } = natural;
  const shrink = Math.min(1, max / width, max / height);
  width *= shrink;
  height *= shrink;
  if (wanted.fit === 'exact' && wanted.width) {
    return { width: wanted.width, height: wanted.height ?? (wanted.width * height) / width };
  }
  if (wanted.width || wanted.height) {
    const scale = Math.min(1, (wanted.width ?? width) / width, (wanted.height ?? height) / height);
    return { width: width * scale, height: height * scale };
  }
  return { width, height };
}

function codeImage(code: CodeValue): PlacedImage | undefined {
  if (!code.text) return undefined;
  if (code.symbology === 'qr') {
    // Straight from the QR matrix (same encoder and options as resolve/codes.ts's qrSvg): a 1-bit
    // PNG, 8 px per module, sharp at any print size; no SVG to build and parse per record.
    const qr = encodeQr(code.text, { ecc: 'M', border: 2 });
    const scale = 8;
    const n = qr.size * scale;
    const indices = new Uint8Array(n * n);
    qr.data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (!dark) return;
        for (let py = y * scale; py < (y + 1) * scale; py++)
          indices.fill(1, py * n + x * scale, py * n + (x + 1) * scale);
      });
    });
    const size = code.width ?? 100;
    const png = encodePalettePng(n, n, indices, [
      [255, 255, 255],
      [0, 0, 0],
    ]);
    return { bytes: png, extension: 'png', width: size, height: size, description: code.text };
  }
  try {
    const svg = barcodeSvg(code.text, {
      ...DEFAULT_BARCODE_CONFIG,
      format: code.symbology,
      height: code.height ?? DEFAULT_BARCODE_CONFIG.height,
    });
    const raster = rasterizeRectSvg(new TextDecoder().decode(svg.svg), 2);
    // codes.ts gives pt; Word wants px at 96 dpi.
    const natural = { width: svg.width / 0.75, height: svg.height / 0.75 };
    const size = code.width ? { width: code.width, height: (code.width * natural.height) / natural.width } : natural;
    return { bytes: raster.png, extension: 'png', ...size, svg: svg.svg, description: code.text };
  } catch {
    // A value the format cannot encode (letters in an EAN13) prints no code.
    return undefined;
  }
}

async function loadBytes(url: string, input: PrintInput, env: OutputEnvironment): Promise<Uint8Array | undefined> {
  if (Object.hasOwn(input.assets, url)) return input.assets[url];
  if (url.startsWith('data:')) return decodeDataUrl(url);
  try {
    return (await env.loadImage?.(url)) ?? undefined;
  } catch {
    return undefined;
  }
}

/** The pictures one image tag places, in order. */
export async function resolveImages(
  value: unknown,
  input: PrintInput,
  env: OutputEnvironment,
  limits = WORD_IMAGE_LIMITS,
): Promise<PlacedImage[]> {
  const placed: PlacedImage[] = [];
  for (const wanted of wantedImages(value)) {
    if (isCodeValue(wanted)) {
      if (wanted.symbology !== 'qr')
        await loadBarcodeEncoder(wanted.text, { ...DEFAULT_BARCODE_CONFIG, format: wanted.symbology });
      const code = codeImage(wanted);
      if (code) placed.push(code);
      continue;
    }
    const bytes = await loadBytes(wanted.url, input, env);
    const format = bytes ? sniffImage(bytes) : undefined;
    const description = wanted.name ?? wanted.url.slice(0, 200);
    if (!bytes || (format !== 'png' && format !== 'jpg' && format !== 'gif')) {
      const size = limits.placeholder;
      placed.push({ bytes: placeholderPng(size), extension: 'png', width: size, height: size, description });
      continue;
    }
    const natural = imageSize(bytes) ?? { width: limits.fallback, height: limits.fallback };
    const size = fitSize(natural, wanted, limits.max);
    placed.push({ bytes, extension: format === 'jpg' ? 'jpeg' : format, ...size, description });
  }
  return placed;
}
