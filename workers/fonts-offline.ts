/**
 * Keeping the large scripts' fonts on the device before they are needed offline. They are not
 * precached (wasm/font-cache.ts); the app calls `keepFontsOffline` while online with the groups
 * its language and its stored templates and data need. Files already kept are not fetched again.
 */
import { FONT_CACHE } from '../wasm/font-cache';
import { type FontGroup, fontGroupsForText } from '../wasm/fonts';
import { FONT_URLS } from '../wasm/fonts-browser';

export type { FontGroup };

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

export interface KeptFonts {
  /** Groups whose files are all in the font cache now. */
  kept: FontGroup[];
  /** Groups that could not be fetched (offline, server error); tried again next time. */
  failed: FontGroup[];
}

/** Puts every file of `groups` into the font cache (Latin is precached and skipped). */
export async function keepFontsOffline(
  groups: readonly FontGroup[],
  cacheStorage: CacheStorage = caches,
): Promise<KeptFonts> {
  const cache = await cacheStorage.open(FONT_CACHE);
  const result: KeptFonts = { kept: [], failed: [] };
  for (const group of new Set(groups)) {
    if (group === 'latin') continue;
    try {
      for (const url of FONT_URLS[group]) if (!(await cache.match(url))) await cache.add(url);
      result.kept.push(group);
    } catch {
      result.failed.push(group);
    }
  }
  return result;
}
