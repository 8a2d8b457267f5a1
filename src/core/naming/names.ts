/**
 * Variable names (spec 001 §5.1): validation, legalisation of generated names, suggestion
 * entries ('text - text') and dependency strings ('~*', '~name:…', '~id:…', '~id*:…').
 */
import { QuireError } from '../errors';

/** A letter (CJK included), `$` or `_`. */
const NAME_START = /[\p{L}\p{Nl}$_\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
/** Letters, digits, combining marks, connector punctuation (`_`, `‿`), `$`, ZWNJ/ZWJ and `·`. */
const NAME_PART = /^(?:[\p{L}\p{Nl}\p{Nd}\p{Mn}\p{Mc}\p{Pc}$\u00B7\p{Script=Han}]|\u200C|\u200D)$/u;

export function isValidVariableName(name: string): boolean {
  const chars = [...name];
  if (chars.length === 0 || !NAME_START.test(chars[0]!)) return false;
  return chars.every((ch) => NAME_PART.test(ch));
}

/** Throws InvalidVariableName ('invalid variable name') unless the name is valid. */
export function assertVariableName(name: string): void {
  if (!isValidVariableName(name)) {
    throw new QuireError('InvalidVariableName', { detail: JSON.stringify(name), params: { name } });
  }
}

/**
 * Makes a generated name legal: every invalid character becomes '_', and '_' is put in front when
 * the first character cannot start a name. An empty name throws InvalidIdentifier.
 */
export function legalizeVariableName(name: string): string {
  if (name.length === 0) throw new QuireError('InvalidIdentifier');
  const replaced = [...name].map((ch) => (NAME_PART.test(ch) ? ch : '_')).join('');
  return NAME_START.test([...replaced][0]!) ? replaced : `_${replaced}`;
}

export interface SuggestionEntry {
  label: string;
  detail: string;
}

const SUGGESTION = /^(\S(?:.*\S)?) - (\S(?:.*\S)?)$/su;

export function isSuggestionEntry(text: string): boolean {
  return SUGGESTION.test(text);
}

/** 'amount - Amount in USD' → { label: 'amount', detail: 'Amount in USD' }; undefined otherwise. */
export function parseSuggestionEntry(text: string): SuggestionEntry | undefined {
  const match = SUGGESTION.exec(text);
  return match ? { label: match[1]!, detail: match[2]! } : undefined;
}

export function formatSuggestionEntry(entry: SuggestionEntry): string {
  return `${entry.label} - ${entry.detail}`;
}

export type Dependency =
  | { kind: 'all' }
  | { kind: 'name'; name: string }
  | { kind: 'id'; id: string }
  /** A field and everything under it (a linked table's fields). */
  | { kind: 'idDeep'; id: string };

/** Parses a dependency string; anything else throws InvalidDep ('invalid dep'). */
export function parseDependency(text: string): Dependency {
  if (text === '~*') return { kind: 'all' };
  const match = /^~(name|id\*|id):(.+)$/su.exec(text);
  if (!match) throw new QuireError('InvalidDep', { detail: JSON.stringify(text), params: { dep: text } });
  const value = match[2]!;
  if (match[1] === 'name') return { kind: 'name', name: value };
  if (match[1] === 'id') return { kind: 'id', id: value };
  return { kind: 'idDeep', id: value };
}

export function isValidDependency(text: string): boolean {
  try {
    parseDependency(text);
    return true;
  } catch {
    return false;
  }
}

export function formatDependency(dep: Dependency): string {
  switch (dep.kind) {
    case 'all':
      return '~*';
    case 'name':
      return `~name:${dep.name}`;
    case 'id':
      return `~id:${dep.id}`;
    case 'idDeep':
      return `~id*:${dep.id}`;
  }
}
