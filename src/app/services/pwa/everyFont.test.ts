import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { FONT_URLS } from '../../../../wasm/fonts-browser';
import { ON_DEMAND_FONT_GROUPS } from '../../../../workers/fonts-offline';
import enUS from '../../../i18n/locales/en-US/translation.json';
import { openTestStorage } from '../../../storage/testing';
import {
  chooseEveryFont,
  type EveryFontState,
  everyFontAtom,
  everyFontChosen,
  keepEveryFont,
  stopKeepingEveryFont,
} from './everyFont';
import { keepNeededFonts } from './fontCache';
import { everyFontStatus } from './OfflineFonts';

const BASE = 'http://quire.test';
const SIZE = 2_500_000;
const href = (url: string) => new URL(url, BASE).href;

/** A CacheStorage of one cache; `offline` makes every fetch fail. */
function fakeCaches() {
  const stored = new Set<string>();
  const net = { offline: false };
  const cache = {
    match: async (url: string) => (stored.has(href(url)) ? new Response(new Uint8Array(SIZE)) : undefined),
    add: async (url: string) => {
      if (net.offline) throw new TypeError('Failed to fetch');
      stored.add(href(url));
    },
    keys: async () => [...stored].map((url) => new Request(url)),
    delete: async (request: Request) => stored.delete(request.url),
  };
  return { cacheStorage: { open: async () => cache } as unknown as CacheStorage, stored, net };
}

function memoryChoices() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const every = ON_DEMAND_FONT_GROUPS.flatMap((group) => FONT_URLS[group]).map(href);

describe('the "every font offline" setting', () => {
  it('is kept per browser, off until chosen', () => {
    const choices = memoryChoices();
    expect(everyFontChosen(choices)).toBe(false);
    chooseEveryFont(true, choices);
    expect(everyFontChosen(choices)).toBe(true);
    chooseEveryFont(false, choices);
    expect(everyFontChosen(choices)).toBe(false);
  });

  it('downloads every shipped group with progress, then says it is done with the size', async () => {
    const { cacheStorage, stored } = fakeCaches();
    const store = createStore();
    const seen: EveryFontState[] = [];
    store.sub(everyFontAtom, () => seen.push(store.get(everyFontAtom)));
    const result = await keepEveryFont({ cacheStorage, store });
    expect(result.failed).toEqual([]);
    expect([...stored].sort()).toEqual([...every].sort());
    expect(seen[0]).toEqual({ phase: 'downloading', done: 0, total: every.length, bytes: 0 });
    expect(seen.at(-2)).toEqual({
      phase: 'downloading',
      done: every.length,
      total: every.length,
      bytes: every.length * SIZE,
    });
    expect(store.get(everyFontAtom)).toEqual({ phase: 'ready', bytes: every.length * SIZE });
  });

  it('offline, says which fonts it could not download', async () => {
    const { cacheStorage, net } = fakeCaches();
    net.offline = true;
    const store = createStore();
    await keepEveryFont({ cacheStorage, store });
    expect(store.get(everyFontAtom)).toEqual({ phase: 'failed', failed: [...ON_DEMAND_FONT_GROUPS], bytes: 0 });
  });

  it('turned off, keeps the fonts the language and stored data need and frees the rest', async () => {
    const { cacheStorage, stored } = fakeCaches();
    const store = createStore();
    const choices = memoryChoices();
    chooseEveryFont(true, choices);
    await keepEveryFont({ cacheStorage, store });
    const freed = await stopKeepingEveryFont(['latin', 'sc', 'thai'], { cacheStorage, store }, choices);
    expect([...stored].sort()).toEqual([...FONT_URLS.sc, ...FONT_URLS.thai].map(href).sort());
    expect(freed).toBe((every.length - 4) * SIZE);
    expect(everyFontChosen(choices)).toBe(false);
    expect(store.get(everyFontAtom)).toEqual({ phase: 'released' });
  });

  it("is honoured on a later start: the keeper fetches every group of this build and drops older builds' files", async () => {
    const storage = await openTestStorage();
    const off = fakeCaches();
    await keepNeededFonts({ lang: 'en-US', storage, everyFont: false, cacheStorage: off.cacheStorage });
    expect(off.stored.size).toBe(0);
    const on = fakeCaches();
    // A font an older build shipped under another name: nothing asks for it any more.
    on.stored.add(href('/assets/NotoSansSC_400Regular-OLDBUILD.ttf'));
    await keepNeededFonts({ lang: 'en-US', storage, everyFont: true, cacheStorage: on.cacheStorage });
    expect([...on.stored].sort()).toEqual([...every].sort());
  });
});

describe('what the user reads', () => {
  const t = (key: string, options?: Record<string, unknown>) => {
    const path = key.split('.');
    let text: unknown = enUS;
    for (const part of path) text = (text as Record<string, unknown>)[part];
    return String(text).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options?.[name]));
  };

  it('shows progress, the result with its size, and the fonts not downloaded', () => {
    expect(everyFontStatus({ phase: 'downloading', done: 3, total: 10, bytes: 21_100_000 }, 'en-US', t)).toBe(
      'Downloading fonts: 3 of 10 files (21.1 MB)',
    );
    expect(everyFontStatus({ phase: 'ready', bytes: 58_727_712 }, 'en-US', t)).toBe(
      'Every font is on this device (58.7 MB).',
    );
    expect(everyFontStatus({ phase: 'failed', failed: ['sc', 'kr'], bytes: 0 }, 'en-US', t)).toBe(
      'Not downloaded: Noto Sans SC and Noto Sans KR. Quire tries again when the network is back.',
    );
    expect(everyFontStatus({ phase: 'idle' }, 'en-US', t)).toBeUndefined();
  });
});
