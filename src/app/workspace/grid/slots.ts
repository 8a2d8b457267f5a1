/**
 * Row recycling for the virtualised grid. Each rendered row index gets a slot number, used as the
 * React key. A row that stays on screen keeps its slot (its memoised element is reused untouched);
 * a row that scrolls out frees its slot, and a row scrolling in takes a freed one, so React patches
 * an existing DOM row instead of removing one and creating another. Keying by `index % constant`
 * does not do this: leaving and entering rows then almost never share a key.
 */
export class SlotPool {
  private readonly slotOf = new Map<number, number>();
  private allocated = 0;

  /** Slots for the given row indices (distinct indices get distinct slots). */
  assign(indices: readonly number[]): number[] {
    const wanted = new Set(indices);
    const free: number[] = [];
    for (const [index, slot] of this.slotOf) {
      if (!wanted.has(index)) {
        this.slotOf.delete(index);
        free.push(slot);
      }
    }
    free.sort((a, b) => b - a);
    return indices.map((index) => {
      let slot = this.slotOf.get(index);
      if (slot === undefined) {
        slot = free.pop() ?? this.allocated++;
        this.slotOf.set(index, slot);
      }
      return slot;
    });
  }

  /** Slots ever handed out: the most rows rendered at once. */
  get size(): number {
    return this.allocated;
  }
}
