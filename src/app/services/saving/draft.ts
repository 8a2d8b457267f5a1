/**
 * Unsaved editor text kept in IndexedDB while a conflict waits for the user's decision (a settings
 * row per template, so backups carry it and no schema change is needed). Cleared once the user chose.
 */
import type { JournalEntry } from './journal';

export type UnsavedDraft = JournalEntry;

interface DraftSettings {
  get<T>(key: string, fallback: T): Promise<T>;
  set(key: string, value: unknown): Promise<void>;
  remove(key: string): Promise<void>;
}

function draftKey(templateId: string): string {
  return `editor.unsaved:${templateId}`;
}

export async function readDraft(settings: DraftSettings, templateId: string): Promise<UnsavedDraft | null> {
  const value = await settings.get<UnsavedDraft | null>(draftKey(templateId), null);
  return value && typeof value.content === 'string' && typeof value.baseRevision === 'number' ? value : null;
}

export function keepDraft(settings: DraftSettings, draft: UnsavedDraft): Promise<void> {
  return settings.set(draftKey(draft.templateId), draft);
}

export function dropDraft(settings: DraftSettings, templateId: string): Promise<void> {
  return settings.remove(draftKey(templateId));
}
