import { isQuireError } from '../../core/errors';
import { type CellValue, type DurableJournal, durableJournal, type Storage } from '../../storage';
import { holdEdit } from './heldEdits';

/**
 * The grid's write-ahead journal: a committed cell is journalled in the commit's own task (the
 * durable journal database, `storage/keystrokeJournal`), before its record write starts, and dropped
 * once that write has landed or the edit is held for the user's decision. A browser killed in
 * between leaves the entry, and the next start writes it (`replayCellJournal`).
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
  at: number;
}

const keyOf = (recordId: string, fieldId: string) => `${PREFIX}${recordId}#${fieldId}`;

function journal(): DurableJournal | undefined {
  return typeof indexedDB === 'undefined' ? undefined : durableJournal();
}

export function journalCellEdit(entry: CellJournalEntry): void {
  journal()?.put(keyOf(entry.recordId, entry.fieldId), entry);
}

/** Storage has this edit (or it is held): drop it, unless a newer edit of the cell was journalled since. */
export function dropCellEdit(
  entry: Pick<CellJournalEntry, 'recordId' | 'fieldId' | 'at'>,
  source: DurableJournal | undefined = journal(),
): void {
  source?.remove(
    keyOf(entry.recordId, entry.fieldId),
    (value) => ((value as Partial<CellJournalEntry>).at ?? 0) <= entry.at,
  );
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

type CellReplayOutcome = 'stored' | 'written' | 'held' | 'gone' | 'failed';

/** Put what a killed browser left in the journal into storage: written, or held when another tab changed the cell. */
export async function replayCellJournal(
  storage: Storage,
  source: DurableJournal | undefined = journal(),
): Promise<CellReplayOutcome[]> {
  if (!source) return [];
  const entries = (await source.entries<CellJournalEntry>(PREFIX)).map((row) => row.value);
  const outcomes: CellReplayOutcome[] = [];
  for (const entry of entries.sort((a, b) => a.at - b.at)) {
    let outcome: CellReplayOutcome;
    try {
      const record = await storage.records.get(entry.recordId);
      if (!record) outcome = 'gone';
      else if (same(record.values[entry.fieldId], entry.value)) outcome = 'stored';
      else {
        try {
          await storage.records.update(entry.recordId, { [entry.fieldId]: entry.value }, entry.since);
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
    } catch {
      // Storage still refuses, or the write failed otherwise: the entry stays for the next start.
      outcomes.push('failed');
      continue;
    }
    dropCellEdit(entry, source);
    outcomes.push(outcome);
  }
  return outcomes;
}
