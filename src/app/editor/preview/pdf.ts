/**
 * PDF display for the preview: pdf.js draws pages onto canvases and gives us each page's text (for
 * screen readers and for tests). Its worker is bundled with the app (Vite `?url`), never a CDN.
 */
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

type PdfJs = typeof import('pdfjs-dist');
let pdfjs: Promise<PdfJs> | undefined;

function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= import('pdfjs-dist').then((lib) => {
    lib.GlobalWorkerOptions.workerSrc = workerUrl;
    return lib;
  });
  return pdfjs;
}

export interface RenderedPdf {
  pages: HTMLCanvasElement[];
  text: string[];
}

/** Draws every page at `width` CSS px (sharp on high-density screens). */
export async function drawPdf(bytes: Uint8Array, width: number): Promise<RenderedPdf> {
  const lib = await loadPdfJs();
  // pdf.js takes ownership of the buffer it is given: hand it a copy so callers keep theirs.
  const doc = await lib.getDocument({ data: bytes.slice(), isEvalSupported: false }).promise;
  try {
    const pages: HTMLCanvasElement[] = [];
    const text: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const base = page.getViewport({ scale: 1 });
      const ratio = window.devicePixelRatio || 1;
      const viewport = page.getViewport({ scale: (width / base.width) * ratio });
      const canvas = document.createElement('canvas');
      canvas.width = Math.ceil(viewport.width);
      canvas.height = Math.ceil(viewport.height);
      canvas.style.width = `${width}px`;
      canvas.style.height = `${Math.ceil(viewport.height / ratio)}px`;
      await page.render({ canvas, viewport }).promise;
      const content = await page.getTextContent();
      text.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
      pages.push(canvas);
    }
    return { pages, text };
  } finally {
    void doc.destroy();
  }
}
