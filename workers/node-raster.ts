/**
 * Page images in Node: pdf.js's legacy build (the browser's own renderer, so images match the
 * app's) drawing onto the canvas it brings for Node (@napi-rs/canvas, installed with pdfjs-dist),
 * which also encodes PNG and JPEG. Loaded on the first image export only.
 */
import type { ImageFormat, ImageRules } from '../src/core/outputs/images';
import { type CanvasKit, drawPdfPages, type PdfJsLike } from '../src/render/images/pdf-pages';
import type { PdfRasterizer } from '../src/render/outputs/types';

/** The canvas pdf.js makes in Node: @napi-rs/canvas's, which encodes itself. */
interface NodeCanvas {
  width: number;
  height: number;
  encode(format: 'png' | 'jpeg', quality?: number): Promise<Uint8Array>;
}

let pdfjs: Promise<PdfJsLike> | undefined;

function loadPdfJs(): Promise<PdfJsLike> {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs') as unknown as Promise<PdfJsLike>;
  return pdfjs;
}

/** Canvases of the package pdf.js draws its own with in Node, so every canvas of a page is of one kind. */
async function nodeKit(): Promise<CanvasKit> {
  const { createRequire } = await import('node:module');
  // Required the way pdf.js requires it (it is pdf.js's optional dependency, not ours).
  const { createCanvas } = createRequire(import.meta.url)('@napi-rs/canvas') as {
    createCanvas(width: number, height: number): NodeCanvas & { getContext(kind: '2d'): unknown };
  };
  return {
    create(width, height) {
      const canvas = createCanvas(width, height);
      return { canvas, context: canvas.getContext('2d') };
    },
    async encode(surface, format: ImageFormat, quality) {
      const canvas = surface.canvas as NodeCanvas;
      return new Uint8Array(format === 'png' ? await canvas.encode('png') : await canvas.encode('jpeg', quality));
    },
    release(surface) {
      const canvas = surface.canvas as NodeCanvas;
      canvas.width = 0;
      canvas.height = 0;
    },
  };
}

let kit: Promise<CanvasKit> | undefined;

/** Draws a PDF's pages as images in this process. */
export const rasterizeInNode: PdfRasterizer = async (pdf: Uint8Array, rules: ImageRules) => {
  kit ??= nodeKit();
  return drawPdfPages(await loadPdfJs(), pdf, rules, await kit);
};
