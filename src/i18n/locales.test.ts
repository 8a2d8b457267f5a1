/**
 * Parity of the translation resources: every language has every namespace of en-US with the same
 * keys (plural forms folded, since languages differ in them), no empty text, the same
 * `{{placeholders}}`, and is a translation rather than a copy of English.
 */
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '../core/errors';
import { SUPPORTED_LANGUAGES } from './languages';
import { NAMESPACES, type Namespace } from './resources';

interface Tree {
  [key: string]: unknown;
}

const files = import.meta.glob<Tree>('./locales/*/*.json', { eager: true, import: 'default' });
const resource = (lng: string, ns: string) => files[`./locales/${lng}/${ns}.json`];

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Leaf keys with plural suffixes folded (`pages_one`, `pages_other` → `pages`), each with its texts. */
function leaves(tree: Tree): Map<string, unknown[]> {
  const out = new Map<string, unknown[]>();
  for (const [key, value] of flat(tree)) {
    const base = key.replace(PLURAL, '');
    out.set(base, [...(out.get(base) ?? []), value]);
  }
  return out;
}

const isPlural = (tree: Tree, key: string) => flat(tree).some(([k]) => PLURAL.test(k) && k.replace(PLURAL, '') === key);

function flat(tree: Tree, prefix = ''): [string, unknown][] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'object' && value !== null ? flat(value as Tree, path) : [[path, value]];
  });
}

/** The placeholders of a message; a plural form may say "one" in words instead of {{count}}. */
function placeholders(texts: unknown[], plural: boolean): string[] {
  const names = new Set(texts.flatMap((t) => [...String(t).matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]!)));
  if (plural) names.delete('count');
  return [...names].sort();
}

/**
 * How many messages may read exactly as in English: some words are spelled the same in a language
 * ('Documents' in French, 'Data' in Indonesian, 'API'), a file that is mostly English is not a
 * translation. `sameEverywhere` keys (product and format names) do not count.
 */
const SAME_AS_ENGLISH: Record<Namespace, { max: (keys: number) => number; sameEverywhere?: string[] }> = {
  translation: { max: (keys) => keys * 0.05 },
  // A few names read the same everywhere.
  editor: { max: (keys) => keys * 0.1 - 1 },
  workspace: { max: (keys) => keys * 0.05 },
  preview: { max: () => 3, sameEverywhere: ['zoomIn', 'zoomOut', 'zoomLevel', 'details'] },
  canvas: { max: () => 5 },
  office: {
    max: () => 5,
    sameEverywhere: ['kind.pdf', 'kind.docx', 'kind.xlsx', 'kind.pptx', 'kind.png', 'kind.jpeg'],
  },
  host: { max: () => 5 },
  sync: { max: () => 5 },
  platform: { max: () => 5 },
  platformDocs: {
    max: () => 5,
    sameEverywhere: ['formats.html', 'formats.markdown', 'curl', 'tabs.api', 'apiTitle', 'renderedIn'],
  },
  accounts: { max: () => 5 },
  saving: { max: () => 5 },
  signature: { max: () => 2 },
  plans: { max: () => 4, sameEverywhere: ['planLine'] },
  mail: { max: () => 2 },
};

describe('translation resources', () => {
  it('exist for exactly the 15 supported languages and the namespaces of resources.ts', () => {
    const found = new Set(Object.keys(files).map((path) => path.split('/')[2]));
    expect([...found].sort()).toEqual([...SUPPORTED_LANGUAGES].sort());
    for (const lng of SUPPORTED_LANGUAGES) {
      const namespaces = Object.keys(files)
        .filter((path) => path.startsWith(`./locales/${lng}/`))
        .map((path) => path.replace(/^.*\/(\w+)\.json$/, '$1'));
      expect(namespaces.sort(), lng).toEqual([...NAMESPACES].sort());
    }
  });

  it('have a translated message for every catalogued error', () => {
    for (const lng of SUPPORTED_LANGUAGES) {
      const errors = resource(lng, 'translation')?.errors as Record<string, string> | undefined;
      for (const name of Object.keys(ERROR_CATALOGUE)) {
        expect(errors?.[name], `${lng}: errors.${name}`).toEqual(expect.stringMatching(/\S/));
      }
    }
  });

  describe.each(NAMESPACES)('%s', (ns) => {
    const english = resource('en-US', ns) ?? {};
    const englishLeaves = leaves(english);
    const { max, sameEverywhere = [] } = SAME_AS_ENGLISH[ns];

    it('en-US holds only non-empty strings', () => {
      for (const [key, value] of flat(english)) expect(value, key).toEqual(expect.stringMatching(/\S/));
    });

    it.each(SUPPORTED_LANGUAGES.filter((lng) => lng !== 'en-US'))(
      '%s has every key, translated, with the same placeholders',
      (lng) => {
        const messages = resource(lng, ns) ?? {};
        const translated = leaves(messages);
        expect([...translated.keys()].sort()).toEqual([...englishLeaves.keys()].sort());
        for (const [key, texts] of translated) {
          for (const text of texts) expect(text, `${lng} ${ns}:${key}`).toEqual(expect.stringMatching(/\S/));
          const plural = isPlural(english, key);
          expect(placeholders(texts, plural), `${lng} ${ns}:${key}`).toEqual(
            placeholders(englishLeaves.get(key) ?? [], plural),
          );
        }
        // Symbols (=, ≠, >) read the same in every language: only texts with a letter count.
        const words = new Map(flat(english).filter(([, text]) => /\p{L}/u.test(String(text))));
        const copied = flat(messages)
          .filter(([key, text]) => words.get(key) === text && !sameEverywhere.includes(key))
          .map(([key]) => key);
        expect(copied.length, `same as en-US: ${copied.join(', ')}`).toBeLessThanOrEqual(max(words.size));
      },
    );
  });
});
