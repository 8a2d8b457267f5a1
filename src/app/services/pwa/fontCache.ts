/**
 * Fonts for offline printing: while online, the tab keeps the Chinese, Japanese, Korean or Thai
 * fonts that the interface language and the stored templates and records need (workers/
 * fonts-offline.ts), so a document in those scripts still prints after the network is gone. It
 * runs after start-up, when the language changes, when the network comes back, and a while after
 * local data changes (an import of Chinese records, say). With "Make every font available offline"
 * chosen (`everyFont.ts`) it keeps every shipped script as well, so a newer build's fonts arrive too.
 */
import type { i18n as I18n } from 'i18next';
import {
  type FontGroup,
  fontGroupsForLanguage,
  fontGroupsForStoredText,
  keepFontsOffline,
  ON_DEMAND_FONT_GROUPS,
  releaseFontsExcept,
} from '../../../../workers/fonts-offline';
import type { Storage } from '../../../storage';
import { everyFontChosen, keepEveryFont } from './everyFont';

/** Records of each table read to find their scripts: enough to see what a table holds. */
const RECORDS_SAMPLED = 200;
const AFTER_START_MS = 3_000;
const AFTER_CHANGE_MS = 10_000;

/** The groups stored templates and the first records of each table need. */
export async function fontGroupsInStorage(storage: Storage, lang: string): Promise<FontGroup[]> {
  const parts: string[] = [];
  for (const template of await storage.templates.list()) {
    parts.push(typeof template.content === 'string' ? template.content : JSON.stringify(template.content ?? ''));
  }
  for (const base of await storage.bases.list()) {
    for (const table of await storage.tables.listByBase(base.id)) {
      parts.push(JSON.stringify(await storage.records.page(table.id, 0, RECORDS_SAMPLED)));
    }
  }
  return fontGroupsForStoredText(parts.join('\n'), lang);
}

/** The groups this device must keep: the language's, the stored data's, and every one when chosen. */
export async function keepNeededFonts({
  lang,
  storage,
  everyFont,
  cacheStorage = caches,
}: {
  lang: string;
  storage: Storage | undefined;
  everyFont: boolean;
  cacheStorage?: CacheStorage;
}): Promise<void> {
  if (everyFont) {
    const every = await keepEveryFont({ cacheStorage });
    // Every current file is kept: files an older build named otherwise would only double the space.
    if (every.failed.length === 0) await releaseFontsExcept(ON_DEMAND_FONT_GROUPS, cacheStorage);
  }
  const stored = storage ? await fontGroupsInStorage(storage, lang) : [];
  await keepFontsOffline([...fontGroupsForLanguage(lang), ...stored], { cacheStorage });
}

interface FontKeeperOptions {
  i18n: I18n;
  /** The workspace once the tab has opened it (its templates and records are scanned then). */
  openedStorage: () => Promise<Storage> | undefined;
}

/** How often the keeper looks whether the workspace has been opened since. */
const OPENED_CHECK_MS = 15_000;

/** Starts keeping fonts offline for this tab; returns a stop function. */
export function startKeepingFontsOffline({ i18n, openedStorage }: FontKeeperOptions): () => void {
  if (typeof caches === 'undefined') return () => undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let unsubscribe: (() => void) | undefined;
  const run = async () => {
    if (running || !navigator.onLine) return;
    running = true;
    try {
      const lang = i18n.language;
      const opened = openedStorage();
      const storage = opened ? await opened : undefined;
      if (storage && !unsubscribe) unsubscribe = storage.changes.subscribe(() => schedule(AFTER_CHANGE_MS));
      await keepNeededFonts({ lang, storage, everyFont: everyFontChosen() });
    } catch {
      // Best effort: the next trigger tries again; a document needing a missing font says so.
    } finally {
      running = false;
    }
  };
  function schedule(delay: number) {
    clearTimeout(timer);
    timer = setTimeout(() => void run(), delay);
  }
  const onOnline = () => schedule(0);
  const onLanguage = () => schedule(0);
  window.addEventListener('online', onOnline);
  i18n.on('languageChanged', onLanguage);
  // The workspace opens when the user first goes there: its data is scanned from then on.
  const watch = setInterval(() => {
    if (!unsubscribe && openedStorage()) schedule(0);
  }, OPENED_CHECK_MS);
  schedule(AFTER_START_MS);
  return () => {
    clearTimeout(timer);
    clearInterval(watch);
    window.removeEventListener('online', onOnline);
    i18n.off('languageChanged', onLanguage);
    unsubscribe?.();
  };
}
