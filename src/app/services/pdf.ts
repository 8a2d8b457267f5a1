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
    // One long-lived pdf.js worker: without a port every document starts a new worker, which
    // costs hundreds of milliseconds per live-preview refresh.
    if (typeof Worker !== 'undefined')
      lib.GlobalWorkerOptions.workerPort = new Worker(workerUrl, { type: 'module', name: 'quire-pdfjs' });
    return lib;
  });
  return pdfjs;
}

/** Loads pdf.js and its worker ahead of the first preview. */
export function warmPdfJs(): void {
  void loadPdfJs();
}

/** Runs `next` in a new task: pending input is handled first, without a timer's clamping. */
const turn = typeof MessageChannel === 'function' ? new MessageChannel() : null;
const queued: Array<() => void> = [];
if (turn) turn.port1.onmessage = () => queued.shift()?.();
function yieldThen(next: () => void): void {
  if (!turn) return void setTimeout(next, 0);
  queued.push(next);
  turn.port2.postMessage(null);
}

interface RenderedPdf {
  pages: HTMLCanvasElement[];
  text: string[];
}

/**
 * Draws every page at `width` CSS px (sharp on high-density screens). Glyphs are drawn as paths
 * (`disableFontFace`): every preview is a new PDF with new font subsets, and registering those as
 * web fonts on the UI thread each time was the slowest part of a refresh.
 */
export async function drawPdf(bytes: Uint8Array, width: number): Promise<RenderedPdf> {
  const lib = await loadPdfJs();
  // pdf.js takes ownership of the buffer it is given: hand it a copy so callers keep theirs.
  const doc = await lib.getDocument({ data: bytes.slice(), isEvalSupported: false, disableFontFace: true }).promise;
  try {
    const ratio = window.devicePixelRatio || 1;
    const pages: HTMLCanvasElement[] = [];
    const text: Promise<string>[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      // The text is extracted in pdf.js's worker while this thread draws.
      text.push(
        page.getTextContent().then((content) => content.items.map((item) => ('str' in item ? item.str : '')).join(' ')),
      );
      const base = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: (width / base.width) * ratio });
      const canvas = document.createElement('canvas');
      canvas.width = Math.ceil(viewport.width);
      canvas.height = Math.ceil(viewport.height);
      canvas.style.width = `${width}px`;
      canvas.style.height = `${Math.ceil(viewport.height / ratio)}px`;
      // 'print' intent: no waiting for animation frames between slices (that made every refresh
      // overlap the next key and wait for several frames). pdf.js still stops every ~15 ms; there
      // it yields one task turn, so a key pressed while a page draws is handled (and painted)
      // within a slice instead of after the whole page.
      const task = page.render({ canvas, viewport, intent: 'print' });
      task.onContinue = yieldThen;
      await task.promise;
      pages.push(canvas);
    }
    return { pages, text: await Promise.all(text) };
  } finally {
    void doc.destroy();
  }
}
