import { describe, expect, it } from 'vitest';
import { EMPTY_SELECTION, inOrder, prune, selectAll, selectRange, toggle } from './selection';

const order = ['a', 'b', 'c', 'd', 'e'];

describe('selection', () => {
  it('toggles single records', () => {
    const s = toggle(toggle(EMPTY_SELECTION, 'b'), 'd');
    expect([...s.ids]).toEqual(['b', 'd']);
    expect([...toggle(s, 'b').ids]).toEqual(['d']);
  });
  it('shift selects the range from the anchor, either direction', () => {
    const s = selectRange(toggle(EMPTY_SELECTION, 'b'), order, 'd');
    expect(inOrder(s, order)).toEqual(['b', 'c', 'd']);
    const back = selectRange(toggle(EMPTY_SELECTION, 'e'), order, 'c');
    expect(inOrder(back, order)).toEqual(['c', 'd', 'e']);
  });
  it('shift on a selected record unselects the range', () => {
    const s = selectRange(selectAll(order), order, 'c');
    // no anchor after select all: acts as a toggle
    expect(inOrder(s, order)).toEqual(['a', 'b', 'd', 'e']);
    const r = selectRange(s, order, 'e');
    expect(inOrder(r, order)).toEqual(['a', 'b']);
  });
  it('prunes deleted records and keeps grid order', () => {
    const s = prune(selectAll(order), new Set(['a', 'c']));
    expect(inOrder(s, order)).toEqual(['a', 'c']);
  });
});
