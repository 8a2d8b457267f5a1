import { type RefObject, useEffect, useRef } from 'react';
import type { CellValue, TableField } from '../../../storage';
import { type CellJournalEntry, dropCellEdit, journalCellEdit } from '../../services/cellJournal';
import { openCellEditsAtom, workspaceStore } from '../../services/storageState';
import { parseInput } from './cells';

/** The cell an editor is open on. */
export interface OpenCell {
  recordId: string;
  tableId: string;
  /** The record's `updatedAt` when editing began (the same-cell conflict check). */
  since?: number;
}

interface OpenCellJournal {
  /** The editor's text changed. */
  typed(text: string): void;
  /** The editor committed: its own commit journals and writes the value from here on. */
  settled(): void;
  /** The user cancelled (Esc): what was typed is meant to go. */
  discarded(): void;
}

/**
 * An open cell's text is journalled as it is typed (each readable value, under the cell's journal
 * key), the way the document editor journals keystrokes: a browser killed, a tab closed or a page
 * left before Enter keeps what was typed, and the next start writes it (`replayCellJournal`).
 * While the text differs from the stored value the page asks before leaving, and an editor removed
 * without Enter or Esc (scrolled away, the screen changed) commits what it holds.
 */
export function useOpenCellJournal(
  field: TableField,
  cell: OpenCell | undefined,
  original: string,
  onCommit: (value: CellValue | undefined, move: number) => void,
  done: RefObject<boolean>,
): OpenCellJournal {
  const last = useRef<CellJournalEntry>(undefined);
  const dirty = useRef(false);
  const latest = useRef({ field, onCommit });
  latest.current = { field, onCommit };

  const setDirty = (next: boolean) => {
    if (dirty.current === next) return;
    dirty.current = next;
    workspaceStore.set(openCellEditsAtom, (n) => Math.max(0, n + (next ? 1 : -1)));
  };
  const forget = () => {
    if (last.current) dropCellEdit(last.current);
    last.current = undefined;
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on unmount.
  useEffect(
    () => () => {
      const entry = last.current;
      if (!done.current && dirty.current && entry) {
        done.current = true;
        latest.current.onCommit(entry.value, 0);
      }
      setDirty(false);
    },
    [],
  );

  return {
    typed(text) {
      if (!cell) return;
      const changed = text !== original;
      setDirty(changed);
      if (!changed) return forget();
      const parsed = parseInput(field, text);
      // A half-typed date or number is not journalled; the last readable value stays.
      if (!parsed.ok) return;
      const entry: CellJournalEntry = {
        recordId: cell.recordId,
        fieldId: field.id,
        fieldName: field.name,
        tableId: cell.tableId,
        ...(parsed.value !== undefined ? { value: parsed.value } : {}),
        ...(cell.since !== undefined ? { since: cell.since } : {}),
        at: Date.now(),
      };
      journalCellEdit(entry);
      last.current = entry;
    },
    settled() {
      last.current = undefined;
      setDirty(false);
    },
    discarded() {
      forget();
      setDirty(false);
    },
  };
}
