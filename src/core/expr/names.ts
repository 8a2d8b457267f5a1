/**
 * Which variable paths a template may name (spec 001 §5.1: a name starts with a letter — CJK
 * included —, `$` or `_` and continues with letters, digits, combining marks and some
 * punctuation; anything else is an 'invalid variable name').
 *
 * A path is checked segment by segment. Besides the identifier rule of `core/naming`, a segment may
 * hold what field names of a table are made of and what the tag syntax can still tell apart:
 * spaces between words (`Order no`, a signer's `Li Wei`) and an escaped dot (`Unit\.price`).
 * After the first segment, a segment of digits is a list index (`Customer.0.Company`).
 * `#` (the loop item, alone or as `#.field`) is not a name and is never checked here.
 */
import { type ErrorIssue, QuireError } from '../errors';
import { isValidVariableName } from '../naming/names';
import { parsePath } from './path';

const INDEX = /^\d+$/;

function isValidPathSegment(segment: string, position = 0): boolean {
  if (position > 0 && INDEX.test(segment)) return true;
  const first = segment[0];
  if (first === undefined || first === ' ' || first === '.') return false;
  // Inner spaces and escaped dots join words the way `_` does; the identifier rule decides the rest.
  return isValidVariableName(segment.replace(/[ .]/g, '_'));
}

/** Whether a variable path (as written in a tag or a node's `name`) names only legal segments. */
export function isValidVariablePath(text: string): boolean {
  const path = parsePath(text);
  if (!path.current && path.segments.length === 0) return false;
  return path.segments.every((segment, i) => isValidPathSegment(segment, path.current ? i + 1 : i));
}

/** The reason to report for a path that breaks the rule, or undefined when it is legal. */
export function variablePathProblem(text: string): string | undefined {
  return isValidVariablePath(text) ? undefined : `invalid variable name '${text.trim()}'`;
}

/** Throws InvalidVariableName ('invalid variable name') with the issue at `where` unless the path is legal. */
export function assertVariablePath(text: string, where: string): void {
  const reason = variablePathProblem(text);
  if (!reason) return;
  const issues: ErrorIssue[] = [{ path: where, reason }];
  throw new QuireError('InvalidVariableName', {
    detail: `${JSON.stringify(text.trim())} (${where})`,
    issues,
    params: { name: text.trim() },
  });
}

/**
 * A name from data (a signer, an approval node) made usable as one path segment: characters the
 * rule refuses — dots included, which would split the path — become '_', and '_' goes in front of
 * a first character that cannot start a name. Inner spaces stay (`Li Wei`). Empty → '_'.
 */
export function legalPathSegment(name: string): string {
  const chars = [...name.trim()].map((ch) => (ch !== '.' && isValidPathSegment(`a${ch}`) ? ch : '_'));
  const segment = chars.join('');
  if (segment === '') return '_';
  return isValidPathSegment(segment) ? segment : `_${segment}`;
}
