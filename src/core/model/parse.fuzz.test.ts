/**
 * Fuzzing the one entry point for untrusted content: whatever comes in, the only possible failure
 * is TemplateParseError, and it comes quickly (no stack overflow on deep nesting, no slow paths).
 */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isQuireError } from '../errors';
import { MAX_NESTING_DEPTH, safeParseTemplateContent } from './parse';

// Shared fixtures are data, read through a Vite glob (src/core imports no code outside src/core).
const templates: Record<string, string> = import.meta.glob('../../../tests/fixtures/*/template.json', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const invoiceText = templates['../../../tests/fixtures/invoice/template.json']!;
const contractText = templates['../../../tests/fixtures/contract/template.json']!;

/** Parses and asserts the outcome is a value or a TemplateParseError with at least one issue. */
function parseOnlyFailsCleanly(input: unknown): boolean {
  let result: ReturnType<typeof safeParseTemplateContent>;
  try {
    result = safeParseTemplateContent(input);
  } catch (error) {
    throw new Error(`threw outside the result: ${String(error)}`);
  }
  if (result.ok) return true;
  expect(isQuireError(result.error, 'TemplateParseError')).toBe(true);
  expect(result.error.issues.length).toBeGreaterThan(0);
  return false;
}

/** Replaces the value at a random path of a JSON tree. */
function mutateAt(value: unknown, path: number[], replacement: unknown): unknown {
  if (path.length === 0 || value === null || typeof value !== 'object') return replacement;
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  if (entries.length === 0) return replacement;
  const [key, child] = entries[path[0]! % entries.length]!;
  const copy = (Array.isArray(value) ? [...value] : { ...value }) as Record<string | number, unknown>;
  copy[key] = mutateAt(child, path.slice(1), replacement);
  return copy;
}

describe('fuzzed content only ever yields TemplateParseError', () => {
  it('random JSON values', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => void parseOnlyFailsCleanly(value)),
      { numRuns: 300 },
    );
  });

  it('random JSON text and random strings', () => {
    fc.assert(
      fc.property(fc.oneof(fc.json(), fc.string()), (text) => void parseOnlyFailsCleanly(text)),
      { numRuns: 300 },
    );
  });

  it('random JavaScript values, including non-JSON ones', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => void parseOnlyFailsCleanly(value)),
      { numRuns: 200 },
    );
  });

  it('content-shaped objects with random parts', () => {
    const arbitraryContent = fc.record(
      {
        schemaVersion: fc.oneof(fc.constant(1), fc.constant(0), fc.integer()),
        document: fc.record({
          pages: fc.array(
            fc.record({
              id: fc.oneof(fc.string(), fc.integer()),
              rows: fc.array(fc.record({ id: fc.string(), columns: fc.array(fc.jsonValue(), { maxLength: 3 }) }), {
                maxLength: 3,
              }),
            }),
            { maxLength: 3 },
          ),
        }),
        pageSetting: fc.jsonValue(),
        settings: fc.dictionary(fc.constantFrom('fontSize', 'timeZone', 'pdf', 'lang'), fc.jsonValue()),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(arbitraryContent, (value) => void parseOnlyFailsCleanly(value)),
      { numRuns: 300 },
    );
  });

  it('truncated fixture text', () => {
    fc.assert(
      fc.property(fc.nat({ max: invoiceText.trimEnd().length - 1 }), (cut) => {
        expect(parseOnlyFailsCleanly(invoiceText.slice(0, cut))).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  it('wrong types at random places of real templates', () => {
    const base = JSON.parse(contractText);
    const wrongValue = fc.oneof(
      fc.constant(null),
      fc.integer(),
      fc.double(),
      fc.string(),
      fc.boolean(),
      fc.constant([]),
      fc.constant({}),
      fc.jsonValue(),
    );
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 1, maxLength: 14 }), wrongValue, (path, replacement) => {
        parseOnlyFailsCleanly(mutateAt(base, path, replacement));
      }),
      { numRuns: 400 },
    );
  });
});

// Outcomes only: a parse that hangs fails on the test's time limit; speed is the benchmarks' business.
describe('hostile sizes and shapes fail (or pass) cleanly', () => {
  it('a 10 MB string that is not JSON', () => {
    const text = 'x'.repeat(10 * 1024 * 1024);
    expect(parseOnlyFailsCleanly(text)).toBe(false);
  });

  it('a 10 MB string inside valid content loads', () => {
    const content = JSON.parse(invoiceText);
    content.document.pages[0].rows[0].columns[0].blocks[0].image.url = `data:image/png;base64,${'A'.repeat(10 * 1024 * 1024)}`;
    const text = JSON.stringify(content);
    expect(parseOnlyFailsCleanly(text)).toBe(true);
  });

  it('a 10 MB string where a number belongs', () => {
    const content = JSON.parse(invoiceText);
    content.pageSetting.width = 'w'.repeat(10 * 1024 * 1024);
    expect(parseOnlyFailsCleanly(content)).toBe(false);
  });

  it('deeply nested arrays and objects, as text and as values', () => {
    const depth = 200_000;
    const arrays = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const objects = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    for (const text of [arrays, objects, `{"document":${arrays}}`]) {
      expect(parseOnlyFailsCleanly(text)).toBe(false);
    }
    let value: unknown = {};
    for (let i = 0; i < depth; i++) value = { children: [value] };
    expect(parseOnlyFailsCleanly({ document: { pages: [value] } })).toBe(false);
  });

  it('deeply nested rich text: refused past the limit, accepted below it', () => {
    const nest = (levels: number) => {
      let node: Record<string, unknown> = { text: 'deep' };
      for (let i = 0; i < levels; i++)
        node = { type: 'bulleted-list', children: [{ type: 'list-item', children: [node] }] };
      return {
        document: {
          pages: [
            {
              id: 'p',
              rows: [{ id: 'r', columns: [{ id: 'c', blocks: [{ id: 'b', type: 'richText', content: [node] }] }] }],
            },
          ],
        },
      };
    };
    expect(parseOnlyFailsCleanly(nest(20))).toBe(true);
    const result = safeParseTemplateContent(nest(50_000));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.issues[0]!.reason).toMatch(`${MAX_NESTING_DEPTH}`);
  });

  it('a very wide document (20 000 blocks) loads', () => {
    const blocks = Array.from({ length: 20_000 }, (_, i) => ({ id: `b${i}`, type: 'horizontalRule' }));
    const content = { document: { pages: [{ id: 'p', rows: [{ id: 'r', columns: [{ id: 'c', blocks }] }] }] } };
    expect(parseOnlyFailsCleanly(JSON.stringify(content))).toBe(true);
  });
});
