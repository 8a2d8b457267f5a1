/** The 15 interface languages of spec 000 §5, with en-US as the fallback. */
export const SUPPORTED_LANGUAGES = [
  'en-US',
  'zh-CN',
  'zh-TW',
  'zh-HK',
  'ja-JP',
  'vi-VN',
  'id-ID',
  'de-DE',
  'es-ES',
  'fr-FR',
  'it-IT',
  'ko-KR',
  'pt-BR',
  'ru-RU',
  'th-TH',
] as const;

export type Language = (typeof SUPPORTED_LANGUAGES)[number];

export const FALLBACK_LANGUAGE: Language = 'en-US';

/** Each language named in itself, so a reader can find theirs whatever the current language is. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  'en-US': 'English',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文（台灣）',
  'zh-HK': '繁體中文（香港）',
  'ja-JP': '日本語',
  'vi-VN': 'Tiếng Việt',
  'id-ID': 'Bahasa Indonesia',
  'de-DE': 'Deutsch',
  'es-ES': 'Español',
  'fr-FR': 'Français',
  'it-IT': 'Italiano',
  'ko-KR': '한국어',
  'pt-BR': 'Português (Brasil)',
  'ru-RU': 'Русский',
  'th-TH': 'ไทย',
};

// Bare or script-tagged tags that hosts and browsers send (`zh`, `zh-Hant`, `pt`, `en-GB`).
const ALIASES: Record<string, Language> = {
  zh: 'zh-CN',
  'zh-hans': 'zh-CN',
  'zh-sg': 'zh-CN',
  'zh-hant': 'zh-TW',
  'zh-mo': 'zh-HK',
  pt: 'pt-BR',
  en: 'en-US',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/**
 * Map a language tag to a supported language, or undefined when nothing fits.
 * Case and `_` separators are tolerated (`zh_cn`, `JA-jp`); a region we do not
 * ship falls back to the language's primary region (`de-AT` → `de-DE`).
 */
export function matchLanguage(tag: string | null | undefined): Language | undefined {
  if (!tag) return undefined;
  const lower = tag.trim().replace(/_/g, '-').toLowerCase();
  if (!lower) return undefined;
  const exact = SUPPORTED_LANGUAGES.find((lng) => lng.toLowerCase() === lower);
  if (exact) return exact;
  const [primary = '', second = ''] = lower.split('-');
  const alias = ALIASES[`${primary}-${second}`] ?? ALIASES[lower];
  if (alias) return alias;
  if (primary === 'zh' && second.startsWith('hant')) return 'zh-TW';
  if (primary === 'zh') return 'zh-CN';
  return ALIASES[primary] ?? SUPPORTED_LANGUAGES.find((lng) => lng.toLowerCase().startsWith(`${primary}-`));
}

interface LanguageSources {
  /** `lng` query parameter of the current URL. */
  query?: string | null;
  /** The choice saved by the language switcher. */
  stored?: string | null;
  /** navigator.languages, most preferred first. */
  browser?: readonly string[];
}

/** The query parameter wins (hosts pass it), then the saved choice, then the browser, then en-US. */
export function detectLanguage(sources: LanguageSources): Language {
  const candidates = [sources.query, sources.stored, ...(sources.browser ?? [])];
  for (const candidate of candidates) {
    const match = matchLanguage(candidate);
    if (match) return match;
  }
  return FALLBACK_LANGUAGE;
}
