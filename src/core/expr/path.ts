/**
 * Variable paths: dotted segments with `\.` escaping a dot inside a field name
 * (`order.Unit\.price` → ['order', 'Unit.price']) and `#` for the current loop item.
 */

/** Segments never looked up, whatever the data holds: they lead to prototypes, not data. */
export const FORBIDDEN_SEGMENTS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export interface VariablePath {
  /** Field names from the root (or from the current item when `current`). */
  segments: string[];
  /** True when the path starts at the current loop item (`#` or `#.field`). */
  current: boolean;
}

/** Splits a path on unescaped dots; `\.` keeps a dot, `\\` a backslash. Segments are trimmed. */
export function splitPath(text: string): string[] {
  const segments: string[] = [];
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '\\' && (text[i + 1] === '.' || text[i + 1] === '\\' || text[i + 1] === '|')) {
      current += text[++i];
      continue;
    }
    if (ch === '.') {
      segments.push(current.trim());
      current = '';
      continue;
    }
    current += ch;
  }
  segments.push(current.trim());
  return segments;
}

export function parsePath(text: string): VariablePath {
  const trimmed = text.trim();
  if (trimmed === '#' || trimmed === '.') return { segments: [], current: true };
  const segments = splitPath(trimmed);
  if (segments[0] === '#') return { segments: segments.slice(1), current: true };
  return { segments, current: false };
}

export function escapeSegment(segment: string): string {
  return segment.replace(/\\/g, '\\\\').replace(/\./g, '\\.').replace(/\|/g, '\\|');
}

/** The inverse of parsePath. */
export function formatPath(path: VariablePath | readonly string[]): string {
  if (Array.isArray(path)) return path.map(escapeSegment).join('.');
  const { segments, current } = path as VariablePath;
  const body = segments.map(escapeSegment).join('.');
  if (!current) return body;
  return body ? `#.${body}` : '#';
}

export function isForbiddenSegment(segment: string): boolean {
  return FORBIDDEN_SEGMENTS.has(segment);
}
