/**
 * The fixed function library: totals (`sum`, `avg`, `min`, `max`, `count`), lists (`sort`,
 * `groupBy`, `join`, `unique`, `first`, `last`), numbers (`round`, `formatNumber`, `currency`),
 * text and dates, plus the JavaScript globals pdfme expressions use (`parseFloat`, `Math.round`,
 * `Number(...)`, `JSON.parse`…) re-implemented over data.
 */
import { formatCurrency, formatDate, formatNumber, formatPercent, roundTo, toEpochMs } from '../../format';
import { isPlainObject } from '../values';
import { fieldOf } from './methods';
import {
  Builtin,
  type BuiltinImpl,
  charge,
  checkSize,
  compare,
  evalError,
  isCallable,
  list,
  Namespace,
  num,
  plain,
  type Run,
  str,
  truthy,
} from './runtime';

/** `sum(items, 'qty')`, `sum(items, i => i.qty * i.price)`, `sum(list)`, `sum(1, 2, 3)`. */
function values(run: Run, args: unknown[]): unknown[] {
  const [first, key] = args;
  const items = list(run, first);
  if (items && args.length <= 2) {
    charge(run, items.length);
    if (key === undefined) return items;
    if (isCallable(key)) return items.map((item, i) => run.call(key, [item, i]));
    const path = str(run, key);
    return items.map((item) => fieldOf(run, item, path));
  }
  return args.flatMap((a) => list(run, a) ?? [a]);
}

/** Numbers among the values; empty and non-numeric values are left out. */
function numbers(run: Run, args: unknown[]): number[] {
  const out: number[] = [];
  for (const v of values(run, args)) {
    const p = plain(run, v);
    if (p === undefined || p === null || (typeof p === 'string' && p.trim() === '')) continue;
    const n = num(run, p);
    if (!Number.isNaN(n)) out.push(n);
  }
  return out;
}

function sum(ns: number[]): number {
  // Summing in cents-safe steps: 0.1 + 0.2 should print 0.3, so round away float noise at 12 digits.
  const total = ns.reduce((a, b) => a + b, 0);
  return Number.isFinite(total) ? Number(total.toPrecision(15)) : total;
}

function keyOf(run: Run, key: unknown): (item: unknown, i: number) => unknown {
  if (key === undefined) return (item) => item;
  if (isCallable(key)) return (item, i) => run.call(key, [item, i]);
  const path = str(run, key);
  return (item) => fieldOf(run, item, path);
}

function dateArg(run: Run, value: unknown): number {
  const v = plain(run, value);
  const ms = toEpochMs(v, run.timeZone);
  if (ms === undefined) throw evalError(`not a date: ${str(run, value).slice(0, 40)}`);
  return ms;
}

const DAY = 86_400_000;

const FUNCTIONS: Record<string, BuiltinImpl> = {
  sum: (args, run) => sum(numbers(run, args)),
  avg: (args, run) => {
    const ns = numbers(run, args);
    return ns.length ? sum(ns) / ns.length : null;
  },
  min: (args, run) => {
    const ns = numbers(run, args);
    return ns.length ? Math.min(...ns) : null;
  },
  max: (args, run) => {
    const ns = numbers(run, args);
    return ns.length ? Math.max(...ns) : null;
  },
  /** count(list) items; count(list, fn) items for which fn is true; count(list, 'field') non-empty. */
  count: ([items, key], run) => {
    const l = list(run, items);
    if (!l) return items === undefined || items === null ? 0 : 1;
    if (key === undefined) return l.length;
    const k = keyOf(run, key);
    charge(run, l.length);
    return l.filter((item, i) => {
      const v = plain(run, k(item, i));
      return isCallable(key) ? truthy(run, v) : v !== undefined && v !== null && v !== '';
    }).length;
  },
  /** sort(list, key?, 'desc'?): a new list ordered by the key (numbers as numbers). */
  sort: ([items, key, order], run) => {
    const l = list(run, items);
    if (!l) return items;
    const k = keyOf(run, typeof key === 'string' && (key === 'asc' || key === 'desc') ? undefined : key);
    const desc = order === 'desc' || key === 'desc' ? -1 : 1;
    charge(run, Math.ceil(l.length * Math.log2(l.length + 1)));
    const keyed = l.map((item, i) => ({ item, key: k(item, i) }));
    keyed.sort((a, b) => {
      const c = compare(run, a.key, b.key);
      return desc * (Number.isNaN(c) ? str(run, a.key).localeCompare(str(run, b.key)) : c);
    });
    return keyed.map((e) => e.item);
  },
  /** groupBy(list, key) → [{key, items}] in first-seen order, ready for a loop. */
  groupBy: ([items, key], run) => {
    const l = list(run, items) ?? [];
    const k = keyOf(run, key);
    charge(run, l.length);
    const groups = new Map<string, { key: unknown; items: unknown[] }>();
    l.forEach((item, i) => {
      const value = k(item, i);
      const id = str(run, value);
      let group = groups.get(id);
      if (!group) groups.set(id, (group = { key: value, items: [] }));
      group.items.push(item);
    });
    return [...groups.values()];
  },
  unique: ([items, key], run) => {
    const l = list(run, items) ?? [];
    const k = keyOf(run, key);
    charge(run, l.length);
    const seen = new Set<string>();
    return l.filter((item, i) => {
      const id = str(run, k(item, i));
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    });
  },
  first: ([items]) => (Array.isArray(items) ? items[0] : items),
  last: ([items]) => (Array.isArray(items) ? items[items.length - 1] : items),
  join: ([items, sep, key], run) => {
    const l = values(run, key === undefined ? [items] : [items, key]);
    const text = l
      .map((v) => str(run, v))
      .filter((t) => t !== '')
      .join(sep === undefined ? ', ' : str(run, sep));
    checkSize(run, text.length);
    return text;
  },
  round: ([x, digits], run) => roundTo(num(run, x), Math.max(0, Math.min(15, Math.trunc(num(run, digits ?? 0)) || 0))),
  floor: ([x], run) => Math.floor(num(run, x)),
  ceil: ([x], run) => Math.ceil(num(run, x)),
  abs: ([x], run) => Math.abs(num(run, x)),
  formatNumber: ([x, digits, locale], run) => {
    const d = digits === undefined ? undefined : Math.max(0, Math.min(20, Math.trunc(num(run, digits)) || 0));
    return formatNumber(num(run, x), {
      locale: typeof locale === 'string' ? locale : run.locale,
      minFractionDigits: d,
      maxFractionDigits: d,
    });
  },
  currency: ([x, code, digits], run) =>
    formatCurrency(num(run, x), {
      locale: run.locale,
      currency: typeof code === 'string' ? code : undefined,
      digits: digits === undefined ? undefined : num(run, digits),
    }),
  percent: ([x, digits], run) =>
    formatPercent(num(run, x), { locale: run.locale, digits: digits === undefined ? undefined : num(run, digits) }),
  upper: ([s], run) => str(run, s).toUpperCase(),
  lower: ([s], run) => str(run, s).toLowerCase(),
  trim: ([s], run) => str(run, s).trim(),
  len: ([x], run) => {
    const v = plain(run, x);
    return Array.isArray(v) ? v.length : str(run, x).length;
  },
  contains: ([x, part], run) => {
    const l = list(run, x);
    if (l) return l.some((item) => str(run, item) === str(run, part));
    return str(run, x).toLowerCase().includes(str(run, part).toLowerCase());
  },
  isEmpty: ([x], run) => {
    const v = plain(run, x);
    if (v === undefined || v === null) return true;
    if (typeof v === 'string') return v.trim() === '';
    if (Array.isArray(v)) return v.length === 0;
    return isPlainObject(v) ? Object.keys(v).length === 0 : false;
  },
  coalesce: (args, run) => args.find((a) => !FUNCTIONS.isEmpty!([a], run)),
  keys: ([x], run) => {
    const v = plain(run, x);
    return isPlainObject(v) ? Object.keys(v) : [];
  },
  values: ([x], run) => {
    const v = plain(run, x);
    return isPlainObject(v) ? Object.keys(v).map((k) => v[k]) : [];
  },
  // JavaScript globals pdfme expressions use
  parseFloat: ([x], run) => Number.parseFloat(str(run, x)),
  parseInt: ([x, radix], run) => Number.parseInt(str(run, x), radix === undefined ? undefined : num(run, radix)),
  Number: ([x], run) => (x === undefined ? 0 : num(run, x)),
  String: ([x], run) => str(run, x),
  Boolean: ([x], run) => truthy(run, x),
  isNaN: ([x], run) => Number.isNaN(num(run, x)),
  isFinite: ([x], run) => Number.isFinite(num(run, x)),
  // Dates: values are epoch ms or date text (2024-03-05, 2024-03-05 14:30, ISO with a zone)
  now: (_args, run) => run.now(),
  today: (_args, run) => formatDate(run.now(), 'yyyy-MM-dd', run.timeZone),
  date: ([x], run) => dateArg(run, x),
  formatDate: ([x, pattern], run) =>
    formatDate(dateArg(run, x), pattern === undefined ? 'yyyy-MM-dd' : str(run, pattern), run.timeZone, run.locale),
  year: ([x], run) => Number(formatDate(dateArg(run, x), 'yyyy', run.timeZone)),
  month: ([x], run) => Number(formatDate(dateArg(run, x), 'M', run.timeZone)),
  day: ([x], run) => Number(formatDate(dateArg(run, x), 'd', run.timeZone)),
  /** addDays(date, n): a date text stays date text (yyyy-MM-dd); epoch ms stay epoch ms. */
  addDays: ([x, n], run) => {
    const ms = dateArg(run, x) + num(run, n) * DAY;
    return typeof plain(run, x) === 'string' ? formatDate(ms, 'yyyy-MM-dd', run.timeZone) : ms;
  },
  /** diffDays(a, b): whole calendar days from a to b in the time zone. */
  diffDays: ([a, b], run) => {
    const day = (x: unknown) => Date.parse(`${formatDate(dateArg(run, x), 'yyyy-MM-dd', run.timeZone)}T00:00:00Z`);
    return Math.round((day(b) - day(a)) / DAY);
  },
};

const math =
  (fn: (...xs: number[]) => number): BuiltinImpl =>
  (args, run) =>
    fn(...args.map((a) => num(run, a)));

function jsonParse(args: unknown[], run: Run): unknown {
  const text = str(run, args[0]);
  checkSize(run, text.length);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw evalError('JSON.parse: not JSON');
  }
}

function jsonStringify(args: unknown[], run: Run): string {
  try {
    const text = JSON.stringify(plain(run, args[0]), (_k, v: unknown) => (isCallable(v) ? undefined : v)) ?? '';
    checkSize(run, text.length);
    return text;
  } catch (error) {
    throw evalError(`JSON.stringify: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function builtins(prefix: string, impls: Record<string, BuiltinImpl>): Record<string, Builtin> {
  const out: Record<string, Builtin> = Object.create(null) as Record<string, Builtin>;
  for (const name of Object.keys(impls)) out[name] = new Builtin(prefix + name, impls[name]!);
  return out;
}

export const GLOBAL_FUNCTIONS: Readonly<Record<string, Builtin>> = builtins('', FUNCTIONS);

export const NAMESPACES: Readonly<Record<string, Namespace>> = {
  Math: new Namespace('Math', {
    ...builtins('Math.', {
      abs: math(Math.abs),
      ceil: math(Math.ceil),
      floor: math(Math.floor),
      round: math(Math.round),
      trunc: math(Math.trunc),
      sign: math(Math.sign),
      sqrt: math(Math.sqrt),
      cbrt: math(Math.cbrt),
      pow: math(Math.pow),
      exp: math(Math.exp),
      log: math(Math.log),
      log10: math(Math.log10),
      log2: math(Math.log2),
      max: math(Math.max),
      min: math(Math.min),
      hypot: math(Math.hypot),
    }),
    PI: Math.PI,
    E: Math.E,
  }),
  Number: new Namespace('Number', {
    ...builtins('Number.', {
      parseFloat: FUNCTIONS.parseFloat!,
      parseInt: FUNCTIONS.parseInt!,
      isFinite: ([x]) => typeof x === 'number' && Number.isFinite(x),
      isInteger: ([x]) => typeof x === 'number' && Number.isInteger(x),
      isNaN: ([x]) => typeof x === 'number' && Number.isNaN(x),
    }),
    MAX_SAFE_INTEGER: Number.MAX_SAFE_INTEGER,
    MIN_SAFE_INTEGER: Number.MIN_SAFE_INTEGER,
  }),
  JSON: new Namespace('JSON', builtins('JSON.', { parse: jsonParse, stringify: jsonStringify })),
  Object: new Namespace(
    'Object',
    builtins('Object.', {
      keys: FUNCTIONS.keys!,
      values: FUNCTIONS.values!,
      entries: ([x], run) => {
        const v = plain(run, x);
        return isPlainObject(v) ? Object.keys(v).map((k) => [k, v[k]]) : [];
      },
    }),
  ),
  Array: new Namespace('Array', builtins('Array.', { isArray: ([x], run) => Array.isArray(plain(run, x)) })),
  Date: new Namespace('Date', builtins('Date.', { now: FUNCTIONS.now! })),
};
