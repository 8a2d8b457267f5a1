/**
 * Page images in the browser's render worker: the PDF the worker just made, drawn by pdf.js onto
 * OffscreenCanvases and encoded there (no DOM in a worker, nothing on the UI thread). pdf.js and
 * its own parser worker are the app's bundled copies, loaded on the first image export.
 */
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import type { ImageFormat, ImageRules } from '../src/core/outputs/images';
import { IMAGE_MIMES } from '../src/core/outputs/images';
import { type CanvasKit, type DrawingSurface, drawPdfPages, type PdfJsLike } from '../src/render/images/pdf-pages';
import type { PdfRasterizer } from '../src/render/outputs/types';

let pdfjs: Promise<PdfJsLike> | undefined;

function loadPdfJs(): Promise<PdfJsLike> {
  pdfjs ??= import('pdfjs-dist').then((lib) => {
    lib.GlobalWorkerOptions.workerSrc = workerUrl;
    return lib as unknown as PdfJsLike;
  });
  return pdfjs;
}

function surfaceOf(width: number, height: number): DrawingSurface {
  const canvas = new OffscreenCanvas(width, height);
  return { canvas, context: canvas.getContext('2d') };
}

/**
 * The canvases pdf.js makes for itself inside a page (patterns, masks): OffscreenCanvas too, since
 * its default factory asks a document for them.
 */
class OffscreenCanvasFactory {
  create(width: number, height: number): DrawingSurface {
    return surfaceOf(Math.max(1, width), Math.max(1, height));
  }
  reset(surface: DrawingSurface, width: number, height: number): void {
    const canvas = surface.canvas as OffscreenCanvas;
    canvas.width = width;
    canvas.height = height;
  }
  destroy(surface: DrawingSurface): void {
    const canvas = surface.canvas as OffscreenCanvas | null;
    if (canvas) canvas.width = canvas.height = 0;
    surface.canvas = null;
    surface.context = null;
  }
}

const kit: CanvasKit = {
  create: surfaceOf,
  async encode(surface, format: ImageFormat, quality) {
    const blob = await (surface.canvas as OffscreenCanvas).convertToBlob({
      type: IMAGE_MIMES[format],
      ...(format === 'jpeg' ? { quality: quality / 100 } : {}),
    });
    return new Uint8Array(await blob.arrayBuffer());
  },
  release(surface) {
    const canvas = surface.canvas as OffscreenCanvas;
    canvas.width = 0;
    canvas.height = 0;
  },
};

/** Draws a PDF's pages as images inside this worker. */
export const rasterizeInWorker: PdfRasterizer = async (pdf: Uint8Array, rules: ImageRules) =>
  drawPdfPages(await loadPdfJs(), pdf, rules, kit, { CanvasFactory: OffscreenCanvasFactory });
