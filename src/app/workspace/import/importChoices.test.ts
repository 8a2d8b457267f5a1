import { describe, expect, it } from 'vitest';
import type { ImportColumn } from '../../../core/import';
import { canImport, importRequestOf, type LoadedFile, withColumn } from './importChoices';

const column = (index: number, name: string, include = true): ImportColumn => ({
  index,
  name,
  kind: 'text',
  include,
  samples: [],
});
const loaded = (columns: ImportColumn[]): LoadedFile => ({
  fileName: 'Orders 2024.csv',
  file: new File(['x'], 'Orders 2024.csv'),
  sheet: { header: columns.map((c) => c.name), rows: [['ORD-1', '2']], rowNumbers: [2] },
  columns,
});
const tables = [{ id: 'tbl1', name: 'Customers' }];

describe('the import dialog’s choices', () => {
  it('changes one column and leaves the others as they were', () => {
    const columns = [column(0, 'Order no'), column(1, 'Qty')];
    const changed = withColumn(columns, 1, { kind: 'number', name: 'Quantity' });
    expect(changed[0]).toBe(columns[0]);
    expect(changed[1]).toEqual({ index: 1, name: 'Quantity', kind: 'number', include: true, samples: [] });
    expect(columns[1]?.name).toBe('Qty');
  });

  it('imports only with a kept column and a table to put it in', () => {
    const file = loaded([column(0, 'Order no'), column(1, 'Qty', false)]);
    expect(canImport(undefined, { target: 'new', tableName: '', existingId: '' })).toBe(false);
    expect(canImport(file, { target: 'new', tableName: '', existingId: '' })).toBe(true);
    expect(canImport(file, { target: 'existing', tableName: '', existingId: '' })).toBe(false);
    expect(canImport(file, { target: 'existing', tableName: '', existingId: 'tbl1' })).toBe(true);
    const noneKept = loaded([column(0, 'Order no', false)]);
    expect(canImport(noneKept, { target: 'new', tableName: 'X', existingId: '' })).toBe(false);
  });

  it('names a new table after the file when no name is typed, and trims a typed one', () => {
    const file = loaded([column(0, 'Order no')]);
    expect(importRequestOf(file, { target: 'new', tableName: '  ', existingId: '' }, tables)).toMatchObject({
      target: 'new',
      tableName: 'Orders 2024',
    });
    expect(importRequestOf(file, { target: 'new', tableName: ' Q3 ', existingId: '' }, tables).tableName).toBe('Q3');
    expect(importRequestOf(file, { target: 'new', tableName: '', existingId: 'tbl1' }, tables)).not.toHaveProperty(
      'existing',
    );
  });

  it('imports into the chosen existing table by id, with its name for the interrupted-import notice', () => {
    const file = loaded([column(0, 'Order no')]);
    expect(importRequestOf(file, { target: 'existing', tableName: '', existingId: 'tbl1' }, tables).existing).toEqual({
      id: 'tbl1',
      name: 'Customers',
    });
  });
});
