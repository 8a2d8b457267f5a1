import { describe, expect, it } from 'vitest';
import { failedSamples, retypeValues } from './retype';

describe('changing a field type after import', () => {
  it('converts what fits and lists what does not, dropping nothing silently', () => {
    const values = ['12', '3.5', 'lots', '', '7'];
    const result = retypeValues('Qty', values, 'number');
    expect(result.cells).toEqual([12, 3.5, undefined, undefined, 7]);
    expect(result.failed).toEqual([2]);
    expect(result.field).toMatchObject({ name: 'Qty', type: 'number' });
    expect(failedSamples(values, result.failed)).toEqual(['lots']);
  });

  it('text to multi-select splits, collecting the options in order', () => {
    const result = retypeValues('Tags', ['red, blue', 'blue'], 'multiSelect');
    expect(result.cells).toEqual([['red', 'blue'], ['blue']]);
    expect(result.field.property?.options?.map((o) => o.name)).toEqual(['red', 'blue']);
  });

  it('a multi-select back to text keeps the whole list as one text', () => {
    const result = retypeValues('Tags', [['red', 'blue']], 'text');
    expect(result.cells).toEqual(['red, blue']);
    expect(result.failed).toEqual([]);
  });

  it('dates read from text; a value that is no date is reported', () => {
    const result = retypeValues('When', ['2025-01-31', 'soon'], 'date', { timeZone: 'UTC' });
    expect(result.cells[0]).toBe(Date.UTC(2025, 0, 31));
    expect(result.failed).toEqual([1]);
    expect(result.field.type).toBe('dateTime');
  });
});
