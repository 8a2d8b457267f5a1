import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '../../../i18n/languages';
import enUS from './en-US';
import { loadCanvasMessages } from './useCanvasTranslation';

interface Tree {
  [key: string]: string | Tree;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Leaf keys with plural suffixes folded (languages differ in plural forms, not in keys). */
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

/** Strings that are the same in every language: product names. */
const SAME_EVERYWHERE = new Set<string>();

describe('canvas translations', () => {
  const english = keys(enUS as unknown as Tree);

  it.each(SUPPORTED_LANGUAGES.filter((lng) => lng !== 'en-US'))(
    '%s has every key, translated, with the same placeholders',
    async (lng) => {
      const translated = keys((await loadCanvasMessages(lng)) as unknown as Tree);
      expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
      let same = 0;
      for (const [key, texts] of english) {
        const other = translated.get(key) ?? [];
        expect(
          other.every((t) => t.trim() !== ''),
          `${lng} ${key} is empty`,
        ).toBe(true);
        if (!SAME_EVERYWHERE.has(key) && other.some((t) => texts.includes(t))) same++;
        for (const name of placeholders(texts)) {
          // A plural form may say "one" in words instead of {{count}}.
          if (name === 'count' && texts.length > 1) continue;
          expect(
            other.some((t) => t.includes(`{{${name}}}`)),
            `${lng} ${key} lacks {{${name}}}`,
          ).toBe(true);
        }
      }
      // Words such as "Tag" or "Record" may be borrowed; a language left in English is not.
      expect(same, `${lng}: strings identical to English`).toBeLessThan(6);
    },
  );
});
