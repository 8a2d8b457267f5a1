import { describe, expect, it } from 'vitest';
import { entryValue, withValue } from './FilterBuilder';

describe('filter entries', () => {
  it('stores the value where the operator reads it', () => {
    expect(withValue({ fieldName: 'Qty', operator: 'gt' }, '5')).toEqual({
      fieldName: 'Qty',
      operator: 'gt',
      numValue: 5,
    });
    expect(withValue({ fieldName: 'Name', operator: 'contains', numValue: 5 }, 'pen')).toEqual({
      fieldName: 'Name',
      operator: 'contains',
      strValue: 'pen',
    });
    expect(withValue({ fieldName: 'Due', operator: 'before' }, '2026-01-01')).toEqual({
      fieldName: 'Due',
      operator: 'before',
      dateTime: '2026-01-01',
    });
    expect(withValue({ fieldName: 'Note', operator: 'is_empty', strValue: 'x' }, 'x')).toEqual({
      fieldName: 'Note',
      operator: 'is_empty',
    });
    expect(entryValue({ fieldName: 'Qty', operator: 'gt', numValue: 5 })).toBe('5');
  });
});
