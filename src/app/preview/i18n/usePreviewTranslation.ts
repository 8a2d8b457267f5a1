/**
 * The preview screen's strings live in their own i18next namespace ('preview'). English is bundled;
 * other languages are lazy chunks (precached by the service worker, so switching works offline),
 * registered on first use and on every language change.
 */
import type { i18n as I18n } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import enUS, { type PreviewMessages } from './en-US';

export const PREVIEW_NS = 'preview';

const loaders = import.meta.glob<{ default: PreviewMessages }>([
  './*.ts',
  '!./*.test.ts',
  '!./en-US.ts',
  '!./usePreviewTranslation.ts',
]);

export async function loadPreviewMessages(lng: string): Promise<PreviewMessages> {
  const load = loaders[`./${lng}.ts`];
  return load ? (await load()).default : enUS;
}

const pending = new Map<string, Promise<void>>();

/** Registers the preview bundle of `lng` (and the English fallback) on `i18n` once. */
export function ensurePreviewBundle(i18n: I18n, lng: string): Promise<void> {
  if (!i18n.hasResourceBundle('en-US', PREVIEW_NS)) i18n.addResourceBundle('en-US', PREVIEW_NS, enUS, true, true);
  if (i18n.hasResourceBundle(lng, PREVIEW_NS)) return Promise.resolve();
  let job = pending.get(lng);
  if (!job) {
    job = loadPreviewMessages(lng).then((messages) => {
      i18n.addResourceBundle(lng, PREVIEW_NS, messages, true, true);
    });
    pending.set(lng, job);
  }
  return job;
}

/** `t` of the preview namespace; re-renders once a lazily loaded language has arrived. */
export function usePreviewTranslation() {
  const translation = useTranslation(PREVIEW_NS);
  const { i18n } = translation;
  const [, setLoaded] = useState(0);
  // English synchronously, so the first paint never shows raw keys.
  if (!i18n.hasResourceBundle('en-US', PREVIEW_NS)) i18n.addResourceBundle('en-US', PREVIEW_NS, enUS, true, true);
  useEffect(() => {
    let alive = true;
    const load = (lng: string) => {
      void ensurePreviewBundle(i18n, lng).then(() => alive && setLoaded((n) => n + 1));
    };
    load(i18n.language);
    i18n.on('languageChanged', load);
    return () => {
      alive = false;
      i18n.off('languageChanged', load);
    };
  }, [i18n]);
  return translation;
}
