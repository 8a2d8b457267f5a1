import type { ImageLoader } from '../resolve/context';

/** Images come from the print input's bytes first; only what it lacks goes to the environment. */
export function assetsFirst(assets: Readonly<Record<string, Uint8Array>>, fallback?: ImageLoader): ImageLoader {
  return async (url) => {
    if (Object.hasOwn(assets, url)) return assets[url];
    return fallback ? fallback(url) : undefined;
  };
}
