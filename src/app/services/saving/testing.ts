/** Test helpers for the journals (imported by tests only). */
import type { KeyValueStore } from './journal';

/** localStorage's stand-in: a Map; `full` makes writes fail as a full disk does. */
export class MemoryStore implements KeyValueStore {
  readonly map = new Map<string, string>();
  full = false;
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.full) throw new DOMException('full', 'QuotaExceededError');
    this.map.set(key, value);
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  get length() {
    return this.map.size;
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null;
  }
}
