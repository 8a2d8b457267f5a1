/**
 * Evaluates parsed templates over plain data. Paths are looked up from the innermost loop item
 * outwards (like Mustache), filters run left to right, and output is text. Nothing in a template
 * can call a function or reach a prototype: see values.ts.
 */
import { isQuireError, QuireError } from '../errors';
import { DEFAULT_TIME_ZONE, resolveTimeZone } from '../format';
import type { Delimiters, FilterCall, TagExpression, TemplateNode } from './ast';
import { FILTERS, type FilterContext, type FilterFn } from './filters';
import type { ExprNode } from './lang/ast';
import { evaluateAst } from './lang/evaluate';
import { parseFilters, parseTagExpression, parseTemplate } from './parse';
import type { VariablePath } from './path';
import { defaultToPlain, getChild, isEmptyValue, isTruthy, type ToPlain, toText } from './values';

export interface EvalOptions {
  /** BCP 47 language for number and date styles; en-US by default. */
  locale?: string;
  /** IANA zone for dates; Asia/Shanghai by default. */
  timeZone?: string;
  delimiters?: Delimiters;
  /** Adapter from the data layer's values to plain JSON; the default unwraps open values. */
  toPlain?: ToPlain;
  /** Extra filters (by name) on top of the built-in ones; built-ins cannot be replaced. */
  filters?: Readonly<Record<string, FilterFn>>;
}

interface Frame {
  value: unknown;
  index?: number;
}

/** The data a template sees: the root record and the loop items entered so far. */
export interface Scope {
  readonly frames: readonly Frame[];
}

export function rootScope(data: unknown): Scope {
  return { frames: [{ value: data }] };
}

export function withItem(scope: Scope, value: unknown, index?: number): Scope {
  return { frames: [...scope.frames, { value, index }] };
}

function loopMeta(scope: Scope, name: string): number | undefined {
  for (let i = scope.frames.length - 1; i >= 0; i--) {
    const index = scope.frames[i]!.index;
    if (index !== undefined) return name === '$index' ? index : index + 1;
  }
  return undefined;
}

/** Resolves a path: `#` is the current item; other paths search from the innermost item out. */
export function resolvePath(scope: Scope, path: VariablePath, toPlain: ToPlain = defaultToPlain): unknown {
  const frames = scope.frames;
  if (path.current) {
    let value = frames[frames.length - 1]?.value;
    for (const segment of path.segments) value = getChild(value, segment, toPlain);
    return value;
  }
  const [first, ...rest] = path.segments;
  if (first === undefined) return undefined;
  if (first === '$index' || first === '$number') return rest.length === 0 ? loopMeta(scope, first) : undefined;
  for (let i = frames.length - 1; i >= 0; i--) {
    let value = getChild(frames[i]!.value, first, toPlain);
    if (value === undefined) continue;
    for (const segment of rest) value = getChild(value, segment, toPlain);
    return value;
  }
  return undefined;
}

interface Resolved {
  toPlain: ToPlain;
  ctx: FilterContext;
  filters: (name: string) => FilterFn | undefined;
}

/**
 * Prepared options by object: resolve builds one options object per document and evaluates every
 * variable of it with that object, so the filter lookup and context are built once, not per value.
 */
const preparedByOptions = new WeakMap<EvalOptions, { key: EvalOptions; resolved: Resolved }>();

function prepare(options: EvalOptions): Resolved {
  const hit = preparedByOptions.get(options);
  // The fields are compared too: a caller may reuse one options object with other settings.
  if (hit && sameOptions(hit.key, options)) return hit.resolved;
  const resolved = prepareNew(options);
  preparedByOptions.set(options, { key: { ...options }, resolved });
  return resolved;
}

function sameOptions(a: EvalOptions, b: EvalOptions): boolean {
  return (
    a.locale === b.locale &&
    a.timeZone === b.timeZone &&
    a.toPlain === b.toPlain &&
    a.filters === b.filters &&
    a.delimiters === b.delimiters
  );
}

function prepareNew(options: EvalOptions): Resolved {
  const toPlain = options.toPlain ?? defaultToPlain;
  const extra = options.filters ?? {};
  const filters = (name: string): FilterFn | undefined =>
    Object.hasOwn(FILTERS, name) ? FILTERS[name] : Object.hasOwn(extra, name) ? extra[name] : undefined;
  const isKnownFilter = (name: string) => filters(name) !== undefined;
  const ctx: FilterContext = {
    locale: options.locale || 'en-US',
    timeZone: resolveTimeZone(options.timeZone ?? DEFAULT_TIME_ZONE),
    toPlain,
    apply: (call, value) => applyFilter(call, value, ctx, filters),
    parseFilters: (text) => parseFilters(text, `chain '${text}'`, { isKnownFilter }),
  };
  return { toPlain, ctx, filters };
}

function applyFilter(
  call: FilterCall,
  value: unknown,
  ctx: FilterContext,
  filters: (name: string) => FilterFn | undefined,
): unknown {
  const fn = filters(call.name);
  if (!fn) {
    throw new QuireError('TemplateParseError', {
      detail: `unknown filter '${call.name}'`,
      issues: [{ path: call.name, reason: `unknown filter '${call.name}'` }],
    });
  }
  try {
    return fn(value, call.args, ctx);
  } catch (error) {
    if (isQuireError(error)) throw error;
    throw new QuireError('TemplateRendererror', { detail: `filter '${call.name}' failed`, cause: error });
  }
}

/** An expression tag's value: bare names resolve like paths, from the innermost loop item out. */
function evaluateCode(code: ExprNode, scope: Scope, resolved: Resolved): unknown {
  return evaluateAst(code, {
    lookup: (name) => resolvePath(scope, { segments: [name], current: false }, resolved.toPlain),
    toPlain: resolved.toPlain,
    locale: resolved.ctx.locale,
    timeZone: resolved.ctx.timeZone,
  });
}

function evaluateIn(expr: TagExpression, scope: Scope, resolved: Resolved): unknown {
  let value = expr.code ? evaluateCode(expr.code, scope, resolved) : resolvePath(scope, expr.path, resolved.toPlain);
  for (const call of expr.filters) value = applyFilter(call, value, resolved.ctx, resolved.filters);
  return value;
}

/** The value of one tag expression (`amount | currency`), after its filters; not turned into text. */
export function evaluateExpression(
  expression: TagExpression | string,
  data: unknown | Scope,
  options: EvalOptions = {},
  scope?: Scope,
): unknown {
  const resolved = prepare(options);
  const expr =
    typeof expression === 'string'
      ? parseTagExpression(expression, 'expression', { isKnownFilter: (n) => resolved.filters(n) !== undefined })
      : expression;
  return evaluateIn(expr, scope ?? rootScope(data), resolved);
}

function renderNodes(nodes: readonly TemplateNode[], scope: Scope, resolved: Resolved, out: string[]): void {
  for (const node of nodes) {
    if (node.type === 'text') {
      out.push(node.value);
    } else if (node.type === 'tag') {
      out.push(toText(evaluateIn(node.expr, scope, resolved), resolved.toPlain));
    } else {
      const raw = evaluateIn(node.expr, scope, resolved);
      const value = resolved.toPlain(raw);
      let shown = true;
      if (node.inverted) {
        shown = !isTruthy(value) || isEmptyValue(value);
        if (shown) renderNodes(node.children, scope, resolved, out);
      } else if (Array.isArray(value)) {
        shown = value.length > 0;
        value.forEach((item, index) => {
          renderNodes(node.children, withItem(scope, item, index), resolved, out);
        });
      } else if (isTruthy(value)) {
        renderNodes(node.children, withItem(scope, raw), resolved, out);
      } else shown = false;
      if (!shown && node.alternate) renderNodes(node.alternate, scope, resolved, out);
    }
  }
}

const parseCache = new Map<string, TemplateNode[]>();
const PARSE_CACHE_LIMIT = 500;

/** Parses with a small cache: batch rendering evaluates the same texts for every record. */
export function parseCached(text: string, options: EvalOptions = {}): TemplateNode[] {
  const extra = options.filters ? Object.keys(options.filters).sort().join(',') : '';
  const key = `${options.delimiters ?? 'single'}|${extra}|${text}`;
  const hit = parseCache.get(key);
  if (hit) return hit;
  const { filters } = prepare(options);
  const nodes = parseTemplate(text, {
    delimiters: options.delimiters,
    isKnownFilter: (name) => filters(name) !== undefined,
  });
  if (parseCache.size >= PARSE_CACHE_LIMIT) parseCache.delete(parseCache.keys().next().value!);
  parseCache.set(key, nodes);
  return nodes;
}

/**
 * Renders text with tags over data. Throws only catalogued errors: TemplateParseError for
 * malformed text or unknown filters, TemplateRendererror when a filter fails.
 */
export function renderTemplate(
  template: string | readonly TemplateNode[],
  data: unknown,
  options: EvalOptions = {},
  scope?: Scope,
): string {
  const nodes = typeof template === 'string' ? parseCached(template, options) : template;
  const out: string[] = [];
  renderNodes(nodes, scope ?? rootScope(data), prepare(options), out);
  return out.join('');
}
