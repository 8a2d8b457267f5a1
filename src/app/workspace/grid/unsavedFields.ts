import type { PendingWrite, TableField, TableRow } from '../../../storage';

/**
 * A table as the user made it: stored fields, then the fields added while storage refused writes
 * (kept in the pending buffer until there is room), so a new column does not vanish on a full disk.
 */
export function withUnsavedFields(
  table: TableRow,
  pending: readonly PendingWrite[],
): { table: TableRow; unsavedFieldIds: ReadonlySet<string> } {
  const prefix = `table:${table.id}:field:`;
  const stored = new Set(table.fields.map((f) => f.id));
  const added: TableField[] = [];
  for (const item of pending) {
    if (!item.key.startsWith(prefix) || !item.key.endsWith(':add')) continue;
    const field = (item.payload as { field?: TableField } | null)?.field;
    if (!field || typeof field.id !== 'string' || stored.has(field.id)) continue;
    added.push(field);
  }
  if (added.length === 0) return { table, unsavedFieldIds: EMPTY };
  return {
    table: { ...table, fields: [...table.fields, ...added] },
    unsavedFieldIds: new Set(added.map((f) => f.id)),
  };
}

const EMPTY: ReadonlySet<string> = new Set();
