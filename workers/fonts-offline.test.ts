import { describe, expect, it } from 'vitest';
import { FONT_URLS } from '../wasm/fonts-browser';
import { fontGroupsForLanguage, keepFontsOffline } from './fonts-offline';

/** A CacheStorage with one cache whose `add` can be made to fail for some URLs. */
function fakeCaches(failing: (url: string) => boolean = () => false) {
  const stored = new Set<string>();
  const fetched: string[] = [];
  const cache = {
    match: async (url: string) => (stored.has(url) ? new Response('') : undefined),
    add: async (url: string) => {
      fetched.push(url);
      if (failing(url)) throw new TypeError('Failed to fetch');
      stored.add(url);
    },
  };
  const storage = { open: async () => cache } as unknown as CacheStorage;
  return { storage, stored, fetched };
}

describe('fonts kept for offline use', () => {
  it('asks for the scripts of the interface language, Latin alone for most', () => {
    expect(fontGroupsForLanguage('en-US')).toEqual(['latin']);
    expect(fontGroupsForLanguage('de-DE')).toEqual(['latin']);
    expect(fontGroupsForLanguage('zh-CN')).toEqual(['latin', 'sc']);
    expect(fontGroupsForLanguage('zh-TW')).toEqual(['latin', 'sc', 'tc']);
    expect(fontGroupsForLanguage('ja-JP')).toEqual(['latin', 'sc', 'jp']);
    expect(fontGroupsForLanguage('ko-KR')).toEqual(['latin', 'kr']);
    expect(fontGroupsForLanguage('th-TH')).toEqual(['latin', 'thai']);
  });

  it('stores every file of each group once, skips Latin (precached) and files already kept', async () => {
    const { storage, stored, fetched } = fakeCaches();
    expect(await keepFontsOffline(['latin', 'sc', 'thai'], storage)).toEqual({ kept: ['sc', 'thai'], failed: [] });
    expect([...stored].sort()).toEqual([...FONT_URLS.sc, ...FONT_URLS.thai].sort());
    await keepFontsOffline(['sc'], storage);
    expect(fetched.length).toBe(FONT_URLS.sc.length + FONT_URLS.thai.length);
  });

  it('reports a group it could not fetch and still keeps the others', async () => {
    const { storage } = fakeCaches((url) => FONT_URLS.jp.includes(url));
    expect(await keepFontsOffline(['jp', 'kr'], storage)).toEqual({ kept: ['kr'], failed: ['jp'] });
  });
});
