/**
 * Keeping the large scripts' fonts on the device before they are needed offline. They are not
 * precached (wasm/font-cache.ts); the app calls `keepFontsOffline` while online with the groups
 * its language and its stored templates and data need. Files already kept are not fetched again.
 */
import { FONT_CACHE } from '../wasm/font-cache';
import { FONT_FAMILY, type FontGroup, fontGroupsForText } from '../wasm/fonts';
import { FONT_URLS } from '../wasm/fonts-browser';

export type { FontGroup };
/** The font family each group holds, as a message names it (`Noto Sans SC`). */
export { FONT_FAMILY };

/** A character of each script, so the language's needs come from the same rule as a document's. */
function sampleOf(lang: string): string {
  const l = lang.toLowerCase();
  if (l.startsWith('zh')) return '中';
  if (l.startsWith('ja')) return 'あ中';
  if (l.startsWith('ko')) return '한';
  if (l.startsWith('th')) return 'ก';
  return '';
}

/** The font groups text in the interface language needs (Latin alone for most languages). */
export function fontGroupsForLanguage(lang: string): FontGroup[] {
  return fontGroupsForText(sampleOf(lang), lang);
}

/** The font groups stored text needs (templates, records), the same rule documents use. */
export function fontGroupsForStoredText(text: string, lang: string): FontGroup[] {
  return fontGroupsForText(text, lang);
}

/** Every group the build ships outside the precache: what "every font offline" keeps. */
export const ON_DEMAND_FONT_GROUPS: readonly FontGroup[] = (Object.keys(FONT_URLS) as FontGroup[]).filter(
  (group) => group !== 'latin',
);

export interface KeptFonts {
  /** Groups whose files are all in the font cache now. */
  kept: FontGroup[];
  /** Groups that could not be fetched (offline, server error); tried again next time. */
  failed: FontGroup[];
  /** Bytes of the kept groups' files in the cache. */
  bytes: number;
}

export interface FontKeepProgress {
  /** Files handled so far (kept, already there, or skipped with their failed group). */
  done: number;
  total: number;
  /** Bytes of the files kept so far. */
  bytes: number;
}

export interface KeepOptions {
  cacheStorage?: CacheStorage;
  onProgress?: (progress: FontKeepProgress) => void;
  /** Stops between files (the user turned the setting off while it ran). */
  signal?: AbortSignal;
}

async function sizeOf(cache: Cache, url: string): Promise<number> {
  const kept = await cache.match(url);
  return kept ? (await kept.blob()).size : 0;
}

/** Puts every file of `groups` into the font cache (Latin is precached and skipped). */
export async function keepFontsOffline(
  groups: readonly FontGroup[],
  { cacheStorage = caches, onProgress, signal }: KeepOptions = {},
): Promise<KeptFonts> {
  const cache = await cacheStorage.open(FONT_CACHE);
  const wanted = [...new Set(groups)].filter((group) => group !== 'latin');
  const progress: FontKeepProgress = {
    done: 0,
    total: wanted.reduce((n, group) => n + FONT_URLS[group].length, 0),
    bytes: 0,
  };
  const result: KeptFonts = { kept: [], failed: [], bytes: 0 };
  onProgress?.({ ...progress });
  for (const group of wanted) {
    if (signal?.aborted) break;
    let handled = 0;
    try {
      for (const url of FONT_URLS[group]) {
        if (signal?.aborted) break;
        if (!(await cache.match(url))) await cache.add(url);
        progress.bytes += await sizeOf(cache, url);
        progress.done++;
        handled++;
        onProgress?.({ ...progress });
      }
      if (handled === FONT_URLS[group].length) result.kept.push(group);
    } catch {
      result.failed.push(group);
      progress.done += FONT_URLS[group].length - handled;
      onProgress?.({ ...progress });
    }
  }
  result.bytes = progress.bytes;
  return result;
}

/**
 * Takes out of the font cache every file that `needed` does not use (other scripts, and files of
 * older builds), so turning "every font offline" off frees the space without losing what the
 * user's language, templates and data need. Answers the bytes freed.
 */
export async function releaseFontsExcept(
  needed: readonly FontGroup[],
  cacheStorage: CacheStorage = caches,
): Promise<number> {
  const cache = await cacheStorage.open(FONT_CACHE);
  const keep = new Set(needed.flatMap((group) => FONT_URLS[group].map(pathOf)));
  let freed = 0;
  for (const request of await cache.keys()) {
    if (keep.has(pathOf(request.url))) continue;
    freed += await sizeOf(cache, request.url);
    await cache.delete(request);
  }
  return freed;
}

function pathOf(url: string): string {
  return new URL(url, 'http://quire.invalid').pathname;
}
