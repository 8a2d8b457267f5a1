/**
 * Attachment helpers (spec 001 §4, §5.1, §7): image detection, mime types, which files can be
 * previewed, the image cache-proxy URLs and the attachment-preview result model.
 */

const MIME_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  bmp: 'image/bmp',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  rtf: 'application/rtf',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain',
  csv: 'text/csv',
  json: 'application/json',
  zip: 'application/zip',
  mp4: 'video/mp4',
  mp3: 'audio/mpeg',
};

const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'bmp', 'gif', 'webp', 'svg']);
const PREVIEW_EXTENSIONS = new Set(['doc', 'docx', 'rtf', 'xls', 'xlsx', 'ppt', 'pptx', 'pdf']);
const PREVIEW_MIMES = new Set([...PREVIEW_EXTENSIONS].map((ext) => MIME_BY_EXTENSION[ext]!));
/** Some hosts report rtf as text/rtf. */
PREVIEW_MIMES.add('text/rtf');

export const DEFAULT_MIME = 'application/octet-stream';

/** Lower-case extension of a file name or URL path ('' when there is none). */
export function fileExtension(name: string): string {
  const path = name.split(/[?#]/, 1)[0] ?? '';
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot === -1 ? '' : base.slice(dot + 1).toLowerCase();
}

export function mimeByExtension(name: string): string {
  return MIME_BY_EXTENSION[fileExtension(name)] ?? DEFAULT_MIME;
}

interface FileLike {
  fileName?: string;
  name?: string;
  mime?: string;
  type?: string;
}

function nameOf(file: FileLike | string): string {
  return typeof file === 'string' ? file : (file.fileName ?? file.name ?? '');
}

function mimeOf(file: FileLike | string): string {
  return typeof file === 'string' ? '' : (file.mime ?? file.type ?? '').toLowerCase().trim();
}

export function isImage(file: FileLike | string): boolean {
  if (mimeOf(file).startsWith('image/')) return true;
  return IMAGE_EXTENSIONS.has(fileExtension(nameOf(file)));
}

/** Documents the attachment preview can turn into page images. */
export function isPreviewable(file: FileLike | string): boolean {
  const mime = mimeOf(file).split(';', 1)[0]!;
  return PREVIEW_MIMES.has(mime) || PREVIEW_EXTENSIONS.has(fileExtension(nameOf(file)));
}

interface CacheProxyInput {
  /** Storage host, e.g. `https://cos.example.com` (a trailing slash is tolerated). */
  cos: string;
  url: string;
  uid: string;
  /** When the host knows the stored file's key, the `imgx` form is used. */
  fileKey?: string;
}

/**
 * The cached-image URL of §7: `{cos}/img-cache-proxy/{encoded url}?uid=…`, or
 * `{cos}/imgx/{encoded file key}?url=…&uid=…` when a file key exists.
 */
export function cacheProxyUrl({ cos, url, uid, fileKey }: CacheProxyInput): string {
  const base = cos.replace(/\/+$/, '');
  if (fileKey) {
    return `${base}/imgx/${encodeURIComponent(fileKey)}?url=${encodeURIComponent(url)}&uid=${encodeURIComponent(uid)}`;
  }
  return `${base}/img-cache-proxy/${encodeURIComponent(url)}?uid=${encodeURIComponent(uid)}`;
}

/** Default attachment-preview size limit: 20 MB. */
export const PREVIEW_SIZE_LIMIT = 20 * 1024 * 1024;

const PREVIEW_RESULT_CODES = ['size_over_limit', 'success', 'FETCH_ERROR', 'missing', 'unknown', 'error'] as const;
type PreviewResultCode = (typeof PREVIEW_RESULT_CODES)[number];

/** Per-file preview state: unfinished, then finished with success (page images) or failure. */
type FilePreviewState =
  | { state: 'unfinished' }
  | { state: 'finished'; result: 'success'; code: 'success'; images: string[] }
  | { state: 'finished'; result: 'failure'; code: Exclude<PreviewResultCode, 'success'>; message?: string };

/** The answer of the externally supplied preview loader (§7). */
interface PreviewLoaderResponse {
  status: 'SUCCESS' | 'FAILED';
  errorCode?: string;
  msg?: string;
  thumbs?: Array<
    | { url: string; status: 10; images: string[] }
    | { url: string; status: 20; errorCode?: string; msg?: string }
    | { url: string; status: number; images?: string[]; errorCode?: string; msg?: string }
  >;
}

interface PreviewRequestFile {
  fileName: string;
  url: string;
  fileSize?: number;
  mime?: string;
}

function failureCode(code: string | undefined): Exclude<PreviewResultCode, 'success'> {
  if (code === 'size_over_limit' || code === 'FETCH_ERROR' || code === 'missing' || code === 'error') return code;
  return code ? 'unknown' : 'error';
}

/** The files to send to the loader, and the ones settled before asking (too large, not previewable). */
export function planPreview(
  files: PreviewRequestFile[],
  sizeLimit = PREVIEW_SIZE_LIMIT,
): { request: PreviewRequestFile[]; settled: Map<string, FilePreviewState> } {
  const request: PreviewRequestFile[] = [];
  const settled = new Map<string, FilePreviewState>();
  for (const file of files) {
    if (!file.url) settled.set(file.url, { state: 'finished', result: 'failure', code: 'missing' });
    else if (!isPreviewable(file)) settled.set(file.url, { state: 'finished', result: 'failure', code: 'unknown' });
    else if (file.fileSize !== undefined && file.fileSize > sizeLimit)
      settled.set(file.url, { state: 'finished', result: 'failure', code: 'size_over_limit' });
    else request.push(file);
  }
  return { request, settled };
}

/** Per-file states from a loader response; files absent from the answer stay unfinished. */
export function previewStates(
  files: PreviewRequestFile[],
  response: PreviewLoaderResponse,
): Map<string, FilePreviewState> {
  const states = new Map<string, FilePreviewState>();
  const thumbs = new Map((response.thumbs ?? []).map((thumb) => [thumb.url, thumb]));
  for (const file of files) {
    const thumb = thumbs.get(file.url);
    if (thumb?.status === 10 && Array.isArray(thumb.images)) {
      states.set(file.url, { state: 'finished', result: 'success', code: 'success', images: thumb.images });
    } else if (thumb?.status === 20) {
      states.set(file.url, {
        state: 'finished',
        result: 'failure',
        code: failureCode(thumb.errorCode),
        ...(thumb.msg ? { message: thumb.msg } : {}),
      });
    } else if (response.status === 'FAILED') {
      states.set(file.url, {
        state: 'finished',
        result: 'failure',
        code: failureCode(response.errorCode),
        ...(response.msg ? { message: response.msg } : {}),
      });
    } else {
      states.set(file.url, { state: 'unfinished' });
    }
  }
  return states;
}
