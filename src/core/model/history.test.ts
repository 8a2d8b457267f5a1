import { describe, expect, it } from 'vitest';
import { UNDO_LIMIT } from './defaults';
import { blockUpdateGroup, canRedo, canUndo, createHistory, record, redo, undo } from './history';

describe('undo history', () => {
  it('undoes and redoes steps in order', () => {
    let h = createHistory('a');
    h = record(h, 'b');
    h = record(h, 'c');
    expect(canUndo(h)).toBe(true);
    h = undo(h);
    expect(h.present).toBe('b');
    h = undo(h);
    expect(h.present).toBe('a');
    expect(canUndo(h)).toBe(false);
    expect(undo(h)).toBe(h);
    h = redo(redo(h));
    expect(h.present).toBe('c');
    expect(canRedo(h)).toBe(false);
    expect(redo(h)).toBe(h);
  });

  it('keeps at most 100 steps, dropping the oldest', () => {
    let h = createHistory(0);
    for (let i = 1; i <= 150; i++) h = record(h, i);
    expect(h.past).toHaveLength(UNDO_LIMIT);
    expect(h.past[0]).toBe(50);
    while (canUndo(h)) h = undo(h);
    expect(h.present).toBe(50);
  });

  it('groups consecutive updates of the same block into one step', () => {
    let h = createHistory('start');
    h = record(h, 'typed-1', blockUpdateGroup('b1'));
    h = record(h, 'typed-2', blockUpdateGroup('b1'));
    h = record(h, 'typed-3', blockUpdateGroup('b1'));
    expect(h.past).toEqual(['start']);
    h = record(h, 'other', blockUpdateGroup('b2'));
    expect(h.past).toEqual(['start', 'typed-3']);
    expect(undo(undo(h)).present).toBe('start');
  });

  it('does not group across an undo, nor across an ungrouped edit', () => {
    let h = createHistory('s');
    h = record(h, 'x1', blockUpdateGroup('b'));
    h = record(h, 'y');
    h = record(h, 'x2', blockUpdateGroup('b'));
    expect(h.past).toEqual(['s', 'x1', 'y']);
    h = undo(h);
    h = record(h, 'x3', blockUpdateGroup('b'));
    expect(h.past).toEqual(['s', 'x1', 'y']);
  });

  it('drops the redo branch on a new edit after undo', () => {
    let h = record(record(createHistory(1), 2), 3);
    h = undo(h);
    expect(canRedo(h)).toBe(true);
    h = record(h, 4);
    expect(canRedo(h)).toBe(false);
    expect(h.past).toEqual([1, 2]);
  });

  it('records nothing when the snapshot did not change', () => {
    const h = createHistory({ a: 1 });
    expect(record(h, h.present)).toBe(h);
  });
});
