import type { ErrorIssue } from '../errors';

/** `['pages', 0, 'rows', 2]` → `pages[0].rows[2]`. */
export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out === '' ? String(segment) : `.${String(segment)}`;
  }
  return out;
}

/** `pages[0]` + `['table', 'merges', 3]` → `pages[0].table.merges[3]`. */
export function joinPath(prefix: string, path: ReadonlyArray<PropertyKey>): string {
  const rest = formatPath(path);
  if (prefix === '') return rest;
  if (rest === '') return prefix;
  return rest.startsWith('[') ? `${prefix}${rest}` : `${prefix}.${rest}`;
}

/**
 * Content paths are reported relative to the document for document issues
 * (`pages[0].rows[2]`, as the editor and the catalogue name them); other top-level
 * keys keep their name (`pageSetting.width`).
 */
export function contentPath(path: ReadonlyArray<PropertyKey>): string {
  return path[0] === 'document' && path.length > 1 ? formatPath(path.slice(1)) : formatPath(path);
}

/** Keeps error output bounded for hostile input: at most `limit` issues, plus a note of how many were left off. */
export function capIssues(issues: ErrorIssue[], limit = 100): ErrorIssue[] {
  if (issues.length <= limit) return issues;
  return [...issues.slice(0, limit), { path: '', reason: `${issues.length - limit} more issues not shown` }];
}
