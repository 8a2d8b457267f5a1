/**
 * Attachment preview (spec 001 §3.4, §4, §7): the loader the document renderer is handed from
 * outside — `(files) → per-file results` — and the environment-free half of every loader: which
 * files are asked for, the size limit, and how each failure becomes one of the spec's result
 * codes. An environment (Node: fetch policy, LibreOffice, pdf.js on a canvas; a browser: pdf.js)
 * lends only how to fetch bytes, draw a PDF's pages and convert an Office file.
 */
import { isImage, isPreviewable, PREVIEW_SIZE_LIMIT } from '../data/attachments';
import { isQuireError, QuireError } from '../errors';
import { IMAGE_EXPORT, IMAGE_MIMES, type ImageFormat, type ImageRules } from '../outputs/images';
import { extensionOfFile } from './files';

export { PREVIEW_SIZE_LIMIT };

/** One file to preview, as the document names it. */
export interface PreviewFile {
  name: string;
  url: string;
  mime?: string;
}

/** The spec's per-file result codes (§7). */
export type PreviewResultCode = 'success' | 'size_over_limit' | 'FETCH_ERROR' | 'missing' | 'unknown' | 'error';

/** One image of a previewed file: a PDF or Office page drawn, or the image itself. */
export interface PreviewThumb {
  mime: string;
  bytes: Uint8Array;
  width?: number;
  height?: number;
}

/** A finished file: success with its page images, or a failure code and why. */
export interface FilePreviewResult {
  name: string;
  url: string;
  status: 'success' | 'failed';
  thumbs: PreviewThumb[];
  errorCode: PreviewResultCode;
  /** Why it failed (English; the catalogued `error` carries the translatable form). */
  msg?: string;
  /** The catalogued error behind a failure: name, code and params (e.g. `file`). */
  error?: { name: string; code: string | number; params: Record<string, string | number> };
}

/** A rasteriser's page images (render/images, in whichever environment drew them) as preview thumbnails. */
export function pageThumbs(
  images: readonly { format: ImageFormat; bytes: Uint8Array; width: number; height: number }[],
): PreviewThumb[] {
  return images.map(({ format, bytes, width, height }) => ({ mime: IMAGE_MIMES[format], bytes, width, height }));
}

/** The interface of spec §7: every file in, one finished result per file out, in order. */
export type AttachmentPreviewLoader = (files: readonly PreviewFile[]) => Promise<FilePreviewResult[]>;

/** What an environment lends a loader. */
export interface PreviewEnvironment {
  /**
   * The file's bytes. It may stop reading past `maxBytes` and return what it has (longer than
   * `maxBytes` means too large), or throw `PreviewTooLarge`; any other throw is a fetch failure.
   */
  fetch(url: string, maxBytes: number): Promise<Uint8Array>;
  /** A PDF's pages as images. */
  pdfPages(pdf: Uint8Array): Promise<PreviewThumb[]>;
  /** An Office file's PDF (LibreOffice in Node); absent where there is none (a browser offline). */
  officePdf?(bytes: Uint8Array, extension: string): Promise<Uint8Array>;
}

/**
 * How pages become thumbnails: PNG at one image pixel per CSS px (pages at most 800 px wide,
 * cut every 1200 px of height, as image export), enough for a thumbnail printed in a document.
 */
export const PREVIEW_THUMB_RULES: ImageRules = {
  format: 'png',
  scale: 1,
  quality: IMAGE_EXPORT.quality,
  forceJpegAboveBytes: IMAGE_EXPORT.forceJpegAboveBytes,
};

export interface PreviewLoaderOptions {
  /** Largest file previewed (default 20 MB, spec §7); a larger one is `size_over_limit`. */
  sizeLimit?: number;
}

/** Thrown by a fetcher that learned the file is larger than the limit without reading it all. */
export class PreviewTooLarge extends Error {
  constructor(readonly url: string) {
    super(`${url} is larger than the preview limit`);
  }
}

/** Office files go by name or MIME type, as attachment templates take them. */
const OFFICE_EXTENSIONS = new Set(['doc', 'docx', 'rtf', 'xls', 'xlsx', 'ppt', 'pptx']);

type PreviewKind = 'pdf' | 'image' | 'office';

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return signature.every((byte, i) => bytes[i] === byte);
}

/** The image's MIME type from its first bytes (the name may lie), else by its name. */
function imageMime(bytes: Uint8Array, file: PreviewFile): string | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && bytes[8] === 0x57) return 'image/webp';
  if (startsWith(bytes, [0x42, 0x4d])) return 'image/bmp';
  const mime = (file.mime ?? '').toLowerCase();
  return mime.startsWith('image/') ? mime : undefined;
}

function isPdf(bytes: Uint8Array): boolean {
  // The format allows a little junk before the header.
  const head = bytes.subarray(0, 1024);
  for (let i = 0; i + 4 < head.length; i++) {
    if (head[i] === 0x25 && head[i + 1] === 0x50 && head[i + 2] === 0x44 && head[i + 3] === 0x46) return true;
  }
  return false;
}

/** What a fetched file is to the preview, or undefined when it is none of the kinds it shows. */
function kindOf(file: PreviewFile, bytes: Uint8Array): PreviewKind | undefined {
  if (isPdf(bytes)) return 'pdf';
  if (imageMime(bytes, file)) return 'image';
  const extension = extensionOfFile(file.name || file.url);
  const mime = (file.mime ?? '').split(';', 1)[0]!.trim().toLowerCase();
  if (OFFICE_EXTENSIONS.has(extension) || (isPreviewable({ mime }) && mime !== 'application/pdf')) return 'office';
  return undefined;
}

/** Whether a file is asked for at all: the spec's documents (by extension or MIME) and images. */
function previewable(file: PreviewFile): boolean {
  const named = { name: file.name || file.url, ...(file.mime ? { mime: file.mime } : {}) };
  return isPreviewable(named) || isImage(named);
}

function failed(
  file: PreviewFile,
  errorCode: Exclude<PreviewResultCode, 'success'>,
  msg: string,
  error?: unknown,
): FilePreviewResult {
  return {
    name: file.name,
    url: file.url,
    status: 'failed',
    thumbs: [],
    errorCode,
    msg,
    ...(isQuireError(error) ? { error: { name: error.errorName, code: error.code, params: error.params } } : {}),
  };
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function thumbsOf(
  file: PreviewFile,
  bytes: Uint8Array,
  kind: PreviewKind,
  env: PreviewEnvironment,
): Promise<PreviewThumb[]> {
  if (kind === 'image') return [{ mime: imageMime(bytes, file) ?? 'application/octet-stream', bytes }];
  if (kind === 'pdf') return env.pdfPages(bytes);
  const extension = extensionOfFile(file.name || file.url) || 'docx';
  if (!env.officePdf) {
    throw new QuireError('AttachmentNeedsLibreOffice', {
      detail: `${file.name}: Office attachments are converted by LibreOffice on the server`,
      params: { file: file.name },
    });
  }
  let pdf: Uint8Array;
  try {
    pdf = await env.officePdf(bytes, extension);
  } catch (error) {
    if (isQuireError(error, 'OfficePdfUnavailable')) {
      throw new QuireError('AttachmentNeedsLibreOffice', {
        detail: `${file.name}: ${error.message}`,
        params: { file: file.name },
        cause: error,
      });
    }
    throw error;
  }
  return env.pdfPages(pdf);
}

/** One file, start to finish: every outcome is a result, never a throw. */
async function previewOne(file: PreviewFile, env: PreviewEnvironment, sizeLimit: number): Promise<FilePreviewResult> {
  if (!file.url) return failed(file, 'missing', `${file.name || 'a file'} has no URL`);
  if (!previewable(file)) return failed(file, 'unknown', `${file.name}: this type of file is not previewed`);
  let bytes: Uint8Array;
  try {
    bytes = await env.fetch(file.url, sizeLimit);
  } catch (error) {
    if (error instanceof PreviewTooLarge)
      return failed(file, 'size_over_limit', `${file.name} is over ${sizeLimit} bytes`);
    const cause = new QuireError('AttachmentUnavailable', {
      detail: `${file.name} (${file.url}): ${messageOf(error)}`,
      params: { file: file.name },
      cause: error,
    });
    return failed(file, 'FETCH_ERROR', cause.message, cause);
  }
  if (bytes.length > sizeLimit) return failed(file, 'size_over_limit', `${file.name} is over ${sizeLimit} bytes`);
  const kind = kindOf(file, bytes);
  if (!kind) {
    const mismatch = new QuireError('AttachmentTypeMismatch', {
      detail: `${file.name} is not a PDF, an image or an Office file`,
      params: { file: file.name },
    });
    return failed(file, 'unknown', mismatch.message, mismatch);
  }
  try {
    const thumbs = await thumbsOf(file, bytes, kind, env);
    return { name: file.name, url: file.url, status: 'success', thumbs, errorCode: 'success' };
  } catch (error) {
    return failed(file, 'error', messageOf(error), error);
  }
}

/**
 * A loader over an environment. Files go one after another: a preview is a handful of files,
 * and each conversion already takes a LibreOffice slot or a canvas of its own.
 */
export function createPreviewLoader(
  env: PreviewEnvironment,
  options: PreviewLoaderOptions = {},
): AttachmentPreviewLoader {
  const sizeLimit = options.sizeLimit ?? PREVIEW_SIZE_LIMIT;
  return async (files) => {
    const results: FilePreviewResult[] = [];
    for (const file of files) results.push(await previewOne(file, env, sizeLimit));
    return results;
  };
}

/**
 * The results in the shape `previewStates` (core/data/attachments) reads — status 10 with image
 * URLs, 20 with a code — each thumb made a URL by `urlOf` (a data URL, an object URL).
 */
export function loaderResponseOf(results: readonly FilePreviewResult[], urlOf: (thumb: PreviewThumb) => string) {
  return {
    status: 'SUCCESS' as const,
    thumbs: results.map((result) =>
      result.status === 'success'
        ? { url: result.url, status: 10 as const, images: result.thumbs.map(urlOf) }
        : {
            url: result.url,
            status: 20 as const,
            errorCode: result.errorCode,
            ...(result.msg ? { msg: result.msg } : {}),
          },
    ),
  };
}
