/**
 * The one way a zod failure becomes the located issues of a catalogued error:
 * `pages[0].rows[2].id: Invalid input`, paths as the editor, the CLI and the API name them.
 */
import type { ErrorIssue } from './errors';
import { formatPath } from './model/paths';

/** What zod's `error.issues` holds; structural, so callers need no zod import of their own. */
interface ZodFailure {
  readonly issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[];
}

interface ZodIssueOptions {
  /** How the failing value's path is named (default `a.b[0].c`); e.g. relative to a prefix with `joinPath`. */
  path?: (segments: readonly PropertyKey[]) => string;
  /** At most this many issues (hostile input can fail in thousands of places). */
  limit?: number;
}

export function zodIssues(error: ZodFailure, options: ZodIssueOptions = {}): ErrorIssue[] {
  const { path = formatPath, limit = Number.POSITIVE_INFINITY } = options;
  return error.issues.slice(0, limit).map((issue) => ({ path: path(issue.path), reason: issue.message }));
}
