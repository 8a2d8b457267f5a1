import { QuireError } from '../core/errors';
import type { CellValue, RecordRow } from './types';

/**
 * Edits of a record are checked field by field: an editor that loaded a record at `since` may write
 * a field unless another writer changed *that field* after `since`. Two tabs editing different
 * fields of one row never conflict; two tabs editing the same cell do.
 */

/** The fields of `fieldIds` another writer changed after `since` (all of them when unknown). */
function fieldsChangedSince(record: RecordRow, fieldIds: readonly string[], since: number): string[] {
  if (record.updatedAt === since) return [];
  // A record last written before per-field times existed: no way to tell which field changed.
  if (!record.fieldsUpdatedAt) return [...fieldIds];
  const stamps = record.fieldsUpdatedAt;
  return fieldIds.filter((id) => (stamps[id] ?? 0) > since);
}

/**
 * Refuse, with `VersionConflict`, an edit of fields another tab changed since `since`; the error's
 * params name the fields (`fields`, comma-separated) so the caller can show the other version.
 */
export function assertFieldsUnchanged(record: RecordRow, fieldIds: readonly string[], since: number | undefined): void {
  if (since === undefined) return;
  const changed = fieldsChangedSince(record, fieldIds, since);
  if (changed.length === 0) return;
  throw new QuireError('VersionConflict', {
    detail: `record ${record.id} changed elsewhere`,
    params: { expected: since, actual: record.updatedAt, fields: changed.join(','), record: record.id },
  });
}

/** The record with `values` set and those fields stamped as written at `now`. */
export function withFieldValues(
  record: RecordRow,
  patch: Record<string, CellValue | undefined>,
  now: number,
): RecordRow {
  const values: Record<string, CellValue> = { ...record.values };
  const stamps: Record<string, number> = { ...record.fieldsUpdatedAt };
  const sourceText = record.sourceText ? { ...record.sourceText } : undefined;
  for (const [fieldId, value] of Object.entries(patch)) {
    if (value === undefined) delete values[fieldId];
    else values[fieldId] = value;
    stamps[fieldId] = now;
    // The file's text described the old value; after an edit it would restore the wrong one.
    if (sourceText) delete sourceText[fieldId];
  }
  const next: RecordRow = { ...record, values, fieldsUpdatedAt: stamps, updatedAt: now };
  if (sourceText && Object.keys(sourceText).length > 0) next.sourceText = sourceText;
  else delete next.sourceText;
  return next;
}
