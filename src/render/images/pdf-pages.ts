/**
 * A PDF's pages drawn as images with pdf.js, under the image-export rules (core/outputs/images):
 * the same code in a browser worker (OffscreenCanvas) and in Node (pdf.js's legacy build with its
 * canvas), each environment lending its pdf.js module and how to make and encode a canvas.
 */
import {
  type ImageFormat,
  type ImageRules,
  type PageSlice,
  pageSlices,
  storedFormatOf,
} from '../../core/outputs/images';

/** One image of a document, as stored. */
export interface PageImage {
  bytes: Uint8Array;
  format: ImageFormat;
  width: number;
  height: number;
}

/** A canvas and its 2D context, whatever the environment's canvas is. */
export interface DrawingSurface {
  canvas: unknown;
  context: unknown;
}

/** What an environment lends the drawing: its canvases and their encoders. */
export interface CanvasKit {
  create(width: number, height: number): DrawingSurface;
  encode(surface: DrawingSurface, format: ImageFormat, quality: number): Promise<Uint8Array>;
  /** Frees a canvas's pixels as soon as its image is encoded. */
  release(surface: DrawingSurface): void;
}

/** The part of pdf.js this uses (the browser build and Node's legacy build share it). */
export interface PdfJsLike {
  getDocument(params: Record<string, unknown>): { promise: Promise<PdfDocumentLike> };
}
interface PdfDocumentLike {
  numPages: number;
  getPage(n: number): Promise<PdfPageLike>;
  destroy(): Promise<void>;
}
interface PdfPageLike {
  getViewport(params: { scale: number }): { width: number; height: number; transform: number[] };
  render(params: Record<string, unknown>): { promise: Promise<void> };
  cleanup(): void;
}

/** Draws one band of a page on a white canvas and encodes it (PNG past the cap becomes JPEG). */
async function drawSlice(page: PdfPageLike, slice: PageSlice, rules: ImageRules, kit: CanvasKit): Promise<PageImage> {
  const surface = kit.create(slice.width, slice.height);
  try {
    const context = surface.context as CanvasRenderingContext2D;
    // PDFs have no background: a page is white paper, and JPEG has no transparency.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, slice.width, slice.height);
    const viewport = page.getViewport({ scale: slice.zoom });
    // The band starting at `top`: the page is drawn shifted up by it, clipped by the canvas.
    await page.render({
      canvasContext: context,
      canvas: surface.canvas,
      viewport,
      transform: [1, 0, 0, 1, 0, -slice.top],
      background: '#ffffff',
    }).promise;
    let format: ImageFormat = rules.format;
    let bytes = await kit.encode(surface, format, rules.quality);
    if (format === 'png' && storedFormatOf(rules, bytes.length) === 'jpeg') {
      format = 'jpeg';
      bytes = await kit.encode(surface, format, rules.quality);
    }
    return { bytes, format, width: slice.width, height: slice.height };
  } finally {
    kit.release(surface);
  }
}

/** Every page of `pdf`, in order, as images (a page taller than the rules allow gives several). */
export async function drawPdfPages(
  pdfjs: PdfJsLike,
  pdf: Uint8Array,
  rules: ImageRules,
  kit: CanvasKit,
  extra: Record<string, unknown> = {},
): Promise<PageImage[]> {
  // pdf.js takes ownership of the buffer it is given: a copy leaves the caller's intact.
  const doc = await pdfjs.getDocument({
    data: pdf.slice(),
    isEvalSupported: false,
    // Glyphs as paths: no font registration, the same in a worker and in Node.
    disableFontFace: true,
    verbosity: 0,
    ...extra,
  }).promise;
  try {
    const images: PageImage[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const size = page.getViewport({ scale: 1 });
      for (const slice of pageSlices(n, size.width, size.height, rules))
        images.push(await drawSlice(page, slice, rules, kit));
      page.cleanup();
    }
    return images;
  } finally {
    await doc.destroy();
  }
}
