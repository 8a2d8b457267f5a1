/**
 * Unsaved data held in memory while storage refuses writes (full disk, private mode). The UI shows a
 * banner while this buffer is non-empty and offers its contents as a JSON download, so a failed save
 * never loses what the user typed. A later successful write of the same key clears the entry.
 *
 * Edits that patch some fields of a record (`{ id, patch: { field: value } }`) are kept per record
 * and field: two failed edits in two cells of one row are two entries, and neither replaces the
 * other. Whole-object saves (a template's content) keep only their newest copy, which contains the
 * older ones.
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
  /** For a field patch: the one field this entry holds (its key is `<key>#<field>`). */
  field?: string;
}

/** The fields of a `{ id, patch }` payload, or null for any other payload. */
function patchedFields(payload: unknown): { patch: Record<string, unknown>; fields: string[] } | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const patch = (payload as { patch?: unknown }).patch;
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) return null;
  const fields = Object.keys(patch);
  return fields.length > 0 ? { patch: patch as Record<string, unknown>, fields } : null;
}

function fieldKey(key: string, field: string): string {
  return `${key}#${field}`;
}

type PendingListener = (items: readonly PendingWrite[]) => void;

export class PendingWrites {
  private readonly items = new Map<string, PendingWrite>();
  private readonly listeners = new Set<PendingListener>();

  /**
   * Keep the newest unsaved copy for a key (an older failed copy of the same thing is superseded); a
   * field patch is kept field by field, so an edit of another field of the same record is kept too.
   */
  keep(item: PendingWrite): void {
    const patched = patchedFields(item.payload);
    if (!patched) {
      this.put(item.key, item);
    } else {
      for (const field of patched.fields) {
        const payload = { ...(item.payload as object), patch: { [field]: patched.patch[field] } };
        this.put(fieldKey(item.key, field), { ...item, key: fieldKey(item.key, field), field, payload });
      }
    }
    this.emit();
  }

  /**
   * A write of `key` succeeded. Given its payload, a field patch clears only the fields it wrote;
   * without one, every entry of the key goes.
   */
  resolve(key: string, payload?: unknown): void {
    const patched = payload === undefined ? null : patchedFields(payload);
    let changed = this.items.delete(key);
    for (const [entryKey, entry] of this.items) {
      if (!entryKey.startsWith(`${key}#`) || entry.field === undefined || fieldKey(key, entry.field) !== entryKey)
        continue;
      if (patched && !patched.fields.includes(entry.field)) continue;
      this.items.delete(entryKey);
      changed = true;
    }
    if (changed) this.emit();
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

  private put(key: string, item: PendingWrite): void {
    const existing = this.items.get(key);
    // The same data refused again (a retry on a still-full disk) keeps its place and first failure
    // time, so retries go on in the order the user made the edits.
    if (existing && JSON.stringify(existing.payload) === JSON.stringify(item.payload)) {
      this.items.set(key, { ...item, failedAt: existing.failedAt });
      return;
    }
    // A newer value is re-inserted, so the list reads in the order of the failures.
    this.items.delete(key);
    this.items.set(key, item);
  }

  private emit(): void {
    const snapshot = this.list();
    for (const listener of this.listeners) listener(snapshot);
  }
}
