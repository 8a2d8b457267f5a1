/**
 * Attachment preview in the browser, online or offline (#30 item 2, spec 001 §7): the core loader
 * with PDF pages drawn by pdf.js on OffscreenCanvas (the image export's rasteriser, loaded on the
 * first PDF) and images as they are. There is no LibreOffice here: an Office file is `error` with
 * AttachmentNeedsLibreOffice (its message says the server converts it — `POST
 * /api/attachments/preview`).
 */
import {
  type AttachmentPreviewLoader,
  createPreviewLoader,
  PREVIEW_THUMB_RULES,
  type PreviewEnvironment,
  type PreviewLoaderOptions,
  PreviewTooLarge,
  pageThumbs,
} from '../../core/attachments/preview';
import type { PdfRasterizer } from '../../render/outputs/types';

export interface BrowserPreviewOptions extends PreviewLoaderOptions {
  /** How files are fetched (default: the page's `fetch`). */
  fetch?: typeof fetch;
  /** Draws a PDF's pages (default: pdf.js on OffscreenCanvas, workers/browser-raster.ts). */
  rasterize?: PdfRasterizer;
}

const defaultRasterize: PdfRasterizer = async (pdf, rules) =>
  (await import('../../../workers/browser-raster')).rasterizeInWorker(pdf, rules);

/**
 * A fetcher that never holds more than `maxBytes + 1` bytes: a declared length past the limit is
 * refused before reading, a body that grows past it is cancelled. Not 2xx is a fetch failure.
 */
export function httpPreviewFetch(fetchImpl: typeof fetch): PreviewEnvironment['fetch'] {
  return async (url, maxBytes) => {
    const response = await fetchImpl(url);
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`the server answered ${response.status}`);
    }
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > maxBytes) {
      await response.body?.cancel();
      throw new PreviewTooLarge(url);
    }
    if (!response.body) return new Uint8Array(await response.arrayBuffer());
    const reader = response.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        throw new PreviewTooLarge(url);
      }
      chunks.push(value);
    }
    const bytes = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.byteLength;
    }
    return bytes;
  };
}

export function createBrowserPreviewLoader(options: BrowserPreviewOptions = {}): AttachmentPreviewLoader {
  const rasterize = options.rasterize ?? defaultRasterize;
  return createPreviewLoader(
    {
      fetch: httpPreviewFetch(options.fetch ?? ((input, init) => fetch(input, init))),
      pdfPages: async (pdf) => pageThumbs(await rasterize(pdf, PREVIEW_THUMB_RULES)),
    },
    options,
  );
}
