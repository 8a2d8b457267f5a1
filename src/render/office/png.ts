/**
 * Raster pictures without a canvas (workers and Node alike): a PNG encoder, a rasteriser for the
 * rectangle-only SVGs of QR and bar codes (render/resolve/codes.ts), and readers of image sizes.
 * Office suites need a raster picture for codes: LibreOffice does not read Word's SVG extension.
 */
import { zlibSync } from 'fflate';

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(data: Uint8Array, start: number, end: number): number {
  let c = 0xffffffff;
  for (let i = start; i < end; i++) c = CRC_TABLE[(c ^ data[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out, 4, 8 + data.length));
  return out;
}

/** An RGB PNG from `rgb` (3 bytes per pixel, rows top to bottom). */
export function encodePng(width: number, height: number, rgb: Uint8Array): Uint8Array {
  const raw = new Uint8Array((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0;
    raw.set(rgb.subarray(y * width * 3, (y + 1) * width * 3), y * (width * 3 + 1) + 1);
  }
  const header = new Uint8Array(13);
  const hv = new DataView(header.buffer);
  hv.setUint32(0, width);
  hv.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8);
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlibSync(raw, { level: 6 })),
    chunk('IEND', new Uint8Array(0)),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A palette PNG: 1 bit per pixel for two colours (codes), 8 bits otherwise. */
export function encodePalettePng(width: number, height: number, indices: Uint8Array, palette: number[][]): Uint8Array {
  const bits = palette.length <= 2 ? 1 : 8;
  const stride = bits === 1 ? Math.ceil(width / 8) : width;
  const raw = new Uint8Array((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (stride + 1) + 1;
    for (let x = 0; x < width; x++) {
      const v = indices[y * width + x]!;
      if (bits === 8) raw[row + x] = v;
      else if (v) raw[row + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  const header = new Uint8Array(13);
  const hv = new DataView(header.buffer);
  hv.setUint32(0, width);
  hv.setUint32(4, height);
  header.set([bits, 3, 0, 0, 0], 8);
  const plte = new Uint8Array(palette.length * 3);
  palette.forEach((c, i) => {
    plte.set(c.slice(0, 3), i * 3);
  });
  return joinChunks([
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('PLTE', plte),
    chunk('IDAT', zlibSync(raw, { level: 1 })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

function joinChunks(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function parseColor(text: string | undefined): [number, number, number] | undefined {
  if (!text || text === 'none') return undefined;
  const hex = text.trim().replace(/^#/, '');
  if (/^[0-9a-fA-F]{6}$/.test(hex)) {
    return [
      Number.parseInt(hex.slice(0, 2), 16),
      Number.parseInt(hex.slice(2, 4), 16),
      Number.parseInt(hex.slice(4, 6), 16),
    ];
  }
  if (/^[0-9a-fA-F]{3}$/.test(hex)) {
    return [0, 1, 2].map((i) => Number.parseInt(hex[i]! + hex[i]!, 16)) as [number, number, number];
  }
  return text === 'white' ? [255, 255, 255] : [0, 0, 0];
}

function attrOf(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
}

/** Points of a path's subpaths (M, L, H, V, h, v, l, Z); enough for the code generators' paths. */
function subpaths(d: string): Array<Array<[number, number]>> {
  const result: Array<Array<[number, number]>> = [];
  let current: Array<[number, number]> = [];
  let x = 0;
  let y = 0;
  const re = /([MLHVZmlhvz])([^MLHVZmlhvz]*)/g;
  for (let m = re.exec(d); m; m = re.exec(d)) {
    const cmd = m[1]!;
    const nums = (m[2]!.match(/-?\d*\.?\d+(?:e-?\d+)?/gi) ?? []).map(Number);
    if (cmd === 'M' || cmd === 'm') {
      if (current.length) result.push(current);
      current = [];
      for (let i = 0; i + 1 < nums.length; i += 2) {
        x = cmd === 'm' ? x + nums[i]! : nums[i]!;
        y = cmd === 'm' ? y + nums[i + 1]! : nums[i + 1]!;
        current.push([x, y]);
      }
    } else if (cmd === 'L' || cmd === 'l') {
      for (let i = 0; i + 1 < nums.length; i += 2) {
        x = cmd === 'l' ? x + nums[i]! : nums[i]!;
        y = cmd === 'l' ? y + nums[i + 1]! : nums[i + 1]!;
        current.push([x, y]);
      }
    } else if (cmd === 'H' || cmd === 'h') {
      for (const n of nums) current.push([(x = cmd === 'h' ? x + n : n), y]);
    } else if (cmd === 'V' || cmd === 'v') {
      for (const n of nums) current.push([x, (y = cmd === 'v' ? y + n : n)]);
    } else if (current.length) {
      result.push(current);
      current = [];
    }
  }
  if (current.length) result.push(current);
  return result;
}

/**
 * Rasterises an SVG made of axis-aligned rectangles (filled rects, filled rectangular paths,
 * stroked straight lines) at `scale` pixels per SVG unit, on white.
 */
export function rasterizeRectSvg(svgText: string, scale: number): { png: Uint8Array; width: number; height: number } {
  const box = /viewBox="\s*[-\d.]+\s+[-\d.]+\s+([\d.]+)\s+([\d.]+)"/.exec(svgText);
  const vw = Number(box?.[1] ?? 100);
  const vh = Number(box?.[2] ?? 100);
  const width = Math.max(1, Math.round(vw * scale));
  const height = Math.max(1, Math.round(vh * scale));
  // Palette indices, on white (index 0).
  const indices = new Uint8Array(width * height);
  const palette: number[][] = [[255, 255, 255]];
  const indexOf = (color: [number, number, number]) => {
    let i = palette.findIndex((c) => c[0] === color[0] && c[1] === color[1] && c[2] === color[2]);
    if (i < 0 && palette.length < 256) i = palette.push(color) - 1;
    return Math.max(0, i);
  };
  const fill = (x0: number, y0: number, x1: number, y1: number, color: [number, number, number]) => {
    const ax = Math.max(0, Math.round(Math.min(x0, x1) * scale));
    const bx = Math.min(width, Math.round(Math.max(x0, x1) * scale));
    const ay = Math.max(0, Math.round(Math.min(y0, y1) * scale));
    const by = Math.min(height, Math.round(Math.max(y0, y1) * scale));
    const index = indexOf(color);
    for (let py = ay; py < by; py++) indices.fill(index, py * width + ax, py * width + Math.max(ax, bx));
  };
  /** Rectangular subpaths under the even-odd rule: a pixel is painted when inside an odd number of them. */
  const fillEvenOdd = (rects: Array<Array<[number, number]>>, color: [number, number, number]) => {
    const inside = new Uint8Array(width * height);
    for (const points of rects) {
      if (points.length < 3) continue;
      const xs = points.map((p) => p[0]);
      const ys = points.map((p) => p[1]);
      const ax = Math.max(0, Math.round(Math.min(...xs) * scale));
      const bx = Math.min(width, Math.round(Math.max(...xs) * scale));
      const ay = Math.max(0, Math.round(Math.min(...ys) * scale));
      const by = Math.min(height, Math.round(Math.max(...ys) * scale));
      for (let py = ay; py < by; py++) for (let px = ax; px < bx; px++) inside[py * width + px]! ^= 1;
    }
    const index = indexOf(color);
    for (let i = 0; i < inside.length; i++) if (inside[i]) indices[i] = index;
  };
  for (const tag of svgText.match(/<(rect|path)\b[^>]*>/g) ?? []) {
    if (tag.startsWith('<rect')) {
      const color = parseColor(attrOf(tag, 'fill') ?? '#000000');
      if (!color) continue;
      const x = Number(attrOf(tag, 'x') ?? 0);
      const y = Number(attrOf(tag, 'y') ?? 0);
      fill(x, y, x + Number(attrOf(tag, 'width') ?? 0), y + Number(attrOf(tag, 'height') ?? 0), color);
      continue;
    }
    const d = attrOf(tag, 'd') ?? '';
    const fillColor = parseColor(attrOf(tag, 'fill') ?? (attrOf(tag, 'stroke') ? 'none' : '#000000'));
    const stroke = parseColor(attrOf(tag, 'stroke'));
    const half = Number(attrOf(tag, 'stroke-width') ?? 1) / 2;
    if (fillColor && attrOf(tag, 'fill-rule') === 'evenodd') {
      // A frame (ITF-14's bearer bars): an outer rectangle with an inner one cut out.
      fillEvenOdd(subpaths(d), fillColor);
      continue;
    }
    for (const points of subpaths(d)) {
      if (fillColor && points.length > 2) {
        const xs = points.map((p) => p[0]);
        const ys = points.map((p) => p[1]);
        fill(Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys), fillColor);
      }
      if (stroke) {
        for (let i = 0; i + 1 < points.length; i++) {
          const [x0, y0] = points[i]!;
          const [x1, y1] = points[i + 1]!;
          if (x0 === x1) fill(x0 - half, Math.min(y0, y1), x0 + half, Math.max(y0, y1), stroke);
          else fill(Math.min(x0, x1), y0 - half, Math.max(x0, x1), y0 + half, stroke);
        }
      }
    }
  }
  return { png: encodePalettePng(width, height, indices, palette), width, height };
}

/** A light grey picture with a darker frame: what a missing or unreadable image becomes. */
export function placeholderPng(size = 100): Uint8Array {
  const rgb = new Uint8Array(size * size * 3).fill(0xe5);
  for (let i = 0; i < size; i++) {
    for (const [x, y] of [
      [i, 0],
      [i, size - 1],
      [0, i],
      [size - 1, i],
    ] as const) {
      rgb.set([0x99, 0x99, 0x99], (y * size + x) * 3);
    }
  }
  return encodePng(size, size, rgb);
}

/** Pixel size of a PNG, JPEG or GIF from its header; undefined when it cannot be read. */
export function imageSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  const b = bytes;
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (b.length >= 24 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) {
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (b.length >= 10 && b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46) {
    return { width: view.getUint16(6, true), height: view.getUint16(8, true) };
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) {
    let i = 2;
    while (i + 9 < b.length) {
      if (b[i] !== 0xff) {
        i++;
        continue;
      }
      const marker = b[i + 1]!;
      const length = view.getUint16(i + 2);
      // Start-of-frame markers carry the size (not DHT 0xC4, JPG 0xC8, DAC 0xCC).
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { width: view.getUint16(i + 7), height: view.getUint16(i + 5) };
      }
      i += 2 + length;
    }
  }
  return undefined;
}
