import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '../core/errors';
import { SUPPORTED_LANGUAGES } from './languages';
import type { Messages } from './locales/en-US';

const modules = import.meta.glob<{ default: Messages }>(['./locales/*.ts', '!./locales/*.test.ts'], { eager: true });
const locales = Object.fromEntries(
  Object.entries(modules).map(([path, mod]) => [path.replace('./locales/', '').replace('.ts', ''), mod.default]),
) as Record<string, Messages>;
const english = locales['en-US'] as Messages;

function flatten(tree: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null) for (const entry of flatten(value, path)) out.set(...entry);
    else out.set(path, value);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

// Some words are spelled the same in a language ('Documents' in French, 'Data' in Indonesian, 'API'),
// so a few identical messages are fine; a file that is mostly English is not a translation.
const MAX_SAME_AS_ENGLISH = 0.05;

describe('locale files', () => {
  const englishKeys = flatten(english);

  it('exist for exactly the 15 supported languages', () => {
    expect(Object.keys(locales).sort()).toEqual([...SUPPORTED_LANGUAGES].sort());
  });

  it('have a translated message for every catalogued error', () => {
    for (const lng of SUPPORTED_LANGUAGES) {
      const errors = (locales[lng] as Messages).errors as Record<string, string>;
      for (const name of Object.keys(ERROR_CATALOGUE)) {
        expect(errors[name], `${lng}: errors.${name}`).toEqual(expect.stringMatching(/\S/));
      }
    }
  });

  for (const lng of SUPPORTED_LANGUAGES.filter((l) => l !== 'en-US')) {
    describe(lng, () => {
      const keys = flatten(locales[lng]);

      it('has every en-US key as a non-empty string, and no others', () => {
        for (const key of englishKeys.keys()) {
          expect(keys.get(key), `${lng}: ${key}`).toEqual(expect.stringMatching(/\S/));
        }
        expect([...keys.keys()].filter((key) => !englishKeys.has(key))).toEqual([]);
      });

      it('keeps the interpolation placeholders of each message', () => {
        for (const [key, value] of englishKeys) {
          expect(placeholders(String(keys.get(key))), `${lng}: ${key}`).toEqual(placeholders(String(value)));
        }
      });

      it('is a translation, not an English copy', () => {
        const copied = [...englishKeys].filter(([key, value]) => keys.get(key) === value).map(([key]) => key);
        expect(copied.length / englishKeys.size, `same as en-US: ${copied.join(', ')}`).toBeLessThanOrEqual(
          MAX_SAME_AS_ENGLISH,
        );
      });
    });
  }
});
