/**
 * The editor's translations live in their own i18next namespace ('editor') so the editor can grow
 * without touching the app's locale files. English is bundled; other languages load lazily (their
 * own chunks, precached like the app's) when first needed and on every language change.
 */
import type { i18n as I18n } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import enUS, { type EditorMessages } from './en-US';

export const EDITOR_NS = 'editor';

const loaders = import.meta.glob<{ default: EditorMessages }>([
  './*.ts',
  '!./*.test.ts',
  '!./en-US.ts',
  '!./useEditorTranslation.ts',
]);

export async function loadEditorMessages(lng: string): Promise<EditorMessages> {
  const load = loaders[`./${lng}.ts`];
  return load ? (await load()).default : enUS;
}

const pending = new Map<string, Promise<void>>();

/** Makes sure the editor bundle of `lng` (and the English fallback) is registered on `i18n`. */
export function ensureEditorBundle(i18n: I18n, lng: string): Promise<void> {
  if (!i18n.hasResourceBundle('en-US', EDITOR_NS)) i18n.addResourceBundle('en-US', EDITOR_NS, enUS, true, true);
  if (i18n.hasResourceBundle(lng, EDITOR_NS)) return Promise.resolve();
  let job = pending.get(lng);
  if (!job) {
    job = loadEditorMessages(lng).then((messages) => {
      i18n.addResourceBundle(lng, EDITOR_NS, messages, true, true);
    });
    pending.set(lng, job);
  }
  return job;
}

/** `t` of the editor namespace; re-renders once a lazily loaded language arrives. */
export function useEditorTranslation() {
  const { t, i18n } = useTranslation(EDITOR_NS);
  const [, setLoaded] = useState(0);
  ensureEditorBundle(i18n, i18n.language);
  useEffect(() => {
    let alive = true;
    const load = (lng: string) => {
      void ensureEditorBundle(i18n, lng).then(() => alive && setLoaded((n) => n + 1));
    };
    load(i18n.language);
    i18n.on('languageChanged', load);
    return () => {
      alive = false;
      i18n.off('languageChanged', load);
    };
  }, [i18n]);
  return { t, i18n, lang: i18n.language };
}
