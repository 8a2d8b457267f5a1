/**
 * What the evaluator treats as data: plain JSON values, with a hook that turns richer values
 * (the data layer's open values) into plain ones. Lookups touch own properties of plain objects
 * and arrays only, so no template can reach a prototype, a getter or a function.
 */
import { isForbiddenSegment } from './path';

/** Turns a value the data layer passes into plain JSON for lookups and filters. */
export type ToPlain = (value: unknown) => unknown;

/** An image after the size/maxSize/toImages filters: what Office templates place as a picture. */
export interface ImageValue {
  kind: 'image';
  url: string;
  fileName?: string;
  mime?: string;
  width?: number;
  height?: number;
  /** 'exact' from `size`, 'max' from `maxSize` (scale down, keep aspect ratio). */
  fit?: 'exact' | 'max';
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

export function isImageValue(value: unknown): value is ImageValue {
  return isPlainObject(value) && value.kind === 'image' && typeof value.url === 'string';
}

const OPEN_KINDS: Record<string, string> = {
  string: 'value',
  text: 'value',
  number: 'numberValue',
  bool: 'value',
  numberList: 'numberListValue',
  datetime: 'timestamp',
  attachments: 'attachments',
  map: 'fields',
  list: 'items',
};

/** Keys that mark an open value even without a kind (they do not occur in ordinary records). */
const DISTINCT_KEYS = ['numberValue', 'numberListValue', 'timestamp'] as const;

/**
 * The default adapter for open values (spec 001 §3.7): a value carrying `kind` or `type` naming
 * an open kind, and no keys besides its payload and displayText, unwraps to its payload
 * (map → fields, list → items, number → numberValue, …);
 * `{numberValue | numberListValue | timestamp, displayText}` unwraps without a kind. Everything
 * else is returned as it is.
 */
export const defaultToPlain: ToPlain = (value) => {
  if (!isPlainObject(value)) return value;
  const kind = typeof value.kind === 'string' ? value.kind : typeof value.type === 'string' ? value.type : undefined;
  const keys = Object.keys(value);
  if (kind !== undefined && Object.hasOwn(OPEN_KINDS, kind)) {
    const key = OPEN_KINDS[kind]!;
    // Only the open value's own keys: a record that merely has a `type` field stays a record.
    const onlyOpenKeys = keys.every((k) => k === key || k === 'displayText' || k === 'kind' || k === 'type');
    if (Object.hasOwn(value, key) && onlyOpenKeys) return value[key];
  }
  for (const key of DISTINCT_KEYS) {
    if (
      Object.hasOwn(value, key) &&
      keys.every((k) => k === key || k === 'displayText' || k === 'kind' || k === 'type')
    ) {
      return value[key];
    }
  }
  return value;
};

/** One lookup step: own data only, never a forbidden segment, never a function. */
export function getChild(container: unknown, segment: string, toPlain: ToPlain): unknown {
  if (isForbiddenSegment(segment)) return undefined;
  const plain = toPlain(container);
  if (Array.isArray(plain) && segment === 'length') return plain.length;
  if (Array.isArray(plain) ? !/^\d+$/.test(segment) : !isPlainObject(plain)) return undefined;
  // A data property's value only: an accessor (getter) is never invoked.
  const descriptor = Object.getOwnPropertyDescriptor(plain, segment);
  const child: unknown = descriptor && 'value' in descriptor ? descriptor.value : undefined;
  return typeof child === 'function' || typeof child === 'symbol' ? undefined : child;
}

/** Empty for templates: undefined, null, '', whitespace, empty list, NaN. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (typeof value === 'number') return Number.isNaN(value);
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** Section truthiness: JS truthiness for scalars, non-empty lists, any object. */
export function isTruthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'string') return value.trim() !== '';
  return Boolean(value);
}

const MAX_TEXT_DEPTH = 32;

/**
 * A number as people write it: no float noise (0.1 + 0.2 → 0.3), no exponent form
 * (1e21 → 1000000000000000000000, 1e-7 → 0.0000001). Integers print exactly.
 */
export function numberText(value: number): string {
  if (!Number.isFinite(value)) return '';
  if (Number.isInteger(value)) return Math.abs(value) >= 1e21 ? BigInt(value).toString() : String(value);
  const clean = Number(value.toPrecision(15));
  const text = String(clean);
  if (!text.includes('e')) return text;
  return clean.toFixed(20).replace(/\.?0+$/, '');
}

/** Display text of a value: open values print their displayText; lists join with ', '. */
export function toText(value: unknown, toPlain: ToPlain = defaultToPlain, depth = 0): string {
  // Deeper than any real record: a cyclic or hostile value prints nothing instead of overflowing.
  if (value === undefined || value === null || depth > MAX_TEXT_DEPTH) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value))
    return value
      .map((item) => toText(item, toPlain, depth + 1))
      .filter((t) => t !== '')
      .join(', ');
  if (!isPlainObject(value)) return '';
  if (typeof value.displayText === 'string') return value.displayText;
  if (isImageValue(value)) return value.url;
  const plain = toPlain(value);
  if (plain !== value) return toText(plain, toPlain, depth + 1);
  if (typeof value.fileName === 'string') return value.fileName;
  if (typeof value.name === 'string') return value.name;
  if (typeof value.text === 'string') return value.text;
  if (Object.hasOwn(value, 'value') && (typeof value.value !== 'object' || value.value === null)) {
    return toText(value.value, toPlain, depth + 1);
  }
  return '';
}
