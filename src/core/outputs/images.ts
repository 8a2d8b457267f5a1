/**
 * Image export (spec 001 §9.1): the rules that turn a PDF's pages into PNG or JPEG images, as
 * plain numbers so every rasteriser (pdf.js in a browser worker, pdf.js with a canvas in Node)
 * cuts, scales and encodes the same way.
 *
 * - A page is laid out at most 800 CSS px wide (a wider page is shrunk to 800), then drawn at 2×
 *   (3× for "no compress" or a Word template): an image is at most 1600 (2400) pixels wide.
 * - An image holds at most 1200 CSS px of the page's height: a taller page is cut into slices.
 * - JPEG quality is 80 (90 for no compress or Word). A PNG larger than 6 MB is replaced by a JPEG.
 */

export const IMAGE_EXPORT = {
  maxContentWidth: 800,
  maxContentHeight: 1200,
  scale: 2,
  fineScale: 3,
  quality: 80,
  fineQuality: 90,
  forceJpegAboveBytes: 6 * 1024 * 1024,
} as const;

export type ImageFormat = 'png' | 'jpeg';

export function isImageFormat(value: unknown): value is ImageFormat {
  return value === 'png' || value === 'jpeg';
}

export interface ImageExportRequest {
  format: ImageFormat;
  /** The user turned compression off: finer pixels and a higher JPEG quality. */
  noCompress?: boolean;
  /** The template is a Word document (spec: Word exports at the finer setting). */
  word?: boolean;
}

/** What a rasteriser needs to know besides the pages. */
export interface ImageRules {
  format: ImageFormat;
  /** Image pixels per CSS px of content. */
  scale: number;
  /** JPEG quality, 0–100. */
  quality: number;
  /** A PNG over this many bytes is encoded as JPEG instead. */
  forceJpegAboveBytes: number;
}

export function imageRulesOf(request: ImageExportRequest): ImageRules {
  const fine = request.noCompress === true || request.word === true;
  return {
    format: request.format,
    scale: fine ? IMAGE_EXPORT.fineScale : IMAGE_EXPORT.scale,
    quality: fine ? IMAGE_EXPORT.fineQuality : IMAGE_EXPORT.quality,
    forceJpegAboveBytes: IMAGE_EXPORT.forceJpegAboveBytes,
  };
}

/** CSS px per PDF point. */
const PX_PER_PT = 96 / 72;

/** One image of a page: a horizontal band of it, in image pixels. */
export interface PageSlice {
  /** 1-based page number. */
  page: number;
  /** Image pixels per PDF point: the zoom the page is drawn at. */
  zoom: number;
  /** The band's top edge in image pixels of the whole drawn page. */
  top: number;
  width: number;
  height: number;
}

/**
 * The images one page of `widthPt` × `heightPt` points becomes: its width fitted to at most 800
 * CSS px, then cut into bands of at most 1200 CSS px, each drawn at the rules' scale.
 */
export function pageSlices(page: number, widthPt: number, heightPt: number, rules: ImageRules): PageSlice[] {
  const cssWidth = widthPt * PX_PER_PT;
  const fit = cssWidth > IMAGE_EXPORT.maxContentWidth ? IMAGE_EXPORT.maxContentWidth / cssWidth : 1;
  const zoom = PX_PER_PT * fit * rules.scale;
  const width = Math.max(1, Math.floor(widthPt * zoom));
  const height = Math.max(1, Math.floor(heightPt * zoom));
  const band = IMAGE_EXPORT.maxContentHeight * rules.scale;
  const slices: PageSlice[] = [];
  for (let top = 0; top < height; top += band) {
    slices.push({ page, zoom, top, width, height: Math.min(band, height - top) });
  }
  return slices;
}

/**
 * The format an image is stored in: JPEG when asked, and when a PNG came out larger than the cap
 * (the spec forces JPEG there, so one page of a photo does not make a 20 MB file).
 */
export function storedFormatOf(rules: ImageRules, pngBytes: number | undefined): ImageFormat {
  if (rules.format === 'jpeg') return 'jpeg';
  return pngBytes !== undefined && pngBytes > rules.forceJpegAboveBytes ? 'jpeg' : 'png';
}

export const IMAGE_EXTENSIONS: { [F in ImageFormat]: string } = { png: 'png', jpeg: 'jpg' };
export const IMAGE_MIMES: { [F in ImageFormat]: string } = { png: 'image/png', jpeg: 'image/jpeg' };

/** What a file's first bytes say it is, among what image export makes: PNG, JPEG or a ZIP of them. */
export function sniffImageExport(bytes: Uint8Array): ImageFormat | 'zip' | undefined {
  const [a, b, c, d] = bytes;
  if (a === 0x89 && b === 0x50 && c === 0x4e && d === 0x47) return 'png';
  if (a === 0xff && b === 0xd8 && c === 0xff) return 'jpeg';
  if (a === 0x50 && b === 0x4b && c === 0x03 && d === 0x04) return 'zip';
  return undefined;
}

/**
 * The name of image `index` (0-based) of `count` made from one document: `stem.png` when there is
 * one, else `stem-1.png`, `stem-2.png`… padded so they sort in page order.
 */
export function imageFileName(stem: string, index: number, count: number, format: ImageFormat): string {
  const extension = IMAGE_EXTENSIONS[format];
  if (count <= 1) return `${stem}.${extension}`;
  const digits = String(count).length;
  return `${stem}-${String(index + 1).padStart(digits, '0')}.${extension}`;
}
