/**
 * The attachment preview loader in Node (spec 001 §7; the server's `POST /api/attachments/preview`,
 * the CLI): PDF pages drawn by the same pdf.js rasteriser as image export, images as they are,
 * Office files through the process's LibreOffice pool and then drawn. Fetching is the caller's
 * (the server: its fetch policy; the CLI and tests: local files), so no URL is fetched here that
 * the caller's policy would refuse.
 */
import { open, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  type AttachmentPreviewLoader,
  createPreviewLoader,
  PREVIEW_THUMB_RULES,
  type PreviewEnvironment,
  type PreviewLoaderOptions,
  PreviewTooLarge,
  pageThumbs,
} from '../src/core/attachments/preview';
import type { ImageRules } from '../src/core/outputs/images';
import { isOfficeAttachmentExtension, type LibreOfficeConverter, libreOfficeInstalled } from './libreoffice';
import { rasterizeInNode } from './node-raster';

export interface NodePreviewOptions extends PreviewLoaderOptions {
  /** The file's bytes (see PreviewEnvironment.fetch): the server's fetch policy, or `localFileFetcher`. */
  fetch: PreviewEnvironment['fetch'];
  /**
   * The process's LibreOffice pool (NodeRenderEnvironment.officePdf), asked for on the first Office
   * file. Where LibreOffice is not installed, Office files fail with AttachmentNeedsLibreOffice at
   * once instead of starting a process.
   */
  officePdf?: () => LibreOfficeConverter;
  /** Whether LibreOffice is there (default: `soffice`/QUIRE_SOFFICE is found). */
  hasLibreOffice?: () => boolean;
  /** How pages are drawn (default PREVIEW_THUMB_RULES). */
  thumbRules?: ImageRules;
}

export function createNodePreviewLoader(options: NodePreviewOptions): AttachmentPreviewLoader {
  const rules = options.thumbRules ?? PREVIEW_THUMB_RULES;
  const converter = options.officePdf;
  const installed = options.hasLibreOffice ?? libreOfficeInstalled;
  const env: PreviewEnvironment = {
    fetch: options.fetch,
    pdfPages: async (pdf) => pageThumbs(await rasterizeInNode(pdf, rules)),
    ...(converter
      ? {
          officePdf(bytes: Uint8Array, extension: string) {
            // Only the Office extensions reach LibreOffice; a file known by its MIME type alone reads as .docx.
            const kind = isOfficeAttachmentExtension(extension) ? extension : 'docx';
            return converter().toPdf(bytes, kind);
          },
        }
      : {}),
  };
  return async (files) => {
    // Checked per call: installing LibreOffice on a running server takes effect without a restart.
    if (env.officePdf && !installed()) {
      const { officePdf: _, ...withoutOffice } = env;
      return createPreviewLoader(withoutOffice, options)(files);
    }
    return createPreviewLoader(env, options)(files);
  };
}

/** A file path or `file:` URL as a path. */
function pathOf(url: string): string {
  return url.startsWith('file:') ? fileURLToPath(url) : url;
}

/**
 * Local files (the CLI's attachments beside the data, tests): a file larger than the limit is
 * refused from its size alone, without reading it.
 */
export async function localFileFetcher(url: string, maxBytes: number): Promise<Uint8Array> {
  const path = pathOf(url);
  const info = await stat(path);
  if (!info.isFile()) throw new Error(`${path} is not a file`);
  if (info.size > maxBytes) throw new PreviewTooLarge(url);
  const handle = await open(path);
  try {
    return new Uint8Array(await handle.readFile());
  } finally {
    await handle.close();
  }
}
