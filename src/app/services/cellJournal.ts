import { isQuireError } from '../../core/errors';
import {
  type CellValue,
  classifyStorageFailure,
  type DurableJournal,
  durableJournal,
  type PendingWrite,
  type Storage,
  setLinks,
} from '../../storage';
import { holdEdit } from './heldEdits';
import { browserJournalStore, type KeyValueStore } from './saving/journal';

/**
 * The grid's write-ahead journal: a cell is journalled as it is typed and when it is committed, in
 * that task, before its record write starts, and dropped once that write has landed or the edit is
 * held for the user's decision. The next start writes what is left (`replayCellJournal`).
 *
 * Two halves, like the document editor's journal: localStorage first, then the durable journal
 * database (`storage/keystrokeJournal`). localStorage has its own small allowance outside the
 * IndexedDB quota, so it still takes the entry when a full disk refuses every IndexedDB write and
 * a reload or a closed tab keeps it; the durable half survives a killed browser, which can lose
 * recent localStorage writes. A dropped durable entry leaves a mark, so a localStorage entry that a
 * killed browser brings back after its removal is known to be old.
 */

const PREFIX = 'quire.journal.cell:';

export interface CellJournalEntry {
  recordId: string;
  fieldId: string;
  fieldName: string;
  tableId: string;
  /** Absent = the cell was cleared. */
  value?: CellValue;
  /** The record's `updatedAt` the edit started from (the same-cell conflict check). */
  since?: number;
  /** A link cell's pick (`value` = the linked record ids): replayed through `setLinks`, which keeps partners in step. */
  links?: true;
  at: number;
}

/** Left in the durable half where an entry was dropped: a localStorage entry no newer is stale. */
interface DroppedMark {
  dropped: true;
  at: number;
}

const keyOf = (recordId: string, fieldId: string) => `${PREFIX}${recordId}#${fieldId}`;
const atOf = (value: unknown) => (value as Partial<CellJournalEntry> | null)?.at ?? 0;
const isMark = (value: unknown): value is DroppedMark =>
  typeof value === 'object' && value !== null && (value as Partial<DroppedMark>).dropped === true;

function journal(): DurableJournal | undefined {
  return typeof indexedDB === 'undefined' ? undefined : durableJournal();
}

function parseEntry(text: string | null): CellJournalEntry | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as Partial<CellJournalEntry>;
    if (typeof value.recordId !== 'string' || typeof value.fieldId !== 'string' || typeof value.at !== 'number')
      return undefined;
    return {
      recordId: value.recordId,
      fieldId: value.fieldId,
      fieldName: typeof value.fieldName === 'string' ? value.fieldName : '',
      tableId: typeof value.tableId === 'string' ? value.tableId : '',
      ...(value.value !== undefined ? { value: value.value } : {}),
      ...(typeof value.since === 'number' ? { since: value.since } : {}),
      ...(value.links === true ? { links: true as const } : {}),
      at: value.at,
    };
  } catch {
    return undefined;
  }
}

function readLocal(store: KeyValueStore | undefined, key: string): CellJournalEntry | undefined {
  try {
    return parseEntry(store?.getItem(key) ?? null);
  } catch {
    return undefined;
  }
}

/** Synchronous and never throws: a full or blocked store must not break typing. */
export function journalCellEdit(
  entry: CellJournalEntry,
  durable: DurableJournal | undefined = journal(),
  local: KeyValueStore | undefined = browserJournalStore(),
): void {
  const key = keyOf(entry.recordId, entry.fieldId);
  // localStorage first: on a full disk the IndexedDB half is refused, this one is not.
  try {
    local?.setItem(key, JSON.stringify(entry));
  } catch {
    // Its own allowance is full too: the durable half and the pending buffer still have it.
  }
  durable?.put(key, entry);
}

/** Storage has this edit (or it is held): drop it, unless a newer edit of the cell was journalled since. */
export function dropCellEdit(
  entry: Pick<CellJournalEntry, 'recordId' | 'fieldId' | 'at'>,
  durable: DurableJournal | undefined = journal(),
  local: KeyValueStore | undefined = browserJournalStore(),
): void {
  const key = keyOf(entry.recordId, entry.fieldId);
  durable?.remove(
    key,
    (value) => !isMark(value) && atOf(value) <= entry.at,
    (value): DroppedMark => ({ dropped: true, at: atOf(value) }),
  );
  try {
    const kept = readLocal(local, key);
    if (kept && kept.at <= entry.at) local?.removeItem(key);
  } catch {
    // A journal entry that stays is replayed and found already stored.
  }
}

function removeLocal(local: KeyValueStore | undefined, key: string): void {
  try {
    local?.removeItem(key);
  } catch {
    // Replayed again next time and found stale again.
  }
}

/**
 * Both halves, the newest entry per cell. The durable half decides what is old: a localStorage
 * entry no newer than the durable entry or mark of its cell is dropped here.
 */
async function allEntries(durable: DurableJournal | undefined, local: KeyValueStore | undefined) {
  const newest = new Map<string, CellJournalEntry>();
  const durableAt = new Map<string, number>();
  const marks: string[] = [];
  for (const row of durable ? await durable.entries(PREFIX) : []) {
    if (isMark(row.value)) marks.push(row.key);
    const entry = isMark(row.value) ? undefined : parseEntry(JSON.stringify(row.value));
    durableAt.set(row.key, atOf(row.value));
    if (entry) newest.set(row.key, entry);
  }
  const localKeys: string[] = [];
  try {
    for (let i = 0; i < (local?.length ?? 0); i++) {
      const key = local?.key(i);
      if (key?.startsWith(PREFIX)) localKeys.push(key);
    }
  } catch {
    // An unreadable localStorage is no worse than none.
  }
  for (const key of localKeys) {
    const entry = readLocal(local, key);
    const seen = durableAt.get(key);
    if (!entry) continue;
    if (seen !== undefined && entry.at <= seen) {
      // The same entry as the durable one is dropped with it after the replay; an older one now.
      if (newest.get(key)?.at !== entry.at) removeLocal(local, key);
      continue;
    }
    newest.set(key, entry);
  }
  return { entries: [...newest.values()], marks };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

type CellReplayOutcome = 'stored' | 'written' | 'held' | 'gone' | 'failed';

/** The pending-buffer entry a refused replay of `entry` left: a field patch, or a link pick (`setLinks`). */
const waitsFor = (entry: CellJournalEntry) => (item: PendingWrite) =>
  item.key === `record:${entry.recordId}:${entry.fieldId}` ||
  (item.field === entry.fieldId && (item.payload as { id?: unknown } | null)?.id === entry.recordId);

const linkedIds = (value: CellValue | undefined) =>
  Array.isArray(value) ? (value as unknown[]).filter((id): id is string => typeof id === 'string') : [];

function writeEntry(storage: Storage, entry: CellJournalEntry) {
  return entry.links
    ? setLinks(storage, entry.recordId, entry.fieldId, linkedIds(entry.value), entry.since)
    : storage.records.update(entry.recordId, { [entry.fieldId]: entry.value }, entry.since);
}

/**
 * An edit storage refused is in the pending buffer (shown "not saved", retried, in the
 * banner's download) and stays journalled; once the buffer no longer holds it — written, or given
 * up by the user — its journal entry goes too, so a later start does not replay it over newer text.
 */
export function dropOnceWritten(
  storage: Storage,
  entry: CellJournalEntry,
  durable: DurableJournal | undefined = journal(),
  local: KeyValueStore | undefined = browserJournalStore(),
): void {
  const waiting = waitsFor(entry);
  if (!storage.pending.list().some(waiting)) return;
  const stop = storage.pending.subscribe((items) => {
    if (items.some(waiting)) return;
    stop();
    dropCellEdit(entry, durable, local);
  });
}

interface CellReplay {
  outcomes: CellReplayOutcome[];
  /** Why storage refused an entry (a full disk), for the banner; the entry is kept. */
  failure?: ReturnType<typeof classifyStorageFailure>;
}

/**
 * Put what a closed tab or a killed browser left in the journal into storage: written, or held when
 * another tab changed the cell. An entry a full disk refuses stays journalled and waits in the
 * pending buffer, shown "not saved" in its cell until it is written.
 */
export async function replayCellJournal(
  storage: Storage,
  durable: DurableJournal | undefined = journal(),
  local: KeyValueStore | undefined = browserJournalStore(),
): Promise<CellReplay> {
  const { entries, marks } = await allEntries(durable, local);
  const replay: CellReplay = { outcomes: [] };
  for (const entry of entries.sort((a, b) => a.at - b.at)) {
    let outcome: CellReplayOutcome;
    try {
      const record = await storage.records.get(entry.recordId);
      if (!record) outcome = 'gone';
      else if (same(record.values[entry.fieldId], entry.value)) outcome = 'stored';
      else {
        try {
          await writeEntry(storage, entry);
          outcome = 'written';
        } catch (error) {
          if (!isQuireError(error, 'VersionConflict')) throw error;
          await holdEdit(storage, {
            recordId: entry.recordId,
            fieldId: entry.fieldId,
            fieldName: entry.fieldName,
            tableId: entry.tableId,
            value: entry.value,
            reason: 'conflict',
            theirs: record.values[entry.fieldId],
            at: entry.at,
          });
          outcome = 'held';
        }
      }
    } catch (error) {
      // Storage refuses: the entry stays for the next start, and waits in the pending buffer now.
      replay.failure ??= classifyStorageFailure(error);
      dropOnceWritten(storage, entry, durable, local);
      replay.outcomes.push('failed');
      continue;
    }
    dropCellEdit(entry, durable, local);
    replay.outcomes.push(outcome);
  }
  // Marks only outlive the localStorage entries they judge, and those were judged above.
  for (const key of marks) durable?.remove(key, isMark);
  return replay;
}
