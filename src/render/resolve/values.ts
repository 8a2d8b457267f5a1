/**
 * Value lookups for resolve, on top of core/expr (paths, filters, list filters) and core/format
 * (aggregates). Nothing here formats on its own: it only adapts the model's shapes to those layers.
 */
import { evaluateExpression, type Scope, withItem } from '../../core/expr/evaluate';
import { applyListFilter } from '../../core/expr/list-filter';
import { parsePath } from '../../core/expr/path';
import { defaultToPlain, getChild, isEmptyValue, toText } from '../../core/expr/values';
import { aggregate } from '../../core/format/compute';
import type { Filter, VariableFilterCall } from '../../core/model/types';
import type { ResolveContext } from './context';

export { isEmptyValue, toText, withItem };

type Expression = Parameters<typeof evaluateExpression>[0];

const NO_FILTERS: readonly VariableFilterCall[] = [];
/** Parsed expressions per (name, filters): templates repeat the same variables for every row. */
const expressions = new WeakMap<readonly VariableFilterCall[], Map<string, Expression>>();

function expressionOf(name: string, filters: readonly VariableFilterCall[]): Expression {
  let byName = expressions.get(filters);
  if (!byName) {
    byName = new Map();
    expressions.set(filters, byName);
  }
  let expr = byName.get(name);
  if (!expr) {
    const path = name.trim() === '#' ? { segments: ['$number'], current: false } : parsePath(name);
    expr = {
      path,
      filters: filters.map((f) => ({ name: f.name, args: f.args.map((a) => (a === null ? '' : String(a))) })),
      source: name,
    };
    byName.set(name, expr);
  }
  return expr;
}

/** A variable's value after its filters (not yet text). `#` is the current item's 1-based index. */
export function variableValue(
  ctx: ResolveContext,
  scope: Scope,
  name: string,
  filters: readonly VariableFilterCall[] = NO_FILTERS,
): unknown {
  return evaluateExpression(expressionOf(name, filters), undefined, ctx.evalOptions, scope);
}

export function variableText(ctx: ResolveContext, scope: Scope, name: string, filters?: readonly VariableFilterCall[]) {
  return toText(variableValue(ctx, scope, name, filters));
}

/** The items of the list at `rootPath` (open list values unwrap), after the optional filter. */
export function listItems(ctx: ResolveContext, scope: Scope, rootPath: string, filter?: Filter): unknown[] {
  const raw = defaultToPlain(variableValue(ctx, scope, rootPath));
  const items = Array.isArray(raw) ? raw : isEmptyValue(raw) ? [] : [raw];
  return filter ? applyListFilter(items, filter, { timeZone: ctx.timeZone }) : items;
}

/**
 * Splits a compute variable name (`lines.amount`) into the list path and the field of each item,
 * by walking the scope until the first list.
 */
function splitListPath(ctx: ResolveContext, scope: Scope, name: string): { list: string; field: string[] } {
  const segments = parsePath(name).segments;
  for (let i = 1; i <= segments.length; i++) {
    const head = segments.slice(0, i).join('.');
    const value = defaultToPlain(variableValue(ctx, scope, head));
    if (Array.isArray(value)) return { list: head, field: segments.slice(i) };
  }
  return { list: segments.slice(0, -1).join('.'), field: segments.slice(-1) };
}

/** The value of `field` (a path) inside one list item. */
export function itemField(item: unknown, field: readonly string[]): unknown {
  let value = item;
  for (const segment of field) value = getChild(value, segment, defaultToPlain);
  return defaultToPlain(value);
}

/** computeVariable over the whole list (range all). */
export function computeAll(
  ctx: ResolveContext,
  scope: Scope,
  name: string,
  cmd: 'sum' | 'average' | 'count' | 'max' | 'min',
): number {
  const { list, field } = splitListPath(ctx, scope, name);
  const items = listItems(ctx, scope, list);
  return aggregate(
    cmd,
    items.map((item) => itemField(item, field)),
  );
}
