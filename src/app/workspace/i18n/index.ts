import type { i18n as I18n } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import enUS from './en-US';

export const WORKSPACE_NS = 'workspace';

export interface MessageTree {
  [key: string]: string | MessageTree;
}

// Each language is its own lazy chunk (precached by the service worker), so switching works offline.
const loaders = import.meta.glob<{ default: MessageTree }>(['./*.ts', '!./*.test.ts', '!./index.ts', '!./en-US.ts']);

export async function loadWorkspaceMessages(lng: string): Promise<MessageTree> {
  const load = loaders[`./${lng}.ts`];
  return load ? (await load()).default : (enUS as MessageTree);
}

const loading = new Map<string, Promise<void>>();

/** Add the workspace bundle of `lng` (and the English fallback) to an i18next instance once. */
export function ensureWorkspaceBundle(i18n: I18n, lng: string): Promise<void> {
  if (!i18n.hasResourceBundle('en-US', WORKSPACE_NS)) i18n.addResourceBundle('en-US', WORKSPACE_NS, enUS, true, false);
  if (i18n.hasResourceBundle(lng, WORKSPACE_NS)) return Promise.resolve();
  const key = `${lng}`;
  let pending = loading.get(key);
  if (!pending) {
    pending = loadWorkspaceMessages(lng).then((messages) => {
      i18n.addResourceBundle(lng, WORKSPACE_NS, messages, true, false);
    });
    loading.set(key, pending);
  }
  return pending;
}

/**
 * `t` of the workspace namespace. English is registered synchronously, so the first paint never shows
 * keys; the current language follows as soon as its chunk loads (and again on every language change).
 */
export function useWorkspaceTranslation() {
  const translation = useTranslation(WORKSPACE_NS);
  const { i18n } = translation;
  const [, setReady] = useState(0);
  if (!i18n.hasResourceBundle('en-US', WORKSPACE_NS)) i18n.addResourceBundle('en-US', WORKSPACE_NS, enUS, true, false);
  useEffect(() => {
    let alive = true;
    const load = (lng: string) => {
      void ensureWorkspaceBundle(i18n, lng).then(() => {
        if (alive) setReady((n) => n + 1);
      });
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
