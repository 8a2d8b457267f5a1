import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '../../../i18n/languages';
import enUS from './en-US';

const modules = import.meta.glob<{ default: Record<string, unknown> }>(
  ['./*.ts', '!./*.test.ts', '!./useEditorTranslation.ts'],
  { eager: true },
);

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!).sort();
}

function get(obj: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], obj);
}

describe('editor translations', () => {
  const english = keys(enUS).sort();

  it.each(SUPPORTED_LANGUAGES)('%s has every key, no extra key, and the same placeholders', (lng) => {
    const messages = modules[`./${lng}.ts`]?.default;
    expect(messages, `src/app/editor/i18n/${lng}.ts`).toBeDefined();
    expect(keys(messages).sort()).toEqual(english);
    for (const key of english) {
      const text = get(messages, key);
      expect(typeof text, key).toBe('string');
      expect((text as string).trim(), key).not.toBe('');
      expect(placeholders(text as string), `${lng} ${key}`).toEqual(placeholders(get(enUS, key) as string));
    }
  });

  it('non-English languages are translated, not copies of English', () => {
    for (const lng of SUPPORTED_LANGUAGES.filter((l) => l !== 'en-US')) {
      const messages = modules[`./${lng}.ts`]?.default;
      // Symbols (=, ≠, >) read the same everywhere and are not counted; a few names may be the same, the
      // rest must be translated.
      const words = english.filter((key) => /\p{L}/u.test(get(enUS, key) as string));
      const same = words.filter((key) => get(messages, key) === get(enUS, key));
      expect(same.length, `${lng}: ${same.join(', ')}`).toBeLessThan(words.length * 0.1);
    }
  });
});
