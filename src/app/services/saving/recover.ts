/**
 * Before a template screen reads its template: put what the journal kept of the last session's
 * changes into IndexedDB (after a crash, a killed browser, a closed tab), and find a draft still
 * waiting for a conflict decision (dropped when storage has its text). Every template screen — the
 * document editor, the canvas designer, the Office editor — starts with this.
 */
import type { Storage } from '../../../storage';
import { dropDraft, keepDraft, readDraft, type UnsavedDraft } from './draft';
import { browserJournalStore, replayJournal } from './journal';

export async function recoverUnsaved(storage: Storage, templateId: string): Promise<UnsavedDraft | null> {
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
