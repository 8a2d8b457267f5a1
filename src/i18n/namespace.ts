/**
 * Feature areas (editor, preview, workspace…) keep their strings in an i18next namespace of their
 * own (`locales/<lng>/<namespace>.json`). English is bundled with the feature and registered
 * synchronously, so a first paint never shows raw keys; other languages are lazy chunks
 * (precached by the service worker, so switching works offline), registered on first use and on
 * every language change.
 */
import type { i18n as I18n } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FALLBACK_LANGUAGE } from './languages';
import { type AppNamespace, loadResource, type Resources } from './resources';

interface TranslationNamespace<N extends AppNamespace> {
  ns: N;
  /** Messages of `lng`; English when the language has no file. */
  loadMessages(lng: string): Promise<Resources[N]>;
  /** Registers the bundle of `lng` (and the English fallback) on `i18n` once. */
  ensureBundle(i18n: I18n, lng: string): Promise<void>;
  english: Resources[N];
}

/** `english` is the feature's static import of `locales/en-US/<ns>.json`. */
export function defineTranslationNamespace<N extends AppNamespace>(
  ns: N,
  english: Resources[N],
): TranslationNamespace<N> {
  const pending = new Map<string, Promise<void>>();

  async function loadMessages(lng: string): Promise<Resources[N]> {
    return (await loadResource(lng, ns)) ?? english;
  }

  function ensureBundle(i18n: I18n, lng: string): Promise<void> {
    registerEnglish(i18n, ns, english);
    if (i18n.hasResourceBundle(lng, ns)) return Promise.resolve();
    let job = pending.get(lng);
    if (!job) {
      job = loadMessages(lng).then((messages) => {
        i18n.addResourceBundle(lng, ns, messages, true, true);
      });
      pending.set(lng, job);
    }
    return job;
  }

  return { ns, english, loadMessages, ensureBundle };
}

function registerEnglish(i18n: I18n, ns: string, english: object): void {
  if (!i18n.hasResourceBundle(FALLBACK_LANGUAGE, ns))
    i18n.addResourceBundle(FALLBACK_LANGUAGE, ns, english, true, true);
}

/** `t` of a feature namespace (keys typed); re-renders once a lazily loaded language has arrived. */
export function useNamespaceTranslation<N extends AppNamespace>(namespace: TranslationNamespace<N>) {
  const translation = useTranslation(namespace.ns);
  const { i18n } = translation;
  const [, setLoaded] = useState(0);
  registerEnglish(i18n, namespace.ns, namespace.english);
  useEffect(() => {
    let alive = true;
    const load = (lng: string) => {
      void namespace.ensureBundle(i18n, lng).then(() => alive && setLoaded((n) => n + 1));
    };
    load(i18n.language);
    i18n.on('languageChanged', load);
    return () => {
      alive = false;
      i18n.off('languageChanged', load);
    };
  }, [i18n, namespace]);
  return translation;
}
