/**
 * The checks every feature's translation namespace must pass, for its `i18n.test.ts`: every
 * language has English's keys (plural forms folded, since languages differ in them), no empty
 * string, the same `{{placeholders}}`, and is not left in English.
 */
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from './languages';

interface Tree {
  [key: string]: string | Tree;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Leaf keys with plural suffixes folded, each with its texts. */
function keys(tree: Tree, prefix = ''): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') {
      const base = path.replace(PLURAL, '');
      out.set(base, [...(out.get(base) ?? []), value]);
    } else for (const [k, v] of keys(value, path)) out.set(k, [...(out.get(k) ?? []), ...v]);
  }
  return out;
}

const placeholders = (texts: string[]) => [
  ...new Set(texts.flatMap((t) => [...t.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]))),
];

export interface TranslationSuiteOptions {
  /** Keys whose text is the same in every language (product names such as "Word"). */
  sameEverywhere?: readonly string[];
  /** Borrowed words allowed to read as in English; a language at this count is left untranslated. */
  maxIdentical?: number;
}

/** Declares the namespace's translation tests (call at the top level of an `i18n.test.ts`). */
export function describeTranslations(
  namespace: string,
  english: object,
  loadMessages: (lng: string) => Promise<object>,
  options: TranslationSuiteOptions = {},
): void {
  const sameEverywhere = new Set(options.sameEverywhere ?? []);
  const maxIdentical = options.maxIdentical ?? 6;
  describe(`${namespace} translations`, () => {
    const reference = keys(english as Tree);

    it.each(SUPPORTED_LANGUAGES.filter((lng) => lng !== 'en-US'))(
      '%s has every key, translated, with the same placeholders',
      async (lng) => {
        const translated = keys((await loadMessages(lng)) as Tree);
        expect([...translated.keys()].sort()).toEqual([...reference.keys()].sort());
        let same = 0;
        for (const [key, texts] of reference) {
          const other = translated.get(key) ?? [];
          expect(
            other.every((t) => t.trim() !== ''),
            `${lng} ${key} is empty`,
          ).toBe(true);
          if (!sameEverywhere.has(key) && other.some((t) => texts.includes(t))) same++;
          for (const name of placeholders(texts)) {
            // A plural form may say "one" in words instead of {{count}}.
            if (name === 'count' && texts.length > 1) continue;
            expect(
              other.some((t) => t.includes(`{{${name}}}`)),
              `${lng} ${key} lacks {{${name}}}`,
            ).toBe(true);
          }
        }
        expect(same, `${lng}: strings identical to English`).toBeLessThan(maxIdentical);
      },
    );
  });
}
