/**
 * Whatever a template says, it reads plain data only: no function calls, no prototype access,
 * and no failure other than a catalogued QuireError.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { isQuireError } from '../errors';
import { collectTextDeps } from './deps';
import { evaluateExpression, renderTemplate } from './evaluate';
import { applyListFilter } from './list-filter';

const data = {
  a: 'A',
  text: 'hello',
  items: [{ name: 'x' }],
  nested: { deep: { value: 1 } },
  fn: () => 'called',
  date: new Date(0),
  map: new Map([['k', 'v']]),
  withGetter: Object.defineProperty({}, 'secret', {
    enumerable: true,
    get() {
      throw new Error('getter ran');
    },
  }),
  polluting: JSON.parse('{"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}}'),
};

/** Renders and asserts the only possible failure is a catalogued error. */
function safeRender(template: string, scope: unknown = data): string | 'catalogued-error' {
  try {
    return renderTemplate(template, scope);
  } catch (error) {
    expect(isQuireError(error)).toBe(true);
    return 'catalogued-error';
  }
}

afterEach(() => {
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.prototype).not.toHaveProperty('polluted');
});

describe('prototype and function access', () => {
  it.each([
    '{constructor.constructor}',
    '{constructor}',
    '{__proto__}',
    '{__proto__.polluted}',
    '{prototype}',
    '{a.constructor}',
    '{a.__proto__}',
    '{text.length}',
    '{items.constructor}',
    '{items.__proto__.map}',
    '{items.map}',
    '{items.0.constructor.name}',
    '{nested.deep.constructor.keys}',
    '{toString}',
    '{valueOf}',
    '{hasOwnProperty}',
    '{__defineGetter__}',
    '{fn}',
    '{fn.call}',
    '{date.getTime}',
    '{date}',
    '{map.k}',
    '{map.get}',
    '{withGetter.secret}',
    '{polluting.__proto__.polluted}',
    '{polluting.constructor.prototype.polluted}',
    '{#constructor}x{/constructor}',
    '{#__proto__}x{/__proto__}',
    '{#items}{constructor}{__proto__}{#.constructor}{/items}',
    '{this}',
    '{globalThis}',
    '{process.env}',
    '{a.toUpperCase}',
  ])('%s prints nothing', (template) => {
    expect(renderTemplate(template, data)).toBe('');
  });

  it.each([
    '{a | ../../}',
    '{a | constructor}',
    '{a | __proto__}',
    '{a | toString}',
    '{a | hasOwnProperty}',
    '{a | eval:"1+1"}',
    '{a | require:"fs"}',
    '{a | chain:"constructor"}',
    '{a | chain:"__proto__"}',
    '{a | chain:"../../"}',
    '{a | x()}',
    // Calls are not names: the tag parser refuses them ('invalid variable name').
    "{constructor.constructor('x')()}",
    '{process.exit()}',
    '{a | `x`}',
    `{a | $${'{'}x}}`,
    '{#a}',
    '{/a}',
    '{a',
    "{a | prefix:'unterminated}",
  ])('%s fails with a catalogued error only', (template) => {
    expect(safeRender(template)).toBe('catalogued-error');
  });

  it('prints other languages literally; their braces are tags reading nothing or refused names', () => {
    expect(renderTemplate('`x` <script>alert(1)</script> #panic() ]', data)).toBe(
      '`x` <script>alert(1)</script> #panic() ]',
    );
    expect(renderTemplate(`$${'{'}process.env}`, data)).toBe('$');
    expect(safeRender(`$${'{'}process.exit()}`)).toBe('catalogued-error');
  });

  it('prints data literally, never as a template', () => {
    expect(renderTemplate('{a}', { a: '{constructor.constructor("x")()} {__proto__}' })).toBe(
      '{constructor.constructor("x")()} {__proto__}',
    );
  });

  it('does not invoke getters or functions found in data', () => {
    expect(() => renderTemplate('{withGetter.secret}{fn}', data)).not.toThrow();
    expect(evaluateExpression('fn', data)).toBeUndefined();
  });

  it('rejects absurd nesting with a catalogued error rather than overflowing', () => {
    const deep = '{#a}'.repeat(10_000) + '{/a}'.repeat(10_000);
    expect(safeRender(deep)).toBe('catalogued-error');
  });

  it('prints cyclic data without overflowing', () => {
    const cyclic: unknown[] = [];
    cyclic.push(cyclic);
    expect(renderTemplate('{c}', { c: cyclic })).toBe('');
  });

  it('list filters and dependency analysis stay safe too', () => {
    expect(
      applyListFilter([data], {
        type: 'some',
        filters: [{ fieldName: '__proto__.polluted', operator: 'is_not_empty' }],
      }),
    ).toEqual([]);
    expect(collectTextDeps('{__proto__} {constructor.x}')).toEqual(['__proto__', 'constructor.x']);
  });
});

describe('fuzzing (property)', () => {
  const dangerous = fc.constantFrom(
    '{',
    '}',
    '{{',
    '}}',
    '|',
    ':',
    '"',
    "'",
    '\\',
    '.',
    '#',
    '^',
    '/',
    '(',
    ')',
    ' ',
    'constructor',
    '__proto__',
    'prototype',
    'a',
    'items',
    'name',
    'currency',
    'chain',
    'default',
    'size',
    'cnUpper',
    'x',
    '0',
    '$index',
  );

  it('any text built from template syntax renders or fails with a catalogued error', () => {
    fc.assert(
      fc.property(
        fc.array(dangerous, { maxLength: 40 }).map((parts) => parts.join('')),
        (template) => {
          const out = safeRender(template);
          if (out !== 'catalogued-error') {
            expect(out).not.toMatch(/\[native code\]|\[object |=>|function/);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('any unicode text renders or fails with a catalogued error', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), (template) => {
        safeRender(template);
      }),
      { numRuns: 1000 },
    );
  });

  it('double-brace mode is just as safe', () => {
    fc.assert(
      fc.property(
        fc.array(dangerous, { maxLength: 40 }).map((parts) => parts.join('')),
        (template) => {
          try {
            renderTemplate(template, data, { delimiters: 'double' });
          } catch (error) {
            expect(isQuireError(error)).toBe(true);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});
