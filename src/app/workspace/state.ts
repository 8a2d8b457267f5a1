import { atom, createStore } from 'jotai';
import type { QuireError } from '../../core/errors';
import type { PendingWrite, Storage, UsageEstimate } from '../../storage';

/**
 * Workspace UI state (jotai). The store is module-level so non-React code (the storage bootstrap,
 * the save tracker) can update it; components read it through `useAtomValue` with this store.
 */
export const workspaceStore = createStore();

export type WorkspaceStatus =
  | { state: 'loading' }
  | { state: 'ready'; storage: Storage }
  | { state: 'failed'; error: unknown };

export const workspaceStatusAtom = atom<WorkspaceStatus>({ state: 'loading' });

/** The last storage failure (quota, unavailable); the banner shows while set or while data is unsaved. */
export const storageFailureAtom = atom<QuireError | undefined>(undefined);

/** Writes storage refused, kept in memory (mirrors storage.pending). */
export const pendingWritesAtom = atom<readonly PendingWrite[]>([]);

export type SaveState = 'idle' | 'saving' | 'saved' | 'failed';
export const saveStateAtom = atom<SaveState>('idle');

export const usageAtom = atom<UsageEstimate | undefined>(undefined);
export const persistedAtom = atom<boolean | undefined>(undefined);

/** Per table: the field ids the grid shows (at most FIELD_LIST_CAP); absent = the first ones. */
export const shownFieldsAtom = atom<Record<string, string[]>>({});
