/**
 * 10,000 seeded random and hostile expressions: each gives a value or a catalogued error, never an
 * escaping throw, a function, a changed prototype or changed data. A failure prints the seed's
 * expression so it can be replayed.
 */
import { describe, expect, it } from 'vitest';
import { isQuireError } from '../../errors';
import { seededRandom } from '../../random';
import { evaluateExpressionText, recordLookup } from './index';

const HOSTILE = [
  'constructor',
  '__proto__',
  'prototype',
  'globalThis',
  'window',
  'process',
  'require',
  'Function',
  'eval',
  'this',
  'import',
  'new',
  'Object',
  'Array',
  'Reflect',
  'Proxy',
  'Symbol',
  'valueOf',
  'toString',
  '__defineGetter__',
  'hasOwnProperty',
  'arguments',
];
const NAMES = ['qty', 'price', 'items', 'orders', 'name', 'date', 'customer', 'empty', 'x', 'nested', 's', 'i'];
const FUNCS = [
  'sum',
  'avg',
  'min',
  'max',
  'count',
  'sort',
  'groupBy',
  'round',
  'join',
  'upper',
  'parseFloat',
  'formatDate',
  'addDays',
  'unique',
  'len',
  'Number',
  'String',
  'Math.max',
  'JSON.parse',
  'JSON.stringify',
  'Object.keys',
];
const METHODS = [
  'map',
  'filter',
  'reduce',
  'split',
  'join',
  'slice',
  'toFixed',
  'padStart',
  'repeat',
  'concat',
  'flat',
  'sort',
  'find',
  'includes',
  'replace',
  'toUpperCase',
  'at',
  'flatMap',
  'toLocaleString',
];
const BINOPS = ['+', '-', '*', '/', '%', '**', '==', '!=', '===', '!==', '<', '<=', '>', '>=', '&&', '||', '??'];
const ATOMS = [
  '0',
  '1',
  '-1',
  '1e308',
  '0.1',
  'NaN',
  '"a"',
  "'/'",
  '""',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  '[1,2,3]',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: expression text, not a JS template
  '`t${qty}`',
  '"__proto__"',
  '"constructor"',
  '1e9',
  '99999999',
];
const SOUP = [
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  ',',
  '.',
  '?.',
  '?',
  ':',
  '=>',
  '...',
  '`',
  '${',
  '"',
  "'",
  '\\',
  '=',
  ';',
  '#',
  '@',
  '/',
  '*',
  '!',
  '\u0000',
  '\u2028',
  '数量',
  '😀',
  ' ',
  'x',
  '1',
];

function generator(rand: () => number) {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const expr = (depth: number): string => {
    if (depth <= 0 || rand() < 0.25) return rand() < 0.5 ? pick(ATOMS) : pick(rand() < 0.3 ? HOSTILE : NAMES);
    const d = depth - 1;
    switch (Math.floor(rand() * 11)) {
      case 0:
        return `${expr(d)} ${pick(BINOPS)} ${expr(d)}`;
      case 1:
        return `${expr(d)} ? ${expr(d)} : ${expr(d)}`;
      case 2:
        return `${pick(['!', '-', '+'])}${expr(d)}`;
      case 3:
        return `${expr(d)}.${pick(rand() < 0.4 ? HOSTILE : NAMES)}`;
      case 4:
        return `${expr(d)}[${expr(d)}]`;
      case 5:
        return `${pick(FUNCS)}(${expr(d)}, ${expr(d)})`;
      case 6:
        return `${expr(d)}.${pick(METHODS)}(${rand() < 0.5 ? `(s, i) => ${expr(d)}` : expr(d)}${rand() < 0.3 ? `, ${expr(d)}` : ''})`;
      case 7:
        return `[${expr(d)}, ...${expr(d)}]`;
      case 8:
        return `({${pick([...NAMES, ...HOSTILE])}: ${expr(d)}})`;
      case 9:
        return `(${expr(d)})`;
      default:
        return `((f) => f(f, ${expr(d)}))((g, v) => ${rand() < 0.5 ? 'g(g, v)' : expr(d)})`;
    }
  };
  const soup = () =>
    Array.from({ length: 1 + Math.floor(rand() * 24) }, () => pick([...SOUP, ...NAMES, ...HOSTILE, ...BINOPS])).join(
      rand() < 0.5 ? '' : ' ',
    );
  const mutate = (text: string) => {
    const chars = [...text];
    for (let n = 1 + Math.floor(rand() * 3); n > 0; n--) {
      const at = Math.floor(rand() * (chars.length + 1));
      const r = rand();
      if (r < 0.33) chars.splice(at, 1);
      else if (r < 0.66) chars.splice(at, 0, pick(SOUP));
      else chars.splice(at, 1, pick(SOUP));
    }
    return chars.join('');
  };
  const SEEDS = [
    'orders.reduce((sum, item) => sum + parseFloat(item[1]) * parseFloat(item[2]), 0)',
    "date.split('/')[0]",
    'items.map(i => i.qty * i.price).join(", ")',
    "name['constructor']['constructor']('return process')()",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: expression text, not a JS template
    'qty > 1 ? `${qty} items` : "one item"',
  ];
  return () => {
    const r = rand();
    if (r < 0.6) return expr(1 + Math.floor(rand() * 5));
    if (r < 0.8) return soup();
    return mutate(rand() < 0.5 ? pick(SEEDS) : expr(3));
  };
}

function snapshot(): string[] {
  const protos = [
    Object.prototype,
    Array.prototype,
    String.prototype,
    Number.prototype,
    Function.prototype,
    Boolean.prototype,
  ];
  return protos.map((p) =>
    Object.getOwnPropertyNames(p)
      .map((name) => {
        const d = Object.getOwnPropertyDescriptor(p, name)!;
        return `${name}:${typeof d.value}:${String(d.writable)}`;
      })
      .join('|'),
  );
}

describe('expression fuzz', () => {
  it('10,000 random and hostile expressions give a value or a catalogued error', () => {
    const data = {
      qty: 3,
      price: '2.5',
      name: 'Ada',
      date: '27/11/2026',
      empty: [],
      items: [
        { qty: 2, price: 10, sku: 'A' },
        { qty: 1, price: 0.5, sku: 'B' },
      ],
      orders: [['Pen', '2', '1.5']],
      customer: { name: 'Li', address: { city: 'Shanghai' } },
      nested: { a: { b: { c: [1, [2, [3]]] } } },
    };
    const before = snapshot();
    const dataBefore = JSON.stringify(data);
    const next = generator(seededRandom(20261127));
    const seen = { values: 0, errors: new Map<string, number>() };
    for (let n = 0; n < 10_000; n++) {
      const source = next();
      let result: unknown;
      try {
        result = evaluateExpressionText(source, { lookup: recordLookup(data), maxSteps: 20_000 });
      } catch (error) {
        if (!isQuireError(error) || !error.errorName.startsWith('Expr')) {
          throw new Error(`#${n} ${JSON.stringify(source)} threw ${String(error)}`);
        }
        seen.errors.set(error.errorName, (seen.errors.get(error.errorName) ?? 0) + 1);
        continue;
      }
      if (typeof result === 'function') throw new Error(`#${n} ${JSON.stringify(source)} gave a function`);
      seen.values++;
    }
    expect(snapshot()).toEqual(before);
    expect(JSON.stringify(data)).toBe(dataBefore);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    // The generator reaches every outcome, so the loop above checks more than one path.
    expect(seen.values).toBeGreaterThan(1000);
    for (const name of ['ExprSyntaxError', 'ExprEvalError', 'ExprForbidden', 'ExprLimitExceeded']) {
      expect(seen.errors.get(name) ?? 0, name).toBeGreaterThan(10);
    }
  });
});
