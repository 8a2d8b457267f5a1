/**
 * The write-ahead journal for the editor's last keystrokes. IndexedDB writes started while a tab
 * closes may never finish, so the newest content is also journalled in the keystroke's own task, in
 * two places: localStorage (survives a closed or crashed tab) and the durable journal database
 * (`storage/keystrokeJournal`: survives a killed browser, which loses recent localStorage writes).
 * It is dropped once storage holds that content. On the next start `replayJournal` puts what is left
 * into IndexedDB — or, when the stored template changed since, keeps it as an unsaved draft for the
 * conflict dialog.
 */
import { type DurableJournal, durableJournal } from '../../../storage/keystrokeJournal';

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
const JOURNAL_MAX_CHARS = 1_500_000;

function journalKey(templateId: string): string {
  return `${PREFIX}${templateId}`;
}

/** Synchronous and never throws: a full or blocked localStorage must not break typing. */
export function writeJournal(store: KeyValueStore | undefined, entry: JournalEntry, durable?: DurableJournal): boolean {
  if (entry.content.length > JOURNAL_MAX_CHARS) return false;
  durable?.put(journalKey(entry.templateId), entry);
  if (!store) return durable !== undefined;
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

function journalEntries(store: KeyValueStore | undefined): JournalEntry[] {
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
export function clearJournal(
  store: KeyValueStore | undefined,
  templateId: string,
  content?: string,
  durable?: DurableJournal,
): void {
  durable?.remove(
    journalKey(templateId),
    content === undefined ? undefined : (value) => (value as Partial<JournalEntry>).content === content,
    clearedMark,
  );
  if (!store) return;
  try {
    if (content !== undefined && readJournal(store, templateId)?.content !== content) return;
    store.removeItem(journalKey(templateId));
  } catch {
    // Nothing to do: a journal that stays is replayed and found already stored.
  }
}

interface ReplayTarget {
  get(templateId: string): Promise<{ content: string; revision: number } | undefined>;
  /** Write the entry's content on top of `revision` (throws on a conflict or a storage failure). */
  save(entry: JournalEntry, revision: number): Promise<void>;
  /** The stored template changed since the entry was typed: keep it for the user to decide. */
  keepDraft(entry: JournalEntry): Promise<void>;
}

function isOwnWrite(entry: JournalEntry, row: { content: string; revision: number }): boolean {
  return entry.inFlight?.revision === row.revision && entry.inFlight.fingerprint === fingerprint(row.content);
}

type ReplayOutcome = 'stored' | 'restored' | 'draft' | 'gone' | 'failed';

/**
 * A cleared durable entry leaves this mark: a killed browser can bring back a localStorage entry
 * whose removal (or a newer write) had not reached the disk yet, and the mark says it is old.
 */
interface ClearedMark {
  cleared: true;
  at: number;
}

function clearedMark(value: unknown): ClearedMark {
  return { cleared: true, at: (value as Partial<JournalEntry>).at ?? 0 };
}

const isClearedMark = (value: unknown): value is ClearedMark =>
  typeof value === 'object' && value !== null && (value as Partial<ClearedMark>).cleared === true;

/**
 * Both halves of the journal, the newest entry per template. The durable half decides what is
 * old: a localStorage entry no newer than the durable entry or mark of its template is stale.
 */
async function allEntries(store: KeyValueStore | undefined, durable: DurableJournal | undefined) {
  const newest = new Map<string, JournalEntry>();
  const durableAt = new Map<string, number>();
  for (const row of durable ? await durable.entries(PREFIX) : []) {
    const templateId = row.key.slice(PREFIX.length);
    if (isClearedMark(row.value)) {
      durableAt.set(templateId, row.value.at);
      continue;
    }
    const entry = parseEntry(JSON.stringify(row.value));
    if (!entry) continue;
    durableAt.set(templateId, entry.at);
    newest.set(templateId, entry);
  }
  for (const entry of journalEntries(store)) {
    const seen = durableAt.get(entry.templateId);
    if (seen !== undefined && entry.at <= seen) {
      clearJournal(store, entry.templateId, entry.content);
      continue;
    }
    newest.set(entry.templateId, entry);
  }
  return [...newest.values()];
}

/** After a replay both halves go, unless one holds something newer than the replayed entry (typed meanwhile). */
function dropReplayed(store: KeyValueStore | undefined, durable: DurableJournal | undefined, entry: JournalEntry) {
  const notNewer = (value: unknown) => ((value as Partial<JournalEntry>).at ?? 0) <= entry.at;
  durable?.remove(journalKey(entry.templateId), notNewer, clearedMark);
  const local = readJournal(store, entry.templateId);
  if (local && notNewer(local)) clearJournal(store, entry.templateId);
}

/** Replays journal entries into IndexedDB; each entry is cleared once it is stored or kept as a draft. */
export async function replayJournal(
  store: KeyValueStore | undefined,
  target: ReplayTarget,
  only?: string,
  durable: DurableJournal | undefined = browserDurableJournal(),
): Promise<Map<string, ReplayOutcome>> {
  const outcomes = new Map<string, ReplayOutcome>();
  for (const entry of await allEntries(store, durable)) {
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
    dropReplayed(store, durable, entry);
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

/** The durable journal in a browser; none elsewhere (Node tests pass their own). */
export function browserDurableJournal(): DurableJournal | undefined {
  return typeof window !== 'undefined' && typeof indexedDB !== 'undefined' ? durableJournal() : undefined;
}
