/**
 * The field paths an expression reads: `customer.address.city`, `items` (of `items.map(…)`),
 * `qty` and `price` (of `qty * price`). Names bound by arrow functions, library namespaces and
 * method names are not fields. Paths inside arrow bodies that start at a parameter are not listed
 * (they are relative to a list item the expression chose).
 */
import type { ExprNode } from './ast';
import { NAMESPACES } from './library';

/** The path a member chain reads, when it starts at a free name: `a.b[0]` → ['a', 'b', '0']. */
function chainOf(node: ExprNode, bound: ReadonlySet<string>): string[] | undefined {
  if (node.type === 'id') {
    if (bound.has(node.name) || Object.hasOwn(NAMESPACES, node.name)) return undefined;
    if (node.name === '$index' || node.name === '$number') return undefined;
    return [node.name];
  }
  if (node.type === 'member') {
    const base = chainOf(node.object, bound);
    return base && [...base, node.name];
  }
  if (node.type === 'index' && node.index.type === 'lit' && node.index.value !== null) {
    const base = chainOf(node.object, bound);
    return base && [...base, String(node.index.value)];
  }
  return undefined;
}

function visit(node: ExprNode, bound: ReadonlySet<string>, out: string[][]): void {
  const chain =
    node.type === 'id' || node.type === 'member' || node.type === 'index' ? chainOf(node, bound) : undefined;
  if (chain) {
    out.push(chain);
    return;
  }
  switch (node.type) {
    case 'member':
      visit(node.object, bound, out);
      return;
    case 'index':
      visit(node.object, bound, out);
      visit(node.index, bound, out);
      return;
    case 'call':
      // `items.map(f)` reads `items`; `sum(…)` reads its arguments only.
      if (node.callee.type === 'member') visit(node.callee.object, bound, out);
      else if (node.callee.type !== 'id') visit(node.callee, bound, out);
      for (const arg of node.args) visit(arg, bound, out);
      return;
    case 'tmpl':
      for (const e of node.exprs) visit(e, bound, out);
      return;
    case 'unary':
    case 'spread':
      visit(node.arg, bound, out);
      return;
    case 'binary':
    case 'logical':
      visit(node.left, bound, out);
      visit(node.right, bound, out);
      return;
    case 'cond':
      visit(node.test, bound, out);
      visit(node.then, bound, out);
      visit(node.else, bound, out);
      return;
    case 'array':
      for (const item of node.items) visit(item, bound, out);
      return;
    case 'object':
      for (const entry of node.entries) visit(entry.value, bound, out);
      return;
    case 'arrow':
      visit(node.body, new Set([...bound, ...node.params]), out);
      return;
    default:
      return;
  }
}

/** Field paths (as segment lists) the expression reads, in reading order, without repeats. */
export function expressionPaths(node: ExprNode): string[][] {
  const out: string[][] = [];
  visit(node, new Set(), out);
  const seen = new Set<string>();
  return out.filter((p) => {
    const key = JSON.stringify(p);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
