/**
 * Evaluates an expression AST over data. No JavaScript is run: every operator and function is
 * implemented here, data is read through `values.getChild` (own data properties only), method
 * calls go to fixed tables (methods.ts), and the budget stops runaway expressions.
 */
import { isQuireError, QuireError } from '../../errors';
import { DEFAULT_TIME_ZONE, resolveTimeZone } from '../../format';
import { FORBIDDEN_SEGMENTS } from '../path';
import { defaultToPlain, getChild, isPlainObject, type ToPlain } from '../values';
import type { ExprNode } from './ast';
import { GLOBAL_FUNCTIONS, NAMESPACES } from './library';
import { methodFor } from './methods';
import { parseExpression } from './parser';
import {
  Builtin,
  charge,
  checkSize,
  compare,
  evalError,
  isCallable,
  Lambda,
  type Locals,
  limitError,
  looseEquals,
  Namespace,
  num,
  plain,
  type Run,
  str,
  strictEquals,
  truthy,
} from './runtime';

export interface ExprOptions {
  /**
   * The value of a name the expression uses that is not an arrow-function parameter; undefined
   * when the data has no such name. Called for data names only (library names are separate).
   */
  lookup: (name: string) => unknown;
  toPlain?: ToPlain;
  /** BCP 47 language for number and date helpers; en-US by default. */
  locale?: string;
  /** IANA zone for date helpers; Asia/Shanghai by default. */
  timeZone?: string;
  /** Steps one evaluation may take (nodes visited plus work inside functions); 1,000,000 by default. */
  maxSteps?: number;
  /** The clock for `now()`/`today()`; Date.now by default. */
  now?: () => number;
}

export const DEFAULT_MAX_STEPS = 1_000_000;
/** Arrow functions calling arrow functions deeper than this stop (`(f => f(f))(f => f(f))`). */
const MAX_CALL_DEPTH = 32;

function forbidden(name: string): QuireError {
  return new QuireError('ExprForbidden', { detail: name, params: { name } });
}

/** A value's property as data: own data of records and lists, `length` of text and lists. */
function readMember(run: Run, object: unknown, key: string): unknown {
  if (FORBIDDEN_SEGMENTS.has(key)) throw forbidden(key);
  if (object instanceof Namespace) return Object.hasOwn(object.members, key) ? object.members[key] : undefined;
  if (isCallable(object)) return undefined;
  const value = plain(run, object);
  if (typeof value === 'string') {
    if (key === 'length') return value.length;
    return /^\d+$/.test(key) ? value[Number(key)] : undefined;
  }
  if (Array.isArray(value) || isPlainObject(value)) return getChild(value, key, run.toPlain);
  return undefined;
}

function indexKey(run: Run, key: unknown): string | undefined {
  const k = plain(run, key);
  if (typeof k === 'number') return Number.isInteger(k) && k >= 0 ? String(k) : undefined;
  if (typeof k === 'string') return k;
  return undefined;
}

function lookupLocal(locals: Locals | undefined, name: string): { found: boolean; value?: unknown } {
  for (let l = locals; l; l = l.parent) {
    const i = l.names.indexOf(name);
    if (i >= 0) return { found: true, value: l.values[i] };
  }
  return { found: false };
}

class Evaluator {
  readonly run: Run;
  constructor(private readonly options: ExprOptions) {
    const timeZone = resolveTimeZone(options.timeZone ?? DEFAULT_TIME_ZONE);
    this.run = {
      steps: 0,
      maxSteps: options.maxSteps ?? DEFAULT_MAX_STEPS,
      depth: 0,
      toPlain: options.toPlain ?? defaultToPlain,
      locale: options.locale ?? 'en-US',
      timeZone,
      now: options.now ?? Date.now,
      call: (fn, args) => this.call(fn, args),
    };
  }

  call(fn: unknown, args: unknown[]): unknown {
    charge(this.run, 1);
    if (fn instanceof Builtin) return fn.impl(args, this.run);
    if (!(fn instanceof Lambda)) throw evalError('called something that is not a function');
    if (++this.run.depth > MAX_CALL_DEPTH) throw limitError(`functions nested more than ${MAX_CALL_DEPTH} deep`);
    try {
      const locals: Locals = { names: fn.params, values: fn.params.map((_, i) => args[i]), parent: fn.locals };
      return this.eval(fn.body, locals);
    } finally {
      this.run.depth--;
    }
  }

  private evalList(nodes: readonly ExprNode[], locals: Locals | undefined): unknown[] {
    const out: unknown[] = [];
    for (const node of nodes) {
      if (node.type !== 'spread') {
        out.push(this.eval(node, locals));
        continue;
      }
      const items = plain(this.run, this.eval(node.arg, locals));
      if (typeof items === 'string') out.push(...items);
      else if (Array.isArray(items)) {
        checkSize(this.run, out.length + items.length);
        out.push(...items);
      } else throw evalError('only a list or text can be spread with ...');
    }
    return out;
  }

  private evalCall(node: Extract<ExprNode, { type: 'call' }>, locals: Locals | undefined): unknown {
    const callee = node.callee;
    if (callee.type === 'id') {
      const local = lookupLocal(locals, callee.name);
      if (local.found) return this.call(local.value, this.evalList(node.args, locals));
      if (!Object.hasOwn(GLOBAL_FUNCTIONS, callee.name)) throw evalError(`unknown function ${callee.name}()`);
      return this.call(GLOBAL_FUNCTIONS[callee.name], this.evalList(node.args, locals));
    }
    if (callee.type === 'member' || callee.type === 'index') {
      const object = this.eval(callee.object, locals);
      const name = callee.type === 'member' ? callee.name : indexKey(this.run, this.eval(callee.index, locals));
      if (name === undefined) throw evalError('called something that is not a function');
      if (FORBIDDEN_SEGMENTS.has(name)) throw forbidden(name);
      if (object instanceof Namespace) {
        const member = Object.hasOwn(object.members, name) ? object.members[name] : undefined;
        if (!(member instanceof Builtin)) throw evalError(`unknown function ${object.name}.${name}()`);
        return this.call(member, this.evalList(node.args, locals));
      }
      const value = plain(this.run, object);
      const method = methodFor(value, name);
      if (method) return method(this.evalList(node.args, locals), this.run);
      // A record holding an arrow function is not possible (data has none), so this is an error.
      const own = readMember(this.run, object, name);
      if (isCallable(own)) return this.call(own, this.evalList(node.args, locals));
      throw evalError(`unknown method .${name}() on ${kindOf(value)}`);
    }
    return this.call(this.eval(callee, locals), this.evalList(node.args, locals));
  }

  eval(node: ExprNode, locals: Locals | undefined): unknown {
    const run = this.run;
    charge(run, 1);
    switch (node.type) {
      case 'lit':
        return node.value;
      case 'undef':
        return undefined;
      case 'tmpl': {
        let text = node.quasis[0] ?? '';
        node.exprs.forEach((expr, i) => {
          text += str(run, this.eval(expr, locals)) + (node.quasis[i + 1] ?? '');
          checkSize(run, text.length);
        });
        return text;
      }
      case 'id': {
        const local = lookupLocal(locals, node.name);
        if (local.found) return local.value;
        if (FORBIDDEN_SEGMENTS.has(node.name)) throw forbidden(node.name);
        const value = this.options.lookup(node.name);
        if (value !== undefined) return typeof value === 'function' || typeof value === 'symbol' ? undefined : value;
        if (Object.hasOwn(NAMESPACES, node.name)) return NAMESPACES[node.name];
        if (Object.hasOwn(GLOBAL_FUNCTIONS, node.name)) return GLOBAL_FUNCTIONS[node.name];
        return undefined;
      }
      case 'member':
        return readMember(run, this.eval(node.object, locals), node.name);
      case 'index': {
        const object = this.eval(node.object, locals);
        const key = indexKey(run, this.eval(node.index, locals));
        return key === undefined ? undefined : readMember(run, object, key);
      }
      case 'call':
        return this.evalCall(node, locals);
      case 'unary': {
        const v = this.eval(node.arg, locals);
        if (node.op === '!') return !truthy(run, v);
        return node.op === '-' ? -num(run, v) : num(run, v);
      }
      case 'logical': {
        const left = this.eval(node.left, locals);
        if (node.op === '&&') return truthy(run, left) ? this.eval(node.right, locals) : left;
        if (node.op === '||') return truthy(run, left) ? left : this.eval(node.right, locals);
        return left === undefined || left === null ? this.eval(node.right, locals) : left;
      }
      case 'cond':
        return truthy(run, this.eval(node.test, locals)) ? this.eval(node.then, locals) : this.eval(node.else, locals);
      case 'binary':
        return this.binary(node.op, this.eval(node.left, locals), this.eval(node.right, locals));
      case 'array': {
        const items = this.evalList(node.items, locals);
        checkSize(run, items.length);
        return items;
      }
      case 'object': {
        // A record without a prototype: no key written here can reach Object.prototype.
        const record: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
        for (const entry of node.entries) {
          if (FORBIDDEN_SEGMENTS.has(entry.key)) throw forbidden(entry.key);
          record[entry.key] = this.eval(entry.value, locals);
        }
        return record;
      }
      case 'arrow':
        return new Lambda(node.params, node.body, locals);
      case 'spread':
        throw evalError('... is only allowed in a list or in a call');
    }
  }

  private binary(op: string, a: unknown, b: unknown): unknown {
    const run = this.run;
    switch (op) {
      case '+': {
        const x = plain(run, a);
        const y = plain(run, b);
        const numeric = (v: unknown) => typeof v === 'number' || typeof v === 'boolean' || v == null;
        if (numeric(x) && numeric(y)) return num(run, x) + num(run, y);
        const text = str(run, a) + str(run, b);
        checkSize(run, text.length);
        return text;
      }
      case '-':
        return num(run, a) - num(run, b);
      case '*':
        return num(run, a) * num(run, b);
      case '/':
        return num(run, a) / num(run, b);
      case '%':
        return num(run, a) % num(run, b);
      case '**':
        return num(run, a) ** num(run, b);
      case '==':
        return looseEquals(run, a, b);
      case '!=':
        return !looseEquals(run, a, b);
      case '===':
        return strictEquals(run, a, b);
      case '!==':
        return !strictEquals(run, a, b);
      case '<':
        return compare(run, a, b) < 0;
      case '<=':
        return compare(run, a, b) <= 0;
      case '>':
        return compare(run, a, b) > 0;
      default:
        return compare(run, a, b) >= 0;
    }
  }
}

function kindOf(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value === null || value === undefined) return 'an empty value';
  return typeof value === 'object' ? 'a record' : `a ${typeof value}`;
}

/** Functions and namespaces never leave the evaluator: they become undefined in results. */
function toData(value: unknown, depth = 0): unknown {
  if (isCallable(value) || value instanceof Namespace) return undefined;
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    if (!value.some((v) => v !== null && typeof v === 'object')) return value;
    let changed = false;
    const out = value.map((v) => {
      const d = toData(v, depth + 1);
      if (d !== v) changed = true;
      return d;
    });
    return changed ? out : value;
  }
  if (Object.getPrototypeOf(value) !== null) return value;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const clean = toData(record[key], depth + 1);
    if (clean !== record[key]) record[key] = clean;
  }
  return record;
}

/**
 * Evaluates a parsed expression. Returns plain data; every failure is a QuireError:
 * `ExprEvalError`, `ExprForbidden` (`constructor`, `__proto__`, `prototype`) or
 * `ExprLimitExceeded` (step budget, call depth, result size).
 */
export function evaluateAst(node: ExprNode, options: ExprOptions): unknown {
  const evaluator = new Evaluator(options);
  try {
    return toData(evaluator.eval(node, undefined));
  } catch (error) {
    if (isQuireError(error)) throw error;
    // The stack or the heap ran out despite the caps: still a catalogued stop, never a crash.
    if (error instanceof RangeError) throw limitError(error.message);
    throw evalError(error instanceof Error ? error.message : String(error));
  }
}

const cache = new Map<string, ExprNode | QuireError>();
const CACHE_LIMIT = 2000;

/** Parses with a small cache (templates evaluate the same expression once per record). */
export function parseCachedExpression(source: string): ExprNode {
  let hit = cache.get(source);
  if (hit === undefined) {
    try {
      hit = parseExpression(source);
    } catch (error) {
      if (!isQuireError(error)) {
        hit =
          error instanceof RangeError
            ? limitError('expression nested too deeply')
            : evalError(error instanceof Error ? error.message : String(error));
      } else hit = error;
    }
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(source, hit);
  }
  if (hit instanceof QuireError) throw hit;
  return hit;
}

/** Parses (cached) and evaluates expression text. */
export function evaluateExpressionText(source: string, options: ExprOptions): unknown {
  return evaluateAst(parseCachedExpression(source), options);
}

/** Options whose names come from one plain record (plus `extra` names, e.g. loop variables). */
export function recordLookup(data: unknown, toPlain: ToPlain = defaultToPlain): (name: string) => unknown {
  return (name) => getChild(data, name, toPlain);
}
