import { isQuireError } from '../../core/errors';
import { classifyStorageFailure } from '../../storage';
import { saveStateAtom, storageFailureAtom, workspaceStore } from './state';

let inFlight = 0;

/**
 * Run a write and reflect it in the "Saving… / All changes saved" indicator. "Saved" is shown only
 * after the transaction committed; a storage failure raises the banner instead (the storage layer has
 * already kept the data in its pending buffer).
 */
export async function trackSave<T>(write: () => Promise<T>): Promise<T> {
  inFlight++;
  workspaceStore.set(saveStateAtom, 'saving');
  try {
    const result = await write();
    inFlight--;
    if (inFlight === 0) workspaceStore.set(saveStateAtom, 'saved');
    return result;
  } catch (error) {
    inFlight--;
    // A rejected file wrote nothing and lost nothing: earlier changes are still saved.
    if (isQuireError(error, 'ImportError')) {
      if (inFlight === 0) workspaceStore.set(saveStateAtom, 'saved');
      throw error;
    }
    workspaceStore.set(saveStateAtom, 'failed');
    const failure = classifyStorageFailure(error);
    if (failure) workspaceStore.set(storageFailureAtom, failure);
    throw error;
  }
}
