/**
 * Typing `{` offers the field list without taking the brace away: the text typed after it is the
 * search, and anything that cannot be a field search leaves the brace as plain text (`{{7*7}}`,
 * `{7}`, `{}`), so a literal brace is always typeable.
 */

/** A field search starts with a letter of any script, `_` or `#` (the row number): not a digit or a symbol. */
const NAME_START = /^[\p{L}_#]/u;
/** Characters no field label or path contains: typing one ends the search. */
const ENDS_SEARCH = /[{}\n\t]/;
const MAX_QUERY = 48;

/**
 * `typed` is the text from the brace to the caret, brace included. The search it spells, or null
 * when the picker should close and leave the text as typed.
 */
export function braceQuery(typed: string): string | null {
  if (!typed.startsWith('{')) return null;
  const query = typed.slice(1);
  if (query === '') return '';
  if (!NAME_START.test(query) || ENDS_SEARCH.test(query) || query.length > MAX_QUERY) return null;
  return query;
}
