/**
 * Record selection for printing and deleting: click toggles one, shift-click selects the range from
 * the last clicked record (in grid order), "select all" takes every id. Immutable sets, so React
 * re-renders on change.
 */
export interface Selection {
  ids: ReadonlySet<string>;
  /** The last record clicked without shift: the anchor of the next range. */
  anchor?: string;
}

export const EMPTY_SELECTION: Selection = { ids: new Set() };

export function toggle(selection: Selection, id: string): Selection {
  const ids = new Set(selection.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { ids, anchor: id };
}

/** Select (or, when the clicked record was selected, unselect) every record from the anchor to `id`. */
export function selectRange(selection: Selection, order: readonly string[], id: string): Selection {
  const to = order.indexOf(id);
  const from = selection.anchor === undefined ? -1 : order.indexOf(selection.anchor);
  if (from < 0 || to < 0) return toggle(selection, id);
  const [lo, hi] = from < to ? [from, to] : [to, from];
  const ids = new Set(selection.ids);
  const select = !selection.ids.has(id);
  for (let i = lo; i <= hi; i++) {
    const rid = order[i]!;
    if (select) ids.add(rid);
    else ids.delete(rid);
  }
  return { ids, anchor: id };
}

export function selectAll(order: readonly string[]): Selection {
  return { ids: new Set(order) };
}

/** Drop ids that no longer exist (deleted here or in another tab). */
export function prune(selection: Selection, existing: ReadonlySet<string>): Selection {
  let changed = false;
  const ids = new Set<string>();
  for (const id of selection.ids) {
    if (existing.has(id)) ids.add(id);
    else changed = true;
  }
  return changed
    ? { ids, ...(selection.anchor && existing.has(selection.anchor) ? { anchor: selection.anchor } : {}) }
    : selection;
}

/** Selected ids in grid order (printing follows the grid). */
export function inOrder(selection: Selection, order: readonly string[]): string[] {
  if (selection.ids.size === order.length) return [...order];
  return order.filter((id) => selection.ids.has(id));
}
