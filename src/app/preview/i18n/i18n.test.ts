import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '../../../i18n/languages';
import enUS from './en-US';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

const english = leaves(enUS as Tree);
const bundles = import.meta.glob<{ default: Tree }>('./[a-z][a-z]-[A-Z][A-Z].ts', { eager: true });

describe('preview translations', () => {
  it('has a bundle for each of the 15 UI languages, and no others', () => {
    const files = readdirSync(__dirname)
      .filter((f) => /^[a-z]{2}-[A-Z]{2}\.ts$/.test(f))
      .map((f) => f.replace('.ts', ''))
      .sort();
    expect(files).toEqual([...SUPPORTED_LANGUAGES].sort());
    expect(files).toHaveLength(15);
  });

  for (const lng of SUPPORTED_LANGUAGES.filter((l) => l !== 'en-US')) {
    it(`${lng}: every key exists, is translated and keeps its placeholders`, () => {
      const bundle = bundles[`./${lng}.ts`];
      expect(bundle, lng).toBeDefined();
      const messages = leaves(bundle!.default);
      expect([...messages.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, text] of messages) {
        expect(text.trim(), `${lng} ${key}`).not.toBe('');
        expect(placeholders(text), `${lng} ${key}`).toEqual(placeholders(english.get(key)!));
      }
      // A copy of the English bundle would pass the checks above; real translations differ.
      const same = [...messages].filter(
        ([key, text]) => text === english.get(key) && !/^(PDF|Zoom|Details|Dokument)/.test(text),
      );
      expect(same.length, `${lng} untranslated: ${same.map(([k]) => k).join(', ')}`).toBeLessThanOrEqual(3);
    });
  }
});
