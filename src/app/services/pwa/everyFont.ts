/**
 * "Make every font available offline": the user's choice (kept per browser), the run that puts
 * every shipped script's fonts into the font cache with its progress for the settings screen, and
 * turning it off, which frees only what the user's language, templates and data do not need.
 * With the choice on, each later start runs it again (`fontCache.ts`), so fonts a newer build
 * ships are fetched too; files already kept are not fetched again.
 */
import { atom, type createStore, getDefaultStore } from 'jotai';
import {
  type FontGroup,
  type KeptFonts,
  keepFontsOffline,
  ON_DEMAND_FONT_GROUPS,
  releaseFontsExcept,
} from '../../../../workers/fonts-offline';
import { browserStorage } from '../auth/session';

const EVERY_FONT_KEY = 'quire.fonts.everyOffline';

type Choices = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;
type Store = ReturnType<typeof createStore>;

export type EveryFontState =
  | { phase: 'idle' }
  | { phase: 'downloading'; done: number; total: number; bytes: number }
  | { phase: 'ready'; bytes: number }
  | { phase: 'failed'; failed: FontGroup[]; bytes: number }
  | { phase: 'released' };

export const everyFontAtom = atom<EveryFontState>({ phase: 'idle' });

export function everyFontChosen(choices: Choices = browserStorage()): boolean {
  return choices.getItem(EVERY_FONT_KEY) === 'on';
}

export function chooseEveryFont(on: boolean, choices: Choices = browserStorage()): void {
  if (on) choices.setItem(EVERY_FONT_KEY, 'on');
  else choices.removeItem(EVERY_FONT_KEY);
}

interface EveryFontDeps {
  cacheStorage?: CacheStorage;
  store?: Store;
}

let current: { promise: Promise<KeptFonts>; stop: AbortController } | undefined;

/**
 * Keeps every shipped font group; one run at a time (the settings screen and the start-up keeper
 * share it). Progress and the result go to `everyFontAtom`.
 */
export function keepEveryFont({ cacheStorage = caches, store = getDefaultStore() }: EveryFontDeps = {}) {
  if (current) return current.promise;
  const stop = new AbortController();
  const promise = keepFontsOffline(ON_DEMAND_FONT_GROUPS, {
    cacheStorage,
    signal: stop.signal,
    onProgress: (progress) => store.set(everyFontAtom, { phase: 'downloading', ...progress }),
  })
    .then((result) => {
      if (!stop.signal.aborted)
        store.set(
          everyFontAtom,
          result.failed.length > 0
            ? { phase: 'failed', failed: result.failed, bytes: result.bytes }
            : { phase: 'ready', bytes: result.bytes },
        );
      return result;
    })
    .finally(() => {
      if (current?.stop === stop) current = undefined;
    });
  current = { promise, stop };
  return promise;
}

/**
 * Turns the choice off: a running download stops between files, then the font cache keeps only
 * the groups in `needed` (the language's and the stored templates' and records'). Answers the
 * bytes freed.
 */
export async function stopKeepingEveryFont(
  needed: readonly FontGroup[],
  { cacheStorage = caches, store = getDefaultStore() }: EveryFontDeps = {},
  choices: Choices = browserStorage(),
): Promise<number> {
  chooseEveryFont(false, choices);
  const running = current;
  running?.stop.abort();
  await running?.promise.catch(() => undefined);
  const freed = await releaseFontsExcept(needed, cacheStorage);
  store.set(everyFontAtom, { phase: 'released' });
  return freed;
}
