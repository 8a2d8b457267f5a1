import { atom, createStore } from 'jotai';
import type { QuireError } from '../../core/errors';
import type { CellValue, PendingWrite, RunningImport, Storage, UsageEstimate } from '../../storage';

/**
 * Workspace UI state (jotai). The store is module-level so non-React code (the storage bootstrap,
 * the save tracker) can update it; components read it through `useAtomValue` with this store.
 */
export const workspaceStore = createStore();

type WorkspaceStatus =
  | { state: 'loading' }
  | { state: 'ready'; storage: Storage }
  | { state: 'failed'; error: unknown };

export const workspaceStatusAtom = atom<WorkspaceStatus>({ state: 'loading' });

/** The last storage failure (quota, unavailable); the banner shows while set or while data is unsaved. */
export const storageFailureAtom = atom<QuireError | undefined>(undefined);

/** Writes storage refused, kept in memory (mirrors storage.pending). */
export const pendingWritesAtom = atom<readonly PendingWrite[]>([]);

/** Writes started and not yet committed or refused. */
export const writesInFlightAtom = atom(0);
/**
 * Grid cells open in an editor whose text differs from the stored value: journalled as typed, but
 * not yet written, so leaving the page asks first.
 */
export const openCellEditsAtom = atom(0);
/** Whether a write of this tab has committed (before that the indicator says nothing). */
export const savedOnceAtom = atom(false);

/**
 * A grid edit storage did not take for a reason other than a full disk: another tab changed the
 * same cell (`conflict`, with their value), or the write was refused (`error`). The typed value
 * stays visible until the user applies it anyway or takes theirs.
 */
export interface HeldEdit {
  recordId: string;
  fieldId: string;
  fieldName: string;
  tableId: string;
  value: CellValue | undefined;
  reason: 'conflict' | 'error';
  theirs?: CellValue | undefined;
  message?: string;
  at: number;
}

export const heldKey = (recordId: string, fieldId: string) => `${recordId}:${fieldId}`;

export const heldEditsAtom = atom<ReadonlyMap<string, HeldEdit>>(new Map());

export type SaveState = 'idle' | 'saving' | 'saved' | 'failed' | 'unsaved';

/**
 * What the indicator says, derived from what is actually unsaved — writes in flight, writes storage
 * refused (the pending buffer), edits held by a conflict — never from a count of finished writes.
 */
export const saveStateAtom = atom<SaveState>((get) => {
  if (get(writesInFlightAtom) > 0) return 'saving';
  if (get(pendingWritesAtom).length > 0 || get(storageFailureAtom)) return 'failed';
  if (get(heldEditsAtom).size > 0) return 'unsaved';
  return get(savedOnceAtom) ? 'saved' : 'idle';
});

/** Imports a closed tab or a killed browser interrupted, found at this start (reported once). */
export const interruptedImportsAtom = atom<readonly RunningImport[]>([]);

export const usageAtom = atom<UsageEstimate | undefined>(undefined);
export const persistedAtom = atom<boolean | undefined>(undefined);
