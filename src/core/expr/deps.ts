/**
 * Dependency analysis: which field paths a set of tags reads. Inside a section the paths are
 * read relative to the loop item, so `{#items}{name}{/items}` reads `items` and `items.name`.
 * (At run time an inner name may also resolve in an outer scope; for loading fields the
 * item-relative reading is what matters.)
 */
import type { Delimiters, TemplateNode } from './ast';
import { expressionPaths } from './lang/deps';
import { parseTemplate } from './parse';
import { formatPath, type VariablePath } from './path';

function absolute(path: VariablePath, loops: readonly string[][]): string[] | undefined {
  const base = loops[loops.length - 1] ?? [];
  if (path.current) return [...base, ...path.segments];
  const first = path.segments[0];
  if (first === '$index' || first === '$number') return undefined;
  return [...base, ...path.segments];
}

function walk(nodes: readonly TemplateNode[], loops: string[][], into: Set<string>): void {
  for (const node of nodes) {
    if (node.type === 'text') continue;
    if (node.expr.code) {
      // An expression tag: every path it reads; a section over an expression keeps the outer base.
      const base = loops[loops.length - 1] ?? [];
      for (const path of expressionPaths(node.expr.code)) into.add(formatPath([...base, ...path]));
      if (node.type === 'section') walk([...node.children, ...(node.alternate ?? [])], loops, into);
      continue;
    }
    const segments = absolute(node.expr.path, loops);
    if (segments && segments.length > 0) into.add(formatPath(segments));
    if (node.type === 'section') {
      const inner = node.inverted || !segments ? loops : [...loops, segments];
      walk(node.children, inner, into);
      if (node.alternate) walk(node.alternate, loops, into);
    }
  }
}

/** The field paths parsed nodes read, escaped (`a\.b.c`), sorted. */
export function collectDeps(nodes: readonly TemplateNode[], basePath: readonly string[] = []): string[] {
  const into = new Set<string>();
  walk(nodes, basePath.length ? [[...basePath]] : [], into);
  return [...into].sort();
}

/** The field paths texts with tags read; throws TemplateParseError for malformed text. */
export function collectTextDeps(
  texts: string | readonly string[],
  options: { delimiters?: Delimiters; basePath?: readonly string[] } = {},
): string[] {
  const all = new Set<string>();
  for (const text of typeof texts === 'string' ? [texts] : texts) {
    for (const dep of collectDeps(parseTemplate(text, { delimiters: options.delimiters }), options.basePath)) {
      all.add(dep);
    }
  }
  return [...all].sort();
}
