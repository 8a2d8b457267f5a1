import { QuireError } from '../../core/errors';
import {
  canReplay,
  classifyStorageFailure,
  ensureDemoWorkspace,
  estimateUsage,
  openStorage,
  registerDemoTemplates,
  requestPersistence,
  retryPendingWrites,
  type Storage,
  takeInterruptedImports,
} from '../../storage';
import { replayCellJournal } from './cellJournal';
import { DEMO_FILE_NAME_RULES, demoTemplates } from './demoTemplates';
import { loadHeldEdits } from './heldEdits';
import { importRunsElsewhere } from './importLock';
import { saveFileNameRule } from './printing';
import {
  interruptedImportsAtom,
  pendingWritesAtom,
  persistedAtom,
  savedOnceAtom,
  storageFailureAtom,
  usageAtom,
  workspaceStatusAtom,
  workspaceStore,
  writesInFlightAtom,
} from './storageState';
import { whenStorageTakesWrites } from './storageWrites';

let opening: Promise<Storage> | undefined;

/** How often refused writes are tried again while some wait. */
export const RETRY_INTERVAL_MS = 3000;

/** Demo templates come with their file-name rules; both are (re)written on install and reset. */
export async function writeDemoFileNameRules(storage: Storage): Promise<void> {
  for (const [templateId, rule] of Object.entries(DEMO_FILE_NAME_RULES))
    await saveFileNameRule(storage, templateId, rule);
}

export async function refreshUsage(): Promise<void> {
  workspaceStore.set(usageAtom, await estimateUsage());
}

/**
 * Write refused edits again, oldest first. Runs every few seconds while some wait, as soon as another
 * write commits, and from the banner's button; the banner goes once nothing is left.
 */
async function retryUnsaved(storage: Storage): Promise<void> {
  if (!storage.pending.list().some(canReplay)) return;
  workspaceStore.set(writesInFlightAtom, (n) => n + 1);
  try {
    const outcome = await retryPendingWrites(storage);
    // Written edits are saved edits: the indicator may say so once nothing else waits.
    if (outcome.written > 0) workspaceStore.set(savedOnceAtom, true);
    if (outcome.failure) workspaceStore.set(storageFailureAtom, outcome.failure);
    else if (outcome.left === 0) workspaceStore.set(storageFailureAtom, undefined);
  } finally {
    workspaceStore.set(writesInFlightAtom, (n) => n - 1);
  }
}

function keepRetrying(storage: Storage): void {
  let timer: ReturnType<typeof setInterval> | undefined;
  storage.pending.subscribe((items) => {
    workspaceStore.set(pendingWritesAtom, items);
    if (items.some(canReplay) && !timer) {
      timer = setInterval(() => void retryUnsaved(storage), RETRY_INTERVAL_MS);
    } else if (!items.some(canReplay) && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  });
  whenStorageTakesWrites(() => void retryUnsaved(storage));
}

/** The workspace if this tab has opened it already; asking creates nothing (no demo on the landing page). */
export function openedWorkspace(): Promise<Storage> | undefined {
  return opening;
}

/**
 * The tab's one storage connection. Opens the local workspace once per tab: the database, the demo on
 * first start, persistent storage requested, the unsaved-data buffer mirrored into UI state (and
 * retried), held grid edits and an interrupted import of an earlier session. Failures become the banner.
 */
export function getStorage(): Promise<Storage> {
  opening ??= (async () => {
    registerDemoTemplates(demoTemplates);
    try {
      const storage = await openStorage();
      keepRetrying(storage);
      if (await ensureDemoWorkspace(storage)) await writeDemoFileNameRules(storage);
      workspaceStore.set(interruptedImportsAtom, await takeInterruptedImports(storage, importRunsElsewhere));
      await loadHeldEdits(storage);
      // Cell edits a closed tab or a killed browser left in the journal: written now, held when the
      // cell changed since, or — storage still full — waiting "not saved" in the pending buffer.
      const replay = await replayCellJournal(storage).catch(() => undefined);
      if (replay?.failure) workspaceStore.set(storageFailureAtom, replay.failure);
      workspaceStore.set(workspaceStatusAtom, { state: 'ready', storage });
      void requestPersistence().then((result) => workspaceStore.set(persistedAtom, result === 'granted'));
      void refreshUsage();
      return storage;
    } catch (error) {
      const failure = classifyStorageFailure(error);
      if (failure) workspaceStore.set(storageFailureAtom, failure);
      workspaceStore.set(workspaceStatusAtom, { state: 'failed', error: failure ?? error });
      opening = undefined;
      throw failure ?? (error instanceof QuireError ? error : error);
    }
  })();
  return opening;
}
