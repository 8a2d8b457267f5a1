import { describe, expect, it } from 'vitest';
import { SlotPool } from './slots';

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

describe('SlotPool', () => {
  it('keeps the slot of a row that stays and gives a scrolled-in row the slot of one that left', () => {
    const pool = new SlotPool();
    const first = pool.assign(range(0, 10));
    expect(first).toEqual(range(0, 10));
    const next = pool.assign(range(3, 13));
    // Rows 3..9 keep their slots; rows 10..12 reuse the slots of rows 0..2.
    expect(next.slice(0, 7)).toEqual(first.slice(3));
    expect(new Set(next.slice(7))).toEqual(new Set(first.slice(0, 3)));
    expect(pool.size).toBe(10);
  });

  it('gives distinct slots within one window, growing only when the window grows', () => {
    const pool = new SlotPool();
    pool.assign(range(0, 5));
    const wider = pool.assign(range(2, 10));
    expect(new Set(wider).size).toBe(8);
    expect(pool.size).toBe(8);
    const jump = pool.assign(range(5000, 5008));
    expect(new Set(jump).size).toBe(8);
    expect(pool.size).toBe(8);
  });
});
