/**
 * One committed grid cell written to storage, apart from the grid: journalled in the commit's own
 * task (a browser killed before the write lands loses nothing), then written. A full disk leaves it
 * to the storage layer's pending buffer (retried once there is room); another tab's change of the
 * same cell, or any other refusal, holds the typed value for the user's decision — never a silent
 * overwrite, never a dropped edit.
 */
import { isQuireError } from '../../../core/errors';
import { type CellValue, classifyStorageFailure, type Storage, type TableField } from '../../../storage';
import { dropCellEdit, dropOnceWritten, journalCellEdit } from '../../services/cellJournal';
import { holdEdit, releaseEdit } from '../../services/heldEdits';
import { trackSave } from '../../services/storageWrites';

interface CellWrite {
  tableId: string;
  recordId: string;
  field: TableField;
  /** Undefined clears the cell. */
  value: CellValue | undefined;
  /** The record's `updatedAt` the edit started from (the same-cell conflict check). */
  since?: number | undefined;
}

/** The saved record, or undefined when the write is buffered or held. */
export async function saveCell(
  storage: Storage,
  write: CellWrite,
  /** A refusal's sentence for the held edit (translated by the grid). */
  sentenceOf: (error: unknown) => string,
) {
  const { tableId, recordId: id, field, value, since } = write;
  const entry = {
    recordId: id,
    fieldId: field.id,
    fieldName: field.name,
    tableId,
    ...(value !== undefined ? { value } : {}),
    ...(since !== undefined ? { since } : {}),
    at: Date.now(),
  };
  journalCellEdit(entry);
  try {
    const saved = await trackSave(() => storage.records.update(id, { [field.id]: value }, since));
    dropCellEdit(entry);
    void releaseEdit(storage, id, field.id);
    return saved;
  } catch (error) {
    // A full disk: the storage layer keeps the edit in its buffer, retried once there is room;
    // the journal keeps it too, for a start after the tab was closed, until the retry writes it.
    if (classifyStorageFailure(error)) {
      dropOnceWritten(storage, entry);
      return undefined;
    }
    // Another tab changed this cell while it was being edited: never overwrite it silently, and
    // never drop what was typed either — it stays in the cell until the user decides.
    const isConflict = isQuireError(error, 'VersionConflict');
    const current = isConflict ? await storage.records.get(id).catch(() => undefined) : undefined;
    await holdEdit(storage, {
      recordId: id,
      fieldId: field.id,
      fieldName: field.name,
      tableId,
      value,
      reason: isConflict ? 'conflict' : 'error',
      ...(current ? { theirs: current.values[field.id] } : {}),
      ...(isConflict ? {} : { message: sentenceOf(error) }),
      at: Date.now(),
    });
    dropCellEdit(entry);
    return undefined;
  }
}
