import type { Storage } from '../../storage';
import { type HeldEdit, heldEditsAtom, heldKey, workspaceStore } from './storageState';

/**
 * Grid edits held by a conflict, kept in IndexedDB too (one settings row), so a reload or a crash
 * before the user decides does not lose the typed value.
 */
const HELD_EDITS_KEY = 'workspace.heldEdits';

const store = workspaceStore;

async function persist(storage: Storage): Promise<void> {
  try {
    await storage.settings.set(HELD_EDITS_KEY, [...store.get(heldEditsAtom).values()]);
  } catch {
    // A full disk: the pending buffer has the list (and its download); the grid still shows it.
  }
}

export async function loadHeldEdits(storage: Storage): Promise<void> {
  const list = await storage.settings.get<HeldEdit[]>(HELD_EDITS_KEY, []);
  if (!Array.isArray(list) || list.length === 0) return;
  const map = new Map(store.get(heldEditsAtom));
  for (const edit of list)
    if (!map.has(heldKey(edit.recordId, edit.fieldId))) map.set(heldKey(edit.recordId, edit.fieldId), edit);
  store.set(heldEditsAtom, map);
}

export function holdEdit(storage: Storage, edit: HeldEdit): Promise<void> {
  store.set(heldEditsAtom, (current) => new Map(current).set(heldKey(edit.recordId, edit.fieldId), edit));
  return persist(storage);
}

export function releaseEdit(storage: Storage, recordId: string, fieldId: string): Promise<void> {
  const key = heldKey(recordId, fieldId);
  if (!store.get(heldEditsAtom).has(key)) return Promise.resolve();
  store.set(heldEditsAtom, (current) => {
    const next = new Map(current);
    next.delete(key);
    return next;
  });
  return persist(storage);
}
