/**
 * The values an outside system posts for an open document instance (issue 15): each either plain
 * (`"ACME"`, `12.5`, `true`, `[1, 2]`, an epoch-ms or ISO date, a URL for a file, an object for a
 * map, an array for a list) or an open value of spec 001 §3.7 — with its `type`, or by its fields
 * alone (`{numberValue, displayText}`, `{timestamp, displayText}`, `{attachments}`…), as the spec's
 * table lists them. Every value becomes the open value of its variable's field type; every field
 * that does not fit is listed (path and reason), and a field the data source does not know is one
 * of them, so a typo never silently prints blank.
 */
import { QuireError } from '../errors';
import {
  groupVariables,
  type OpenDataSource,
  openKindOf,
  parseOpenValues,
  specVariables,
  type Variable,
} from './dataSource';
import { type OpenAttachment, type OpenValue, openValueSchema } from './openValue';

type Issue = { path: string; reason: string };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Nesting deeper than this is refused rather than walked (a self-referencing spec, hostile input). */
const MAX_DEPTH = 16;

function kindOf(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value === null) return 'null';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function fileNameOf(url: string): string {
  const path = url.split(/[?#]/)[0] ?? '';
  const last = path.split('/').filter(Boolean).at(-1);
  try {
    return last ? decodeURIComponent(last) : 'file';
  } catch {
    return last ?? 'file';
  }
}

function attachmentOf(raw: unknown): OpenAttachment | undefined {
  if (typeof raw === 'string' && raw.trim() !== '') return { fileName: fileNameOf(raw), url: raw };
  if (isObject(raw) && typeof raw.url === 'string') {
    const parsed = openValueSchema.safeParse({
      type: 'attachments',
      attachments: [{ fileName: fileNameOf(raw.url), ...raw }],
    });
    if (parsed.success && parsed.data.type === 'attachments') return parsed.data.attachments[0];
  }
  return undefined;
}

function timestampOf(raw: unknown): number | undefined {
  if (typeof raw === 'number' && Number.isFinite(raw)) return raw;
  if (typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}/.test(raw)) {
    const ms = Date.parse(raw);
    return Number.isNaN(ms) ? undefined : ms;
  }
  return undefined;
}

class Coercer {
  readonly issues: Issue[] = [];
  constructor(private readonly source: OpenDataSource) {}

  fields(variables: Variable[], raw: unknown, path: string, depth: number): Record<string, OpenValue | null> {
    const out: Record<string, OpenValue | null> = {};
    if (!isObject(raw)) {
      this.issues.push({ path: path || '(root)', reason: `expected an object of values, got ${kindOf(raw)}` });
      return out;
    }
    const known = new Set(variables.map((v) => v.fieldName));
    for (const key of Object.keys(raw))
      if (!known.has(key)) this.issues.push({ path: path ? `${path}.${key}` : key, reason: 'not in the data source' });
    for (const variable of variables) {
      const at = path ? `${path}.${variable.fieldName}` : variable.fieldName;
      const value = raw[variable.fieldName];
      out[variable.fieldName] = value === undefined || value === null ? null : this.value(variable, value, at, depth);
    }
    return out;
  }

  private mismatch(path: string, variable: Variable, raw: unknown): null {
    this.issues.push({ path, reason: `expected ${variable.fieldType}, got ${kindOf(raw)}` });
    return null;
  }

  /** An open value given with its `type`: kept when it is the variable's kind (maps and lists are walked). */
  private typed(variable: Variable, raw: Record<string, unknown>, path: string, depth: number): OpenValue | null {
    const parsed = openValueSchema.safeParse(raw);
    if (!parsed.success) {
      this.issues.push({ path, reason: parsed.error.issues[0]?.message ?? 'not an open value' });
      return null;
    }
    const kind = openKindOf(variable.fieldType);
    const value = parsed.data;
    if (value.type !== kind && !(kind === 'string' && value.type === 'text')) {
      this.issues.push({ path, reason: `expected ${variable.fieldType}, got an open value of type ${value.type}` });
      return null;
    }
    if (value.type === 'map') return this.value(variable, value.fields, path, depth);
    if (value.type === 'list') return this.value(variable, value.items, path, depth);
    return value;
  }

  value(variable: Variable, raw: unknown, path: string, depth: number): OpenValue | null {
    if (depth > MAX_DEPTH) {
      this.issues.push({ path, reason: `nested deeper than ${MAX_DEPTH} levels` });
      return null;
    }
    if (isObject(raw) && typeof raw.type === 'string' && variable.fieldType !== 'map')
      return this.typed(variable, raw, path, depth);
    switch (variable.fieldType) {
      case 'string':
        if (typeof raw === 'string') return { type: 'string', value: raw };
        if (isObject(raw) && typeof raw.value === 'string') return { type: 'string', value: raw.value };
        return this.mismatch(path, variable, raw);
      case 'number':
        if (typeof raw === 'number' && Number.isFinite(raw)) return { type: 'number', numberValue: raw };
        if (isObject(raw) && typeof raw.numberValue === 'number')
          return openValueSchema.safeParse({ type: 'number', ...raw }).data ?? this.mismatch(path, variable, raw);
        return this.mismatch(path, variable, raw);
      case 'bool':
        if (typeof raw === 'boolean') return { type: 'bool', value: raw };
        if (isObject(raw) && typeof raw.value === 'boolean')
          return openValueSchema.safeParse({ type: 'bool', ...raw }).data ?? this.mismatch(path, variable, raw);
        return this.mismatch(path, variable, raw);
      case 'numberList':
        if (Array.isArray(raw) && raw.every((n) => typeof n === 'number' && Number.isFinite(n)))
          return { type: 'numberList', numberListValue: raw as number[] };
        if (isObject(raw) && Array.isArray(raw.numberListValue))
          return openValueSchema.safeParse({ type: 'numberList', ...raw }).data ?? this.mismatch(path, variable, raw);
        return this.mismatch(path, variable, raw);
      case 'datetime': {
        const plain = timestampOf(raw);
        // A calendar date prints as that date whatever the template's zone; instants are
        // formatted in the template's zone when printed (core/print/build.ts).
        const day = typeof raw === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw) : null;
        if (plain !== undefined && day)
          return { type: 'datetime', timestamp: plain, displayText: `${day[1]}/${day[2]}/${day[3]}` };
        if (plain !== undefined) return { type: 'datetime', timestamp: plain };
        if (isObject(raw) && typeof raw.timestamp === 'number')
          return openValueSchema.safeParse({ type: 'datetime', ...raw }).data ?? this.mismatch(path, variable, raw);
        this.issues.push({ path, reason: `expected datetime (epoch ms or an ISO date), got ${kindOf(raw)}` });
        return null;
      }
      case 'attachment':
      case 'attachments':
      case 'inline-image':
      case 'inline-images': {
        const list =
          isObject(raw) && Array.isArray(raw.attachments) ? raw.attachments : Array.isArray(raw) ? raw : [raw];
        const attachments: OpenAttachment[] = [];
        for (const [index, item] of list.entries()) {
          const file = attachmentOf(item);
          if (file) attachments.push(file);
          else this.issues.push({ path: `${path}[${index}]`, reason: 'expected a URL or a file with a url' });
        }
        return { type: 'attachments', attachments };
      }
      case 'map': {
        const fields = isObject(raw) && raw.type === 'map' && isObject(raw.fields) ? raw.fields : raw;
        if (!isObject(fields)) return this.mismatch(path, variable, raw);
        if (variable.specId === undefined) {
          // A map without a spec: each field as given (open values, or plain values by their JS type).
          const out: Record<string, OpenValue | null> = {};
          for (const [key, field] of Object.entries(fields))
            out[key] = this.untyped(field, `${path}.${key}`, depth + 1);
          return { type: 'map', fields: out };
        }
        return {
          type: 'map',
          fields: this.fields(specVariables(this.source, variable.specId), fields, path, depth + 1),
        };
      }
      case 'list': {
        const items = isObject(raw) && Array.isArray(raw.items) ? raw.items : raw;
        if (!Array.isArray(items)) return this.mismatch(path, variable, raw);
        const spec = variable.specId === undefined ? undefined : specVariables(this.source, variable.specId);
        return {
          type: 'list',
          items: items.flatMap((item, index) => {
            const at = `${path}[${index}]`;
            const value = spec
              ? ({
                  type: 'map',
                  fields: this.fields(spec, isObject(item) && item.type === 'map' ? item.fields : item, at, depth + 1),
                } as OpenValue)
              : this.untyped(item, at, depth + 1);
            return value ? [value] : [];
          }),
        };
      }
    }
  }

  /** A value with no variable to say its type: an open value as it is, else by its JS type. */
  private untyped(raw: unknown, path: string, depth: number): OpenValue | null {
    if (raw === null || raw === undefined) return null;
    if (depth > MAX_DEPTH) {
      this.issues.push({ path, reason: `nested deeper than ${MAX_DEPTH} levels` });
      return null;
    }
    if (isObject(raw) && typeof raw.type === 'string') {
      const parsed = openValueSchema.safeParse(raw);
      if (parsed.success) return parsed.data;
      this.issues.push({ path, reason: parsed.error.issues[0]?.message ?? 'not an open value' });
      return null;
    }
    if (typeof raw === 'string') return { type: 'string', value: raw };
    if (typeof raw === 'number' && Number.isFinite(raw)) return { type: 'number', numberValue: raw };
    if (typeof raw === 'boolean') return { type: 'bool', value: raw };
    if (Array.isArray(raw))
      return { type: 'list', items: raw.flatMap((item, i) => this.untyped(item, `${path}[${i}]`, depth + 1) ?? []) };
    if (isObject(raw)) {
      const fields: Record<string, OpenValue | null> = {};
      for (const [key, field] of Object.entries(raw)) fields[key] = this.untyped(field, `${path}.${key}`, depth + 1);
      return { type: 'map', fields };
    }
    this.issues.push({ path, reason: `cannot read ${kindOf(raw)}` });
    return null;
  }
}

/**
 * An instance's posted values as open values of its data source. Throws DataInvalid listing every
 * mismatched field; the result has passed `parseOpenValues` too (html sanitised).
 */
export function instanceValues(source: OpenDataSource, input: unknown): Record<string, OpenValue | null> {
  const coercer = new Coercer(source);
  const variables = source.groups.flatMap((group) => groupVariables(source, group));
  const values = coercer.fields(variables, input, '', 0);
  if (coercer.issues.length > 0) throw new QuireError('DataInvalid', { issues: coercer.issues.slice(0, 200) });
  return parseOpenValues(source, values);
}
