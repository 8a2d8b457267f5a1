import type bwipjs from 'bwip-js';
import { encode } from 'uqr';
import type { BarcodeConfig, BarcodeFormat } from '../../core/model/types';
import { code128Svg, isPlainCode128 } from './code128';
import { PX } from './context';

/** bwip-js encoder names of the editor's bar code formats. */
const BCID: Record<BarcodeFormat, string> = {
  CODE128: 'code128',
  CODE128A: 'code128',
  CODE128B: 'code128',
  CODE128C: 'code128',
  CODE39: 'code39',
  EAN13: 'ean13',
  EAN8: 'ean8',
  EAN5: 'ean5',
  EAN2: 'ean2',
  UPC: 'upca',
  UPCE: 'upce',
  ITF: 'interleaved2of5',
  ITF14: 'itf14',
  MSI: 'msi',
  pharmacode: 'pharmacode',
  codabar: 'rationalizedCodabar',
};

interface CodeSvg {
  svg: Uint8Array;
  /** Natural size in pt. */
  width: number;
  height: number;
}

function viewBoxSize(svg: string): { w: number; h: number } {
  const match = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg);
  return { w: Number(match?.[1] ?? 100), h: Number(match?.[2] ?? 100) };
}

function hex(color: string, fallback: string): string {
  const c = color.trim().replace(/^#/, '');
  return /^[0-9a-fA-F]{6}$/.test(c) ? c.toUpperCase() : fallback;
}

/**
 * A QR code of `sizePx` (editor px) as SVG, one path of horizontal runs. uqr encodes in ~1 ms;
 * bwip-js's QR takes ~13 ms, too slow for per-record codes in a batch.
 */
export function qrSvg(text: string, sizePx: number): CodeSvg {
  // Cached like bar codes: a preview re-renders the same codes on every edit, and a batch repeats
  // the template's fixed ones (a company link) on every record.
  const key = `${sizePx}\u0000${text}`;
  const hit = qrCache.get(key);
  if (hit) return hit;
  const code = encodeQr(text, sizePx);
  if (qrCache.size >= BARCODE_CACHE_LIMIT) qrCache.delete(qrCache.keys().next().value!);
  qrCache.set(key, code);
  return code;
}

const qrCache = new Map<string, CodeSvg>();

function encodeQr(text: string, sizePx: number): CodeSvg {
  const qr = encode(text, { ecc: 'M', border: 2 });
  const n = qr.size;
  let d = '';
  qr.data.forEach((row, y) => {
    let x = 0;
    while (x < n) {
      if (!row[x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < n && row[x]) x++;
      d += `M${start} ${y}h${x - start}v1h-${x - start}z`;
    }
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n} ${n}" shape-rendering="crispEdges"><rect width="${n}" height="${n}" fill="#ffffff"/><path fill="#000000" d="${d}"/></svg>`;
  const size = sizePx * PX;
  return { svg: new TextEncoder().encode(svg), width: size, height: size };
}

type Bwip = typeof bwipjs;

/**
 * bwip-js (1 MB of code) loads on the first bar code it must draw: plain-ASCII Code 128 — the
 * common case — never needs it, and a one-invoice CLI run should not parse it (issue 28).
 */
let bwip: Bwip | undefined;

const bcidOf = (config: BarcodeConfig) => BCID[config.format] ?? 'code128';

/** Whether `text` in `config`'s format is drawn by bwip-js (not by code128.ts). */
const needsBwip = (text: string, config: BarcodeConfig) => !(bcidOf(config) === 'code128' && isPlainCode128(text));

/**
 * Loads bwip-js if this code needs it. Await it before `barcodeSvg` (which is synchronous) for
 * anything other than plain-ASCII Code 128.
 */
export async function loadBarcodeEncoder(text: string, config: BarcodeConfig): Promise<void> {
  if (!bwip && needsBwip(text, config)) bwip = (await import('bwip-js')).default;
}

const barcodeCache = new Map<string, CodeSvg>();
const BARCODE_CACHE_LIMIT = 256;

/**
 * A bar code per its config, bars only (the caption is set in Typst with the document's fonts,
 * which also halves bwip-js's time). Cached: previews re-render the same values again and again.
 * Throws when the value does not fit the format (e.g. letters in EAN13), and when bwip-js is
 * needed but `loadBarcodeEncoder` was not awaited first.
 */
export function barcodeSvg(text: string, config: BarcodeConfig): CodeSvg {
  const key = JSON.stringify([text, config.format, config.width, config.height, config.background, config.lineColor]);
  const hit = barcodeCache.get(key);
  if (hit) return hit;
  const code = encodeBarcode(text, config);
  if (barcodeCache.size >= BARCODE_CACHE_LIMIT) barcodeCache.delete(barcodeCache.keys().next().value!);
  barcodeCache.set(key, code);
  return code;
}

function bwipOrThrow(): Bwip {
  if (!bwip) throw new Error('bar code encoder not loaded: await loadBarcodeEncoder() first');
  return bwip;
}

function encodeBarcode(text: string, config: BarcodeConfig): CodeSvg {
  // One SVG unit per px at scaleX = module width; bwip's height is in mm at 72 dpi.
  const options = {
    bcid: bcidOf(config),
    text,
    scaleX: config.width,
    scaleY: 1,
    height: (config.height * 25.4) / 72,
    backgroundcolor: hex(config.background, 'FFFFFF'),
    barcolor: hex(config.lineColor, '000000'),
    paddingwidth: 4,
    paddingheight: 2,
  };
  // Code 128 of plain ASCII (invoice numbers, order ids) is drawn here, byte for byte as bwip-js
  // would, at a fraction of its cost; see code128.ts.
  const svg = !needsBwip(text, config)
    ? code128Svg(text, {
        scaleX: options.scaleX,
        heightMm: options.height,
        background: options.backgroundcolor,
        bars: options.barcolor,
        paddingWidth: options.paddingwidth,
        paddingHeight: options.paddingheight,
      })
    : bwipOrThrow().toSVG(options as Parameters<Bwip['toSVG']>[0]);
  const box = viewBoxSize(svg);
  return { svg: new TextEncoder().encode(svg), width: box.w * PX, height: box.h * PX };
}
