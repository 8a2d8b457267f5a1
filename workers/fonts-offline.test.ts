import { describe, expect, it } from 'vitest';
import { FONT_URLS } from '../wasm/fonts-browser';
import {
  type FontKeepProgress,
  fontGroupsForLanguage,
  keepFontsOffline,
  ON_DEMAND_FONT_GROUPS,
  releaseFontsExcept,
} from './fonts-offline';

const BASE = 'http://quire.test';
const SIZE = 1000;

/** A CacheStorage with one cache whose `add` can be made to fail for some URLs. */
function fakeCaches(failing: (url: string) => boolean = () => false) {
  const stored = new Set<string>();
  const fetched: string[] = [];
  const has = (url: string) => [...stored].some((kept) => new URL(kept, BASE).href === new URL(url, BASE).href);
  const cache = {
    match: async (url: string) => (has(url) ? new Response(new Uint8Array(SIZE)) : undefined),
    add: async (url: string) => {
      fetched.push(url);
      if (failing(url)) throw new TypeError('Failed to fetch');
      stored.add(url);
    },
    keys: async () => [...stored].map((url) => new Request(new URL(url, BASE))),
    delete: async (request: Request) => {
      for (const url of stored) if (new URL(url, BASE).href === request.url) stored.delete(url);
      return true;
    },
  };
  const cacheStorage = { open: async () => cache } as unknown as CacheStorage;
  return { cacheStorage, stored, fetched };
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
    const { cacheStorage, stored, fetched } = fakeCaches();
    const kept = await keepFontsOffline(['latin', 'sc', 'thai'], { cacheStorage });
    expect(kept).toEqual({ kept: ['sc', 'thai'], failed: [], bytes: 4 * SIZE });
    expect([...stored].sort()).toEqual([...FONT_URLS.sc, ...FONT_URLS.thai].sort());
    await keepFontsOffline(['sc'], { cacheStorage });
    expect(fetched.length).toBe(FONT_URLS.sc.length + FONT_URLS.thai.length);
  });

  it('reports a group it could not fetch and still keeps the others', async () => {
    const { cacheStorage } = fakeCaches((url) => FONT_URLS.jp.includes(url));
    expect(await keepFontsOffline(['jp', 'kr'], { cacheStorage })).toEqual({
      kept: ['kr'],
      failed: ['jp'],
      bytes: FONT_URLS.kr.length * SIZE,
    });
  });

  it('reports progress file by file up to the total, failed groups counted as handled', async () => {
    const { cacheStorage } = fakeCaches((url) => url === FONT_URLS.tc[0]);
    const seen: FontKeepProgress[] = [];
    await keepFontsOffline(ON_DEMAND_FONT_GROUPS, { cacheStorage, onProgress: (p) => seen.push(p) });
    const total = ON_DEMAND_FONT_GROUPS.reduce((n, g) => n + FONT_URLS[g].length, 0);
    expect(ON_DEMAND_FONT_GROUPS).toEqual(['thai', 'sc', 'tc', 'jp', 'kr']);
    expect(seen[0]).toEqual({ done: 0, total, bytes: 0 });
    expect(seen.at(-1)).toEqual({ done: total, total, bytes: (total - FONT_URLS.tc.length) * SIZE });
    expect(seen.map((p) => p.done)).toEqual([...seen.map((p) => p.done)].sort((a, b) => a - b));
  });

  it('stops between files when its signal aborts', async () => {
    const { cacheStorage, stored } = fakeCaches();
    const stop = new AbortController();
    const kept = await keepFontsOffline(ON_DEMAND_FONT_GROUPS, {
      cacheStorage,
      signal: stop.signal,
      onProgress: (p) => p.done === 1 && stop.abort(),
    });
    expect(stored.size).toBe(1);
    expect(kept.kept).toEqual([]);
  });

  it('releases every other file and keeps the groups still needed', async () => {
    const { cacheStorage, stored } = fakeCaches();
    await keepFontsOffline(ON_DEMAND_FONT_GROUPS, { cacheStorage });
    stored.add('/assets/NotoSansSC_400Regular-OLDBUILD.ttf');
    const freed = await releaseFontsExcept(['latin', 'kr'], cacheStorage);
    expect([...stored].sort()).toEqual([...FONT_URLS.kr].sort());
    expect(freed).toBe((1 + 8) * SIZE);
  });
});
