import { describe, expect, it } from 'vitest';
import type { RecordRow, TableField } from '../../../storage';
import { applyView, isPlainView } from './view';

const fields: TableField[] = [
  { id: 'name', name: 'Name', type: 'text', isPrimary: true },
  { id: 'qty', name: 'Qty', type: 'number' },
  { id: 'when', name: 'When', type: 'dateTime' },
  { id: 'tags', name: 'Tags', type: 'multiSelect' },
];
const record = (id: string, values: RecordRow['values']): RecordRow =>
  ({ id, tableId: 't', seq: 0, values, createdAt: 0, updatedAt: 0 }) as RecordRow;
const records = [
  record('a', { name: 'Pen', qty: 12, when: Date.UTC(2025, 0, 3), tags: ['blue'] }),
  record('b', { name: 'ink bottle', qty: 3, tags: ['black', 'blue'] }),
  record('c', { name: 'Pad', when: Date.UTC(2024, 5, 1) }),
  record('d', { name: 'Pencil 10', qty: 120 }),
];

describe('grid view: search, filter, sort', () => {
  it('searches every field, case-insensitively', () => {
    expect(applyView(records, fields, { query: 'PEN' }, 'en-US')).toEqual(['a', 'd']);
    expect(applyView(records, fields, { query: 'blue' }, 'en-US')).toEqual(['a', 'b']);
    expect(applyView(records, fields, { query: '2024/06' }, 'en-US')).toEqual(['c']);
  });

  it('filters one field', () => {
    const filter = (op: 'contains' | 'empty' | 'notEmpty' | 'is' | 'notContains', value = '') =>
      applyView(records, fields, { query: '', filter: { fieldId: 'qty', op, value } }, 'en-US');
    expect(filter('empty')).toEqual(['c']);
    expect(filter('notEmpty')).toEqual(['a', 'b', 'd']);
    expect(filter('is', '3')).toEqual(['b']);
    expect(filter('notContains', '12')).toEqual(['b', 'c']);
  });

  it('sorts numbers and dates by value, text naturally, empty values last', () => {
    const sort = (fieldId: string, dir: 'asc' | 'desc') =>
      applyView(records, fields, { query: '', sort: { fieldId, dir } }, 'en-US');
    expect(sort('qty', 'asc')).toEqual(['b', 'a', 'd', 'c']);
    expect(sort('qty', 'desc')).toEqual(['d', 'a', 'b', 'c']);
    expect(sort('when', 'asc')).toEqual(['c', 'a', 'b', 'd']);
    expect(sort('name', 'asc')).toEqual(['b', 'c', 'a', 'd']);
  });

  it('knows a plain view', () => {
    expect(isPlainView({ query: '  ' })).toBe(true);
    expect(isPlainView({ query: 'x' })).toBe(false);
  });
});
