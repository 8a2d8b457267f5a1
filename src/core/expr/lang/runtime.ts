/**
 * What the evaluator passes around besides data: functions (arrow functions written in the
 * expression, built-in library functions) and namespaces (`Math`, `JSON`…). They are instances of
 * classes private to this module, so a value from the data can never pose as one, and no host
 * function is ever reachable.
 */
import { QuireError } from '../../errors';
import { toText as dataText, numberText, type ToPlain } from '../values';
import type { ExprNode } from './ast';

/** Variables of arrow-function parameters, innermost first. */
export interface Locals {
  readonly names: readonly string[];
  readonly values: readonly unknown[];
  readonly parent: Locals | undefined;
}

export class Lambda {
  constructor(
    readonly params: readonly string[],
    readonly body: ExprNode,
    readonly locals: Locals | undefined,
  ) {}
}

export type BuiltinImpl = (args: unknown[], run: Run) => unknown;

export class Builtin {
  constructor(
    readonly name: string,
    readonly impl: BuiltinImpl,
  ) {}
}

export class Namespace {
  constructor(
    readonly name: string,
    readonly members: Readonly<Record<string, Builtin | number>>,
  ) {}
}

type Callable = Lambda | Builtin;

export function isCallable(value: unknown): value is Callable {
  return value instanceof Lambda || value instanceof Builtin;
}

/** One evaluation's state: its budget, its options and the way back into the evaluator. */
export interface Run {
  steps: number;
  readonly maxSteps: number;
  depth: number;
  readonly toPlain: ToPlain;
  readonly locale: string;
  readonly timeZone: string;
  readonly now: () => number;
  /** Calls an arrow function or a library function with arguments. */
  call(fn: unknown, args: unknown[]): unknown;
}

/** Results longer than this (text characters, list items) stop the expression. */
const MAX_SIZE = 1_000_000;

export function limitError(detail: string): QuireError {
  return new QuireError('ExprLimitExceeded', { detail, params: { detail } });
}

export function evalError(detail: string): QuireError {
  return new QuireError('ExprEvalError', { detail, params: { detail } });
}

/** Charges `n` steps; past the budget the expression stops. */
export function charge(run: Run, n: number): void {
  run.steps += n;
  if (run.steps > run.maxSteps) throw limitError(`more than ${run.maxSteps} steps`);
}

export function checkSize(run: Run, size: number): void {
  if (size > MAX_SIZE) throw limitError(`a result of ${size} characters or items`);
  charge(run, Math.ceil(size / 64));
}

/** The data value behind an open value (see values.defaultToPlain); dates become epoch ms. */
export function plain(run: Run, value: unknown): unknown {
  const unwrapped = run.toPlain(value);
  return unwrapped instanceof Date ? unwrapped.getTime() : unwrapped;
}

/** Number coercion as JavaScript does it for scalars; lists, records and functions are NaN. */
export function num(run: Run, value: unknown): number {
  const v = plain(run, value);
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return v.trim() === '' ? 0 : Number(v.trim());
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v === null) return 0;
  return NaN;
}

/** Text of a value as templates print it (open values print their display text). */
export function str(run: Run, value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isNaN(value) ? 'NaN' : numberText(value) || String(value);
  if (value === undefined) return '';
  if (isCallable(value) || value instanceof Namespace) return '';
  return dataText(value, run.toPlain);
}

/** JavaScript truthiness, except that an empty list is false (as template sections treat it). */
export function truthy(run: Run, value: unknown): boolean {
  const v = plain(run, value);
  if (Array.isArray(v)) return v.length > 0;
  return Boolean(v);
}

export function list(run: Run, value: unknown): unknown[] | undefined {
  const v = plain(run, value);
  return Array.isArray(v) ? v : undefined;
}

/** `==`: strict, except numbers meet numeric text and booleans, and null meets undefined. */
export function looseEquals(run: Run, a: unknown, b: unknown): boolean {
  const x = plain(run, a);
  const y = plain(run, b);
  if (x === y) return true;
  if (x == null || y == null) return x == null && y == null;
  const tx = typeof x;
  const ty = typeof y;
  if (tx === ty) return false;
  const scalar = (t: string) => t === 'number' || t === 'string' || t === 'boolean';
  if (scalar(tx) && scalar(ty)) return num(run, x) === num(run, y);
  return false;
}

export function strictEquals(run: Run, a: unknown, b: unknown): boolean {
  return plain(run, a) === plain(run, b);
}

/** `<` and friends: text with text compares as text, anything else as numbers. */
export function compare(run: Run, a: unknown, b: unknown): number {
  const x = plain(run, a);
  const y = plain(run, b);
  if (typeof x === 'string' && typeof y === 'string') return x < y ? -1 : x > y ? 1 : 0;
  const nx = num(run, x);
  const ny = num(run, y);
  if (Number.isNaN(nx) || Number.isNaN(ny)) return NaN;
  return nx < ny ? -1 : nx > ny ? 1 : 0;
}
