import { isQuireError } from '../../core/errors';
import { classifyStorageFailure } from '../../storage';
import {
  pendingWritesAtom,
  savedOnceAtom,
  storageFailureAtom,
  workspaceStore,
  writesInFlightAtom,
} from './storageState';

const store = workspaceStore;

/**
 * Run a write and reflect it in the save indicator (`saveStateAtom` derives the text from what is
 * unsaved). A commit clears the storage failure once nothing is left in the pending buffer; a
 * storage failure raises the banner (the storage layer has already kept the data).
 */
export async function trackSave<T>(write: () => Promise<T>): Promise<T> {
  store.set(writesInFlightAtom, (n) => n + 1);
  try {
    const result = await write();
    store.set(savedOnceAtom, true);
    if (store.get(pendingWritesAtom).length === 0) store.set(storageFailureAtom, undefined);
    else onStorageBack?.();
    return result;
  } catch (error) {
    // A rejected file wrote nothing and lost nothing: earlier changes are still saved.
    const failure = isQuireError(error, 'ImportError') ? undefined : classifyStorageFailure(error);
    if (failure) store.set(storageFailureAtom, failure);
    throw error;
  } finally {
    store.set(writesInFlightAtom, (n) => n - 1);
  }
}

let onStorageBack: (() => void) | undefined;

/** Called when a write commits while refused ones wait: storage takes writes again (bootstrap retries). */
export function whenStorageTakesWrites(callback: () => void): void {
  onStorageBack = callback;
}
