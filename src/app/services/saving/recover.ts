/**
 * Before a template screen reads its template: put what the journal kept of the last session's
 * changes into IndexedDB (after a crash, a killed browser, a closed tab), and find a draft still
 * waiting for a conflict decision (dropped when storage has its text). Every template screen — the
 * document editor, the canvas designer, the Office editor — starts with this.
 */
import type { Storage } from '../../../storage';
import { dropDraft, keepDraft, readDraft, type UnsavedDraft } from './draft';
import { browserJournalStore, replayJournal } from './journal';

let replays: Promise<unknown> = Promise.resolve();

/**
 * One replay at a time, across this device's tabs where the browser has Web Locks. Two replays side
 * by side (two tabs after a crash, a screen that reloads its template while the first still runs)
 * each read the journal; the later one, meeting the template the earlier one restored and the
 * editor then saved, kept the same text as a draft "changed elsewhere" and the screen opened the
 * conflict dialog over the user's own keystrokes.
 */
function oneReplayAtATime<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks) return locks.request('quire:journal-replay', work) as Promise<T>;
  const run = replays.then(work, work);
  replays = run.catch(() => undefined);
  return run;
}

export function recoverUnsaved(storage: Storage, templateId: string): Promise<UnsavedDraft | null> {
  return oneReplayAtATime(() => recover(storage, templateId));
}

async function recover(storage: Storage, templateId: string): Promise<UnsavedDraft | null> {
  await replayJournal(browserJournalStore(), {
    get: (id) => storage.templates.get(id),
    save: async (entry, revision) => {
      await storage.templates.save(
        entry.templateId,
        {
          content: entry.content,
          ...(entry.name ? { name: entry.name } : {}),
          ...(entry.tableId ? { tableId: entry.tableId } : {}),
        },
        revision,
      );
    },
    keepDraft: (entry) => keepDraft(storage.settings, entry),
  });
  const draft = await readDraft(storage.settings, templateId);
  if (!draft) return null;
  const row = await storage.templates.get(templateId);
  if (row && row.content === draft.content) {
    await dropDraft(storage.settings, templateId).catch(() => undefined);
    return null;
  }
  return draft;
}
