import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { detectLanguage, FALLBACK_LANGUAGE, type Language, matchLanguage } from './languages';
import enUS from './locales/en-US/translation.json';
import { loadResource, type Resources } from './resources';

export { type DisplayError, formatErrorForDisplay, type Translate, toastText, toTranslate } from './formatError';
export * from './languages';
export type { AppNamespace, MessageKey, Namespace, Resources } from './resources';

/** The messages of the default namespace. */
export type Messages = Resources['translation'];

/** localStorage key of the language the user chose. */
const LANGUAGE_STORAGE_KEY = 'quire.language';

// Locales are bundled with the app (lazy chunks, precached by the service worker): nothing is fetched
// from another origin and a language switch works offline.
export async function loadMessages(lng: Language): Promise<Messages> {
  return (await loadResource(lng, 'translation')) ?? enUS;
}

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

interface SetupOptions {
  /** location.search, for the `lng` parameter. */
  search?: string;
  storage?: KeyValueStore;
  browserLanguages?: readonly string[];
}

function readStored(storage: KeyValueStore | undefined): string | null {
  try {
    return storage?.getItem(LANGUAGE_STORAGE_KEY) ?? null;
  } catch {
    return null; // storage can be blocked (private mode, sandboxed iframe)
  }
}

function writeStored(storage: KeyValueStore | undefined, lng: Language): void {
  try {
    storage?.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // the choice then lasts for this page only
  }
}

/** Create a ready i18next instance in the detected language. */
export async function setupI18n(options: SetupOptions = {}): Promise<I18n> {
  const query = new URLSearchParams(options.search ?? '').get('lng');
  const lng = detectLanguage({ query, stored: readStored(options.storage), browser: options.browserLanguages });
  // A host that passes `lng` is telling us the user's language: keep it for later visits too.
  if (matchLanguage(query)) writeStored(options.storage, lng);
  const resources: Record<string, { translation: Messages }> = { [FALLBACK_LANGUAGE]: { translation: enUS } };
  if (lng !== FALLBACK_LANGUAGE) resources[lng] = { translation: await loadMessages(lng) };
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: false,
    load: 'currentOnly',
    resources,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
  return instance;
}

/** Switch language (loading its bundle first) and remember the choice. */
export async function changeLanguage(instance: I18n, lng: Language, storage?: KeyValueStore): Promise<void> {
  if (!instance.hasResourceBundle(lng, 'translation')) {
    instance.addResourceBundle(lng, 'translation', await loadMessages(lng));
  }
  await instance.changeLanguage(lng);
  writeStored(storage, lng);
}
