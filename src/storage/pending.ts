/**
 * Unsaved data held in memory while storage refuses writes (full disk, private mode). The UI shows a
 * banner while this buffer is non-empty and offers its contents as a JSON download, so a failed save
 * never loses what the user typed. A later successful write of the same key clears the entry.
 */

export interface PendingWrite {
  /** Stable identity of what was being saved, e.g. `template:abc` or `record:rec1`. */
  key: string;
  /** Human-readable action, e.g. 'Save template “Invoice”'. */
  label: string;
  payload: unknown;
  /** Catalogue name of the failure, e.g. StorageQuotaExceeded. */
  reason: string;
  failedAt: number;
}

export type PendingListener = (items: readonly PendingWrite[]) => void;

export class PendingWrites {
  private readonly items = new Map<string, PendingWrite>();
  private readonly listeners = new Set<PendingListener>();

  /** Keep the newest unsaved copy for a key (an older failed copy of the same thing is superseded). */
  keep(item: PendingWrite): void {
    this.items.delete(item.key);
    this.items.set(item.key, item);
    this.emit();
  }

  resolve(key: string): void {
    if (this.items.delete(key)) this.emit();
  }

  clear(): void {
    if (this.items.size === 0) return;
    this.items.clear();
    this.emit();
  }

  list(): PendingWrite[] {
    return [...this.items.values()];
  }

  get size(): number {
    return this.items.size;
  }

  subscribe(listener: PendingListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  toJSON(now = Date.now()) {
    return { format: 'quire-unsaved', version: 1, exportedAt: new Date(now).toISOString(), items: this.list() };
  }

  /** The unsaved data as a downloadable JSON file. */
  toBlob(now = Date.now()): Blob {
    return new Blob([JSON.stringify(this.toJSON(now), null, 2)], { type: 'application/json' });
  }

  /** A file name for the download, e.g. quire-unsaved-2026-11-22T06-30-00.json */
  fileName(now = Date.now()): string {
    return `quire-unsaved-${new Date(now).toISOString().slice(0, 19).replace(/:/g, '-')}.json`;
  }

  private emit(): void {
    const snapshot = this.list();
    for (const listener of this.listeners) listener(snapshot);
  }
}
