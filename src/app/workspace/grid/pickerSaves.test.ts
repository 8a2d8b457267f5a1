import { describe, expect, it } from 'vitest';
import { createPickerSaves } from './pickerSaves';

/** A record store with the grid's revision check: a write naming an older revision is refused. */
function recordStore(initial: string[]) {
  let row = { value: initial, updatedAt: 1 };
  const writes: string[][] = [];
  return {
    get row() {
      return row;
    },
    writes,
    write: async (next: string[], since: number) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (since !== row.updatedAt) return undefined;
      writes.push(next);
      row = { value: next, updatedAt: row.updatedAt + 1 };
      return row;
    },
  };
}

describe('a grid picker’s saves', () => {
  it('keeps two quick changes in order: the second goes on top of the first', async () => {
    const store = recordStore(['rush', 'fragile']);
    const shown: string[][] = [];
    const saves = createPickerSaves({
      since: 1,
      stored: store.row.value,
      write: store.write,
      onRefused: (value) => shown.push(value),
    });
    // Enter adds "gift", Backspace takes it off again before the first write finished.
    const first = saves.save(['rush', 'fragile', 'gift']);
    const second = saves.save(['rush', 'fragile']);
    expect(await first).toBe(true);
    expect(await second).toBe(true);
    expect(store.row).toEqual({ value: ['rush', 'fragile'], updatedAt: 3 });
    expect(shown).toEqual([]);
  });

  it('shows what storage holds when a save is refused (another tab changed the record)', async () => {
    const store = recordStore(['rush']);
    const shown: string[][] = [];
    const saves = createPickerSaves({
      since: 0,
      stored: ['rush'],
      write: store.write,
      onRefused: (value) => shown.push(value),
    });
    expect(await saves.save(['rush', 'gift'])).toBe(false);
    expect(shown).toEqual([['rush']]);
    expect(store.writes).toEqual([]);
  });
});
