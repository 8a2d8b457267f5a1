import { QuireError } from '../../core/errors';
import {
  classifyStorageFailure,
  ensureDemoWorkspace,
  estimateUsage,
  openStorage,
  registerDemoTemplates,
  requestPersistence,
  type Storage,
} from '../../storage';
import { saveFileNameRule } from '../services/printing';
import { DEMO_FILE_NAME_RULES, demoTemplates } from './demo/templates';
import {
  pendingWritesAtom,
  persistedAtom,
  storageFailureAtom,
  usageAtom,
  workspaceStatusAtom,
  workspaceStore,
} from './state';

let opening: Promise<Storage> | undefined;

/** Demo templates come with their file-name rules; both are (re)written on install and reset. */
export async function writeDemoFileNameRules(storage: Storage): Promise<void> {
  for (const [templateId, rule] of Object.entries(DEMO_FILE_NAME_RULES))
    await saveFileNameRule(storage, templateId, rule);
}

export async function refreshUsage(): Promise<void> {
  workspaceStore.set(usageAtom, await estimateUsage());
}

/**
 * Open the local workspace once per tab: the database, the demo on first start, persistent storage
 * requested, and the unsaved-data buffer mirrored into UI state. Failures become the banner.
 */
export function openWorkspace(): Promise<Storage> {
  opening ??= (async () => {
    registerDemoTemplates(demoTemplates);
    try {
      const storage = await openStorage();
      storage.pending.subscribe((items) => workspaceStore.set(pendingWritesAtom, items));
      if (await ensureDemoWorkspace(storage)) await writeDemoFileNameRules(storage);
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
