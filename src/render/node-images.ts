import { readFile } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ImageLoader } from './resolve/context';

const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

/** Node image loader: http(s) with a timeout and size cap, file URLs, and paths relative to `baseDir`. */
export function nodeImageLoader(baseDir: string, timeoutMs = 15_000): ImageLoader {
  return async (url) => {
    if (/^https?:\/\//i.test(url)) {
      const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
      if (!response.ok) return undefined;
      const bytes = new Uint8Array(await response.arrayBuffer());
      return bytes.byteLength > MAX_IMAGE_BYTES ? undefined : bytes;
    }
    const path = url.startsWith('file:') ? fileURLToPath(url) : isAbsolute(url) ? url : resolve(baseDir, url);
    const bytes = new Uint8Array(await readFile(path));
    return bytes.byteLength > MAX_IMAGE_BYTES ? undefined : bytes;
  };
}
