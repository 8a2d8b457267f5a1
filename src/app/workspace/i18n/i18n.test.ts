import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '../../../i18n/languages';
import enUS from './en-US';
import { loadWorkspaceMessages, type MessageTree } from './index';

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Leaf keys with plural suffixes folded (languages differ in plural forms, not in keys). */
function keys(tree: MessageTree, prefix = ''): Map<string, string[]> {
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

const placeholders = (texts: string[]) =>
  [...new Set(texts.flatMap((t) => [...t.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1])))].sort();

describe('workspace translations', () => {
  const english = keys(enUS as MessageTree);

  it.each(SUPPORTED_LANGUAGES.filter((lng) => lng !== 'en-US'))(
    '%s has every key, with the same placeholders',
    async (lng) => {
      const messages = await loadWorkspaceMessages(lng);
      expect(messages).not.toBe(enUS);
      const translated = keys(messages);
      expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, texts] of english) {
        const other = translated.get(key) ?? [];
        expect(
          other.every((t) => t.trim() !== ''),
          `${lng} ${key} is empty`,
        ).toBe(true);
        // Every placeholder the English text uses is used (the count may be implied by the plural form).
        const needed = placeholders(texts).filter((p) => p !== 'count' || !texts.some((t) => !t.includes('{{count}}')));
        for (const name of needed) {
          if (name === 'count' && other.length > 0 && texts.length > 1) continue;
          expect(
            other.some((t) => t.includes(`{{${name}}}`)),
            `${lng} ${key} lacks {{${name}}}`,
          ).toBe(true);
        }
      }
    },
  );

  it('has no English left in place of a translation for the main titles', async () => {
    for (const lng of SUPPORTED_LANGUAGES.filter((l) => l !== 'en-US')) {
      const messages = (await loadWorkspaceMessages(lng)) as typeof enUS;
      expect(messages.tables.title, lng).not.toBe(enUS.tables.title);
      expect(messages.import.title, lng).not.toBe(enUS.import.title);
    }
  });
});
