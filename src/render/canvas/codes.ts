/**
 * QR and bar codes of canvas fields as SVG (pdfme's own code schemas rasterise with a Node buffer
 * API that fails in browser workers): QR with uqr (resolve/codes), the others with bwip-js.
 */
import bwipjs from 'bwip-js';
import { qrSvg } from '../resolve/codes';
import type { CanvasFieldType } from './schema';

/** bwip-js encoder of each pdfme code type. */
const BCID: Partial<Record<CanvasFieldType, string>> = {
  japanpost: 'japanpost',
  ean13: 'ean13',
  ean8: 'ean8',
  code39: 'code39',
  code128: 'code128',
  nw7: 'rationalizedCodabar',
  itf14: 'itf14',
  upca: 'upca',
  upce: 'upce',
  gs1datamatrix: 'gs1datamatrix',
  pdf417: 'pdf417',
};

function hex(color: unknown, fallback: string): string {
  const c = typeof color === 'string' ? color.trim().replace(/^#/, '') : '';
  return /^[0-9a-fA-F]{6}$/.test(c) ? c.toUpperCase() : fallback;
}

/** The field's `barColor`, `backgroundColor`, `includetext` are read. */
type CodeStyle = Record<string, unknown>;

/**
 * The SVG markup of a code, or undefined when the value does not fit the format (letters in an
 * EAN-13): the field then prints nothing.
 */
export function codeSvg(type: string, text: string, style: CodeStyle): string | undefined {
  if (!text) return undefined;
  if (type === 'qrcode') {
    const svg = new TextDecoder().decode(qrSvg(text, 100).svg);
    const bar = `#${hex(style.barColor, '000000')}`;
    const background = `#${hex(style.backgroundColor, 'FFFFFF')}`;
    return svg.replace('fill="#ffffff"', `fill="${background}"`).replace('fill="#000000"', `fill="${bar}"`);
  }
  const bcid = BCID[type as CanvasFieldType];
  if (!bcid) return undefined;
  try {
    return filledBars(
      bwipjs.toSVG({
        bcid,
        text,
        scale: 2,
        includetext: style.includetext === true,
        textxalign: 'center',
        backgroundcolor: hex(style.backgroundColor, 'FFFFFF'),
        barcolor: hex(style.barColor, '000000'),
      } as Parameters<typeof bwipjs.toSVG>[0]),
    );
  } catch {
    return undefined;
  }
}

/**
 * bwip-js draws bars as stroked vertical lines and its background as a 100 % rect; pdfme's SVG
 * drawing gets both wrong (black blocks). Bars become filled rectangles, the rect gets its size.
 */
function filledBars(svg: string): string {
  const box = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg);
  let out = box ? svg.replace('width="100%" height="100%"', `width="${box[1]}" height="${box[2]}"`) : svg;
  out = out.replace(
    /<path stroke="(#[0-9A-Fa-f]{6})" stroke-width="([\d.]+)" d="([^"]*)" \/>/g,
    (_all, color: string, width: string, d: string) => {
      const w = Number(width);
      let rects = '';
      for (const m of d.matchAll(/M([\d.]+) ([\d.]+)L([\d.]+) ([\d.]+)/g)) {
        const x = Number(m[1]) - w / 2;
        const y0 = Math.min(Number(m[2]), Number(m[4]));
        const h = Math.abs(Number(m[2]) - Number(m[4]));
        rects += `M${x} ${y0}h${w}v${h}h${-w}z`;
      }
      return `<path fill="${color}" d="${rects}" />`;
    },
  );
  return out;
}
