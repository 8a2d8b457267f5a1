import { describe, expect, it } from 'vitest';
import type { PendingWrite, TableRow } from '../../../storage';
import { withUnsavedFields } from './unsavedFields';

const table: TableRow = {
  id: 'tbl1',
  baseId: 'b',
  name: 'T',
  fields: [{ id: 'f1', name: 'Name', type: 'text', isPrimary: true }],
  order: 0,
  createdAt: 0,
  updatedAt: 0,
};

const refused = (key: string, payload: unknown): PendingWrite => ({
  key,
  label: 'x',
  payload,
  reason: 'StorageQuotaExceeded',
  failedAt: 1,
});

describe('withUnsavedFields', () => {
  it('adds the fields storage refused to this table, marked, after the stored ones', () => {
    const { table: shown, unsavedFieldIds } = withUnsavedFields(table, [
      refused('table:tbl1:field:f2:add', {
        tableId: 'tbl1',
        fieldId: 'f2',
        field: { id: 'f2', name: 'Notes', type: 'text' },
      }),
      refused('table:tbl2:field:f3:add', {
        tableId: 'tbl2',
        fieldId: 'f3',
        field: { id: 'f3', name: 'Other', type: 'text' },
      }),
      refused('table:tbl1:field:f1', { tableId: 'tbl1', fieldId: 'f1', fieldPatch: { name: 'Renamed' } }),
    ]);
    expect(shown.fields.map((f) => f.name)).toEqual(['Name', 'Notes']);
    expect([...unsavedFieldIds]).toEqual(['f2']);
  });

  it('shows a field once when storage already has it, and keeps the table as is when nothing waits', () => {
    const stored = { ...table, fields: [...table.fields, { id: 'f2', name: 'Notes', type: 'text' as const }] };
    const pending = [refused('table:tbl1:field:f2:add', { field: { id: 'f2', name: 'Notes', type: 'text' } })];
    expect(withUnsavedFields(stored, pending).table.fields).toHaveLength(2);
    expect(withUnsavedFields(table, []).table).toBe(table);
  });
});
