/**
 * The methods an expression may call on text, numbers and lists: the side-effect-free ones
 * templates use (`date.split('/')[0]`, `orders.reduce(…)`, `n.toFixed(2)`). Lists are never
 * changed in place: `sort` and `reverse` return new lists.
 */
import { getChild, isPlainObject } from '../values';
import {
  charge,
  checkSize,
  compare,
  evalError,
  looseEquals,
  num,
  plain,
  type Run,
  str,
  strictEquals,
  truthy,
} from './runtime';

type Method<T> = (self: T, args: unknown[], run: Run) => unknown;

function intArg(run: Run, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Math.trunc(num(run, value));
  return Number.isNaN(n) ? 0 : n;
}

function textArg(run: Run, value: unknown): string {
  return str(run, value);
}

function sized(run: Run, text: string): string {
  checkSize(run, text.length);
  return text;
}

function padTarget(run: Run, value: unknown): number {
  const n = intArg(run, value, 0);
  checkSize(run, n);
  return n;
}

/** Replaces text literally (no `$&` patterns, no regular expressions). */
function replaceText(run: Run, self: string, from: string, to: string, all: boolean): string {
  if (!all) {
    const at = self.indexOf(from);
    return at < 0 ? self : sized(run, self.slice(0, at) + to + self.slice(at + from.length));
  }
  if (from === '') return sized(run, self.split('').join(to));
  return sized(run, self.split(from).join(to));
}

const NUMBER_FORMAT_OPTIONS = new Set([
  'style',
  'currency',
  'currencyDisplay',
  'minimumFractionDigits',
  'maximumFractionDigits',
  'minimumIntegerDigits',
  'useGrouping',
  'notation',
  'unit',
]);

function numberFormat(run: Run, locale: unknown, options: unknown): Intl.NumberFormat {
  const chosen: Record<string, string | number | boolean> = {};
  const opts = plain(run, options);
  if (isPlainObject(opts)) {
    for (const key of Object.keys(opts)) {
      const v = opts[key];
      if (NUMBER_FORMAT_OPTIONS.has(key) && (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'))
        chosen[key] = v;
    }
  }
  try {
    return new Intl.NumberFormat(typeof locale === 'string' ? locale : run.locale, chosen);
  } catch (error) {
    throw evalError(`number format: ${error instanceof Error ? error.message : String(error)}`);
  }
}

const STRING_METHODS: Record<string, Method<string>> = {
  split: (s, [sep, limit], run) => {
    const max = limit === undefined ? undefined : intArg(run, limit, 0);
    const parts = sep === undefined ? [s] : s.split(textArg(run, sep), max);
    checkSize(run, parts.length);
    return parts;
  },
  toUpperCase: (s) => s.toUpperCase(),
  toLowerCase: (s) => s.toLowerCase(),
  toLocaleUpperCase: (s, _a, run) => s.toLocaleUpperCase(run.locale),
  toLocaleLowerCase: (s, _a, run) => s.toLocaleLowerCase(run.locale),
  trim: (s) => s.trim(),
  trimStart: (s) => s.trimStart(),
  trimEnd: (s) => s.trimEnd(),
  includes: (s, [x], run) => s.includes(textArg(run, x)),
  startsWith: (s, [x], run) => s.startsWith(textArg(run, x)),
  endsWith: (s, [x], run) => s.endsWith(textArg(run, x)),
  indexOf: (s, [x], run) => s.indexOf(textArg(run, x)),
  lastIndexOf: (s, [x], run) => s.lastIndexOf(textArg(run, x)),
  slice: (s, [a, b], run) => s.slice(intArg(run, a, 0), intArg(run, b, s.length)),
  substring: (s, [a, b], run) => s.substring(intArg(run, a, 0), intArg(run, b, s.length)),
  substr: (s, [a, b], run) => {
    const start = intArg(run, a, 0);
    const from = start < 0 ? Math.max(0, s.length + start) : start;
    return s.slice(from, from + Math.max(0, intArg(run, b, s.length)));
  },
  replace: (s, [from, to], run) => replaceText(run, s, textArg(run, from), textArg(run, to), false),
  replaceAll: (s, [from, to], run) => replaceText(run, s, textArg(run, from), textArg(run, to), true),
  padStart: (s, [n, fill], run) => s.padStart(padTarget(run, n), fill === undefined ? ' ' : textArg(run, fill)),
  padEnd: (s, [n, fill], run) => s.padEnd(padTarget(run, n), fill === undefined ? ' ' : textArg(run, fill)),
  repeat: (s, [n], run) => {
    const times = Math.max(0, intArg(run, n, 0));
    checkSize(run, s.length * times);
    return s.repeat(times);
  },
  charAt: (s, [i], run) => s.charAt(intArg(run, i, 0)),
  charCodeAt: (s, [i], run) => s.charCodeAt(intArg(run, i, 0)),
  at: (s, [i], run) => s.at(intArg(run, i, 0)),
  concat: (s, args, run) => sized(run, s + args.map((a) => str(run, a)).join('')),
  toString: (s: string) => s,
  localeCompare: (s, [x], run) => s.localeCompare(textArg(run, x), run.locale),
  normalize: (s, [form]) => s.normalize(form === 'NFD' || form === 'NFKC' || form === 'NFKD' ? form : 'NFC'),
};

function clampDigits(run: Run, value: unknown, min: number, max: number, fallback: number): number {
  const n = intArg(run, value, fallback);
  if (n < min || n > max) throw evalError(`digits must be between ${min} and ${max}`);
  return n;
}

const NUMBER_METHODS: Record<string, Method<number>> = {
  toFixed: (n, [d], run) => n.toFixed(clampDigits(run, d, 0, 100, 0)),
  toPrecision: (n, [d], run) => (d === undefined ? String(n) : n.toPrecision(clampDigits(run, d, 1, 100, 1))),
  toString: (n: number, [radix]: unknown[], run: Run) => n.toString(clampDigits(run, radix, 2, 36, 10)),
  toLocaleString: (n: number, [locale, options]: unknown[], run: Run) => numberFormat(run, locale, options).format(n),
};

/** The callback of map/filter/…: called with (item, index, list). */
function each(run: Run, fn: unknown, item: unknown, index: number, self: unknown[]): unknown {
  return run.call(fn, [item, index, self]);
}

function sortItems(run: Run, self: unknown[], comparator: unknown): unknown[] {
  const copy = [...self];
  charge(run, Math.ceil(copy.length * Math.log2(copy.length + 1)));
  if (comparator === undefined) {
    return copy.sort((a, b) => {
      const c = compare(run, a, b);
      return Number.isNaN(c) ? str(run, a).localeCompare(str(run, b)) : c;
    });
  }
  return copy.sort((a, b) => {
    const c = num(run, run.call(comparator, [a, b]));
    return Number.isNaN(c) ? 0 : c;
  });
}

function flatten(run: Run, self: unknown[], depth: number): unknown[] {
  const out: unknown[] = [];
  for (const item of self) {
    const inner = plain(run, item);
    if (Array.isArray(inner) && depth > 0) out.push(...flatten(run, inner, depth - 1));
    else out.push(item);
    checkSize(run, out.length);
  }
  return out;
}

const ARRAY_METHODS: Record<string, Method<unknown[]>> = {
  map: (self, [fn], run) => self.map((item, i) => each(run, fn, item, i, self)),
  filter: (self, [fn], run) => self.filter((item, i) => truthy(run, each(run, fn, item, i, self))),
  find: (self, [fn], run) => self.find((item, i) => truthy(run, each(run, fn, item, i, self))),
  findIndex: (self, [fn], run) => self.findIndex((item, i) => truthy(run, each(run, fn, item, i, self))),
  findLast: (self, [fn], run) => self.findLast((item, i) => truthy(run, each(run, fn, item, i, self))),
  some: (self, [fn], run) => self.some((item, i) => truthy(run, each(run, fn, item, i, self))),
  every: (self, [fn], run) => self.every((item, i) => truthy(run, each(run, fn, item, i, self))),
  reduce: (self, args, run) => {
    const [fn] = args;
    let i = 0;
    let acc: unknown;
    if (args.length >= 2) acc = args[1];
    else if (self.length === 0) throw evalError('reduce of an empty list needs a start value');
    else acc = self[i++];
    for (; i < self.length; i++) acc = run.call(fn, [acc, self[i], i, self]);
    return acc;
  },
  includes: (self, [x], run) => self.some((item) => strictEquals(run, item, x) || looseEquals(run, item, x)),
  indexOf: (self, [x], run) => self.findIndex((item) => strictEquals(run, item, x)),
  join: (self, [sep], run) => {
    charge(run, self.length);
    return sized(run, self.map((item) => str(run, item)).join(sep === undefined ? ',' : str(run, sep)));
  },
  slice: (self, [a, b], run) => self.slice(intArg(run, a, 0), intArg(run, b, self.length)),
  concat: (self, args, run) => {
    const out = [...self];
    for (const arg of args) {
      const inner = plain(run, arg);
      if (Array.isArray(inner)) out.push(...inner);
      else out.push(arg);
      checkSize(run, out.length);
    }
    return out;
  },
  reverse: (self) => [...self].reverse(),
  toReversed: (self) => [...self].reverse(),
  sort: (self, [fn], run) => sortItems(run, self, fn),
  toSorted: (self, [fn], run) => sortItems(run, self, fn),
  flat: (self, [depth], run) => flatten(run, self, Math.min(intArg(run, depth, 1), 16)),
  flatMap: (self, [fn], run) =>
    flatten(
      run,
      self.map((item, i) => each(run, fn, item, i, self)),
      1,
    ),
  at: (self, [i], run) => self.at(intArg(run, i, 0)),
  forEach: () => undefined,
};

/** The method `name` of a value, when the value's kind has one; undefined otherwise. */
export function methodFor(value: unknown, name: string): ((args: unknown[], run: Run) => unknown) | undefined {
  if (typeof value === 'string' && Object.hasOwn(STRING_METHODS, name))
    return (args, run) => STRING_METHODS[name]!(value, args, run);
  if (typeof value === 'number' && Object.hasOwn(NUMBER_METHODS, name))
    return (args, run) => NUMBER_METHODS[name]!(value, args, run);
  if (Array.isArray(value) && Object.hasOwn(ARRAY_METHODS, name))
    return (args, run) => ARRAY_METHODS[name]!(value, args, run);
  return undefined;
}

/** A list item's field by a dotted path (`'customer.name'`): the key form of sum/sort/groupBy. */
export function fieldOf(run: Run, item: unknown, path: string): unknown {
  let value = item;
  for (const segment of path.split('.')) value = getChild(value, segment, run.toPlain);
  return value;
}
