/**
 * Code 128 bars as SVG without bwip-js, for the common case: text of printable ASCII. bwip-js runs
 * BWIPP's PostScript translated to JavaScript (~1.2–2.4 ms per code, most of it option and text
 * handling a bars-only code never uses), and every invoice has its own number, so its cache never
 * hits in a batch. This follows BWIPP's default ("legacy") code set choice and bwip-js's SVG
 * drawing step by step, so the SVG is the same text bwip-js writes (codes.test.ts compares both
 * on many values and sizes); anything else still goes through bwip-js.
 */

/** Bar/space widths of the 107 symbols, the last being the stop (BWIPP `code128_encs`). */
const PATTERNS = [
  '212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 221312 231212 112232 ',
  '122132 122231 113222 123122 123221 223211 221132 221231 213212 223112 312131 311222 321122 ',
  '321221 312212 322112 322211 212123 212321 232121 111323 131123 131321 112313 132113 132311 ',
  '211313 231113 231311 112133 112331 132131 113123 113321 133121 313121 211331 231131 213113 ',
  '213311 213131 311123 311321 331121 312113 312311 332111 314111 221411 431111 111224 111422 ',
  '121124 121421 141122 141221 112214 112412 122114 122411 142112 142211 241211 221114 413111 ',
  '241112 134111 111242 121142 121241 114212 124112 124211 411212 421112 421211 212141 214121 ',
  '412121 111143 111341 131141 114113 114311 411113 411311 113141 114131 311141 411131 211412 ',
  '211214 211232 2331112',
]
  .join('')
  .split(' ');

const CODE_C = 99;
const CODE_B = 100;
const START_B = 104;
const START_C = 105;
const STOP = 106;

/** Whether `text` takes the fast path: printable ASCII only (no FNC, no extended characters). */
export function isPlainCode128(text: string): boolean {
  if (text.length === 0) return false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 32 || c > 126) return false;
  }
  return true;
}

const isDigit = (c: number) => c >= 48 && c <= 57;

/**
 * Symbol values with check symbol and stop, as BWIPP's legacy encoder picks them for printable
 * ASCII: start C for a leading run of 4+ digits (or exactly two digits), else B; in B, a run of
 * 4+ digits switches to C (an odd run prints its first digit in B first); C goes back to B when
 * fewer than two digits follow.
 */
export function code128Values(text: string): number[] {
  const n = text.length;
  const codes = Array.from({ length: n }, (_, i) => text.charCodeAt(i));
  // digits[i]: length of the run of digits starting at i.
  const digits = new Array<number>(n + 1).fill(0);
  for (let i = n - 1; i >= 0; i--) digits[i] = isDigit(codes[i]!) ? digits[i + 1]! + 1 : 0;
  const out: number[] = [];
  let setC = (n === 2 && digits[0] === 2) || digits[0]! >= 4;
  out.push(setC ? START_C : START_B);
  let i = 0;
  while (i < n) {
    const run = digits[i]!;
    if (!setC && run >= 4) {
      if (run % 2 === 0) {
        out.push(CODE_C);
        setC = true;
      } else {
        out.push(codes[i]! - 32);
        i++;
        if (digits[i]! >= 4) {
          out.push(CODE_C);
          setC = true;
        }
      }
    } else if (setC && run < 2) {
      out.push(CODE_B);
      setC = false;
    } else if (setC) {
      out.push((codes[i]! - 48) * 10 + (codes[i + 1]! - 48));
      i += 2;
    } else {
      out.push(codes[i]! - 32);
      i++;
    }
  }
  let sum = out[0]!;
  for (let k = 1; k < out.length; k++) sum += out[k]! * k;
  out.push(sum % 103, STOP);
  return out;
}

interface Code128Drawing {
  /** bwip-js `scaleX` (module width in px). */
  scaleX: number;
  /** Bar height in mm, as passed to bwip-js. */
  heightMm: number;
  /** `RRGGBB` of the background and of the bars (already validated hex). */
  background: string;
  bars: string;
  /** bwip-js `paddingwidth` / `paddingheight`, in modules. */
  paddingWidth: number;
  paddingHeight: number;
}

/** The SVG bwip-js `toSVG` writes for this code128 text and these options (scaleY 1). */
export function code128Svg(text: string, d: Code128Drawing): string {
  const sbs: number[] = [];
  for (const value of code128Values(text)) for (const ch of PATTERNS[value]!) sbs.push(ch.charCodeAt(0) - 48);
  // bwip-js FixupOptions: a scale below 1 becomes 2, but the paddings use the scale as given.
  const given = d.scaleX || 2;
  const scaleX = given < 1 ? 2 : given;
  const scaleY = 1;
  const pad = (modules: number, scale: number) => (Math.min(999, Math.max(0, modules | 0)) * scale) | 0;
  const padX = pad(d.paddingWidth, given);
  const padY = pad(d.paddingHeight, scaleY);
  // Height: mm → inches (bwip-js) → points (BWIPP renlinear), in the same float steps.
  const h = (d.heightMm / 25.4 || 0.5) * 72;
  const rgb = d.bars.toLowerCase();

  // BWIPP renlinear + BWIPJS stroke: one vertical stroked line per bar, device coordinates rounded.
  const lines: { x: number; y0: number; y1: number; pen: number }[] = [];
  let minx = Number.POSITIVE_INFINITY;
  let miny = Number.POSITIVE_INFINITY;
  let maxx = Number.NEGATIVE_INFINITY;
  let maxy = Number.NEGATIVE_INFINITY;
  const bbox = (ax0: number, ay0: number, ax1: number, ay1: number) => {
    const x0 = Math.floor(Math.min(ax0, ax1));
    const x1 = Math.ceil(Math.max(ax0, ax1));
    const y0 = Math.floor(Math.min(ay0, ay1));
    const y1 = Math.ceil(Math.max(ay0, ay1));
    if (minx > x0) minx = x0;
    if (maxx < x1) maxx = x1;
    if (miny > y0) miny = y0;
    if (maxy < y1) maxy = y1;
  };
  let pixx = 0;
  for (let i = 0; i < sbs.length; i++) {
    const width = sbs[i]!;
    if (i % 2 === 0) {
      const c = f32(width / 2 + pixx);
      const x = Math.round(scaleX * c);
      const y0 = 0;
      const y1 = Math.round(scaleY * h);
      const pen = Math.floor(width * scaleX + 0.66);
      const half = pen / 2;
      bbox(x - half, Math.min(y0, y1), x + pen - half - 1, Math.max(y0, y1));
      lines.push({ x, y0, y1, pen });
    }
    pixx = f32(pixx + width);
  }

  // DrawingSVG: lines grouped by width and colour, crisp at odd widths, shifted by the padding.
  const groups = new Map<string, string>();
  const coord = (v: number) => ((v | 0) === v ? `${v}` : v.toFixed(2));
  for (const line of lines) {
    let x0 = (line.x - minx) | 0;
    let y0 = (maxy - line.y0) | 0;
    let x1 = x0;
    const y1 = (maxy - line.y1) | 0;
    const lw = Math.round(line.pen) || 1;
    if (lw & 1) {
      const dx = scaleX & 1 ? -0.5 : 0.5;
      x0 += dx;
      x1 += dx;
    }
    y0++;
    const key = `${lw}#${rgb}`;
    const start = groups.get(key) ?? `<path stroke="#${rgb}" stroke-width="${lw}" d="`;
    groups.set(key, `${start}M${coord(x0 + padX)} ${coord(y0 + padY)}L${coord(x1 + padX)} ${coord(y1 + padY)}`);
  }
  const width = maxx - minx + 1 + padX + padX;
  const height = maxy - miny + 1 + padY + padY;
  let svg = `<svg viewBox="0 0 ${width} ${height}" xmlns="http://www.w3.org/2000/svg">\n`;
  svg += `<rect width="100%" height="100%" fill="#${d.background}" />\n`;
  for (const path of groups.values()) svg += `${path}" />\n`;
  return `${svg}</svg>\n`;
}

/** BWIPP's `$f`: non-integers pass through single precision, as its PostScript reals do. */
const F32 = new Float32Array(1);
function f32(v: number): number {
  if ((v | 0) === v) return v;
  F32[0] = v;
  return F32[0];
}
