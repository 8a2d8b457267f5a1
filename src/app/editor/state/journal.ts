/**
 * The write-ahead journal for the editor's last keystrokes. IndexedDB writes started while a tab
 * closes may never finish, so the newest content is also written synchronously to localStorage (on
 * every hand-over to the autosaver and when the tab is hidden or closing) and dropped once storage
 * holds it. On the next start `replayJournal` puts what is left into IndexedDB — or, when the stored
 * template changed since, keeps it as an unsaved draft for the conflict dialog.
 */

/** localStorage, or a stand-in in tests. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  readonly length: number;
  key(index: number): string | null;
}

export interface JournalEntry {
  templateId: string;
  content: string;
  name: string;
  tableId: string;
  /** The stored revision this content was typed on. */
  baseRevision: number;
  /**
   * A write of this tab that was in flight when the entry was made: the revision it would create and
   * a fingerprint of its content. Finding exactly that stored on replay means the revision is ours,
   * not another tab's, so the entry still applies on top of it.
   */
  inFlight?: { revision: number; fingerprint: string };
  at: number;
}

/** A short fingerprint of a text (FNV-1a, 32 bits, plus the length): enough to recognise our own write. */
export function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${text.length}:${(hash >>> 0).toString(16)}`;
}

const PREFIX = 'quire.journal.template:';
/** localStorage holds ~5 MB per origin; a template bigger than this is left to IndexedDB alone. */
export const JOURNAL_MAX_CHARS = 1_500_000;

export function journalKey(templateId: string): string {
  return `${PREFIX}${templateId}`;
}

/** Synchronous and never throws: a full or blocked localStorage must not break typing. */
export function writeJournal(store: KeyValueStore | undefined, entry: JournalEntry): boolean {
  if (!store || entry.content.length > JOURNAL_MAX_CHARS) return false;
  try {
    store.setItem(journalKey(entry.templateId), JSON.stringify(entry));
    return true;
  } catch {
    return false;
  }
}

function parseEntry(text: string | null): JournalEntry | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as Partial<JournalEntry>;
    if (typeof value.templateId !== 'string' || typeof value.content !== 'string') return undefined;
    if (typeof value.baseRevision !== 'number') return undefined;
    return {
      templateId: value.templateId,
      content: value.content,
      name: typeof value.name === 'string' ? value.name : '',
      tableId: typeof value.tableId === 'string' ? value.tableId : '',
      baseRevision: value.baseRevision,
      ...(value.inFlight &&
      typeof value.inFlight.revision === 'number' &&
      typeof value.inFlight.fingerprint === 'string'
        ? { inFlight: { revision: value.inFlight.revision, fingerprint: value.inFlight.fingerprint } }
        : {}),
      at: typeof value.at === 'number' ? value.at : 0,
    };
  } catch {
    return undefined;
  }
}

export function readJournal(store: KeyValueStore | undefined, templateId: string): JournalEntry | undefined {
  try {
    return parseEntry(store?.getItem(journalKey(templateId)) ?? null);
  } catch {
    return undefined;
  }
}

export function journalEntries(store: KeyValueStore | undefined): JournalEntry[] {
  if (!store) return [];
  const entries: JournalEntry[] = [];
  try {
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (!key?.startsWith(PREFIX)) continue;
      const entry = parseEntry(store.getItem(key));
      if (entry) entries.push(entry);
    }
  } catch {
    // An unreadable journal is no worse than none.
  }
  return entries;
}

/**
 * Drop the journal once storage holds `content`. A write of older content (the journal already has
 * newer text) leaves it alone.
 */
export function clearJournal(store: KeyValueStore | undefined, templateId: string, content?: string): void {
  if (!store) return;
  try {
    if (content !== undefined && readJournal(store, templateId)?.content !== content) return;
    store.removeItem(journalKey(templateId));
  } catch {
    // Nothing to do: a journal that stays is replayed and found already stored.
  }
}

export interface ReplayTarget {
  get(templateId: string): Promise<{ content: string; revision: number } | undefined>;
  /** Write the entry's content on top of `revision` (throws on a conflict or a storage failure). */
  save(entry: JournalEntry, revision: number): Promise<void>;
  /** The stored template changed since the entry was typed: keep it for the user to decide. */
  keepDraft(entry: JournalEntry): Promise<void>;
}

function isOwnWrite(entry: JournalEntry, row: { content: string; revision: number }): boolean {
  return entry.inFlight?.revision === row.revision && entry.inFlight.fingerprint === fingerprint(row.content);
}

export type ReplayOutcome = 'stored' | 'restored' | 'draft' | 'gone' | 'failed';

/** Replays journal entries into IndexedDB; each entry is cleared once it is stored or kept as a draft. */
export async function replayJournal(
  store: KeyValueStore | undefined,
  target: ReplayTarget,
  only?: string,
): Promise<Map<string, ReplayOutcome>> {
  const outcomes = new Map<string, ReplayOutcome>();
  for (const entry of journalEntries(store)) {
    if (only !== undefined && entry.templateId !== only) continue;
    let outcome: ReplayOutcome;
    try {
      const row = await target.get(entry.templateId);
      if (!row) outcome = 'gone';
      else if (row.content === entry.content) outcome = 'stored';
      else if (row.revision === entry.baseRevision || isOwnWrite(entry, row)) {
        await target.save(entry, row.revision);
        outcome = 'restored';
      } else {
        await target.keepDraft(entry);
        outcome = 'draft';
      }
    } catch {
      // Storage still refuses (a full disk): the journal keeps the text for the next start.
      outcomes.set(entry.templateId, 'failed');
      continue;
    }
    clearJournal(store, entry.templateId, entry.content);
    outcomes.set(entry.templateId, outcome);
  }
  return outcomes;
}

/** The browser's localStorage when it can be used (private modes and sandboxed frames may refuse). */
export function browserJournalStore(): KeyValueStore | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}
