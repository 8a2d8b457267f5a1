/**
 * A grid picker's saves, one at a time. Each names the record revision the one before it made, so
 * two quick changes (Enter ticks an option, Backspace at once takes a chip off) both land in order.
 * Side by side, the second named the revision the picker opened on, the grid's revision check
 * refused it, and the picker put the refused change back on screen as if it had never been made.
 */
interface PickerSaves<T> {
  /** Queues `next`; resolves with whether storage took it. */
  save(next: T): Promise<boolean>;
}

export function createPickerSaves<T>(options: {
  /** The record's `updatedAt` when the picker opened. */
  since: number;
  /** What the cell holds when the picker opens (shown again when a save is refused). */
  stored: T;
  /** The grid's save for this cell: the saved record, or undefined when it was refused. */
  write: (next: T, since: number) => Promise<{ updatedAt: number } | undefined>;
  /** A save was refused: show what storage holds. */
  onRefused: (stored: T) => void;
}): PickerSaves<T> {
  let since = options.since;
  let stored = options.stored;
  let last: Promise<unknown> = Promise.resolve();
  return {
    save(next) {
      const run = last.then(async () => {
        const saved = await options.write(next, since).catch(() => undefined);
        if (!saved) {
          options.onRefused(stored);
          return false;
        }
        since = saved.updatedAt;
        stored = next;
        return true;
      });
      last = run;
      return run;
    },
  };
}
