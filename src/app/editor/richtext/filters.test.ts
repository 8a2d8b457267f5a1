import { describe, expect, it } from 'vitest';
import { FILTERS } from '../../../core/expr/filters';
import { CHIP_FILTER_NAMES, describeFilters, newFilterCall } from './filters';

describe('chip filters', () => {
  it('offers only filters the tag language knows', () => {
    for (const name of CHIP_FILTER_NAMES) expect(Object.hasOwn(FILTERS, name), name).toBe(true);
  });

  it('starts a filter with its first option and spells chains like tags', () => {
    expect(newFilterCall('currency')).toEqual({ name: 'currency', args: ['USD'] });
    expect(newFilterCall('cnUpper')).toEqual({ name: 'cnUpper', args: [] });
    expect(describeFilters([newFilterCall('date'), { name: 'prefix', args: ['Due '] }])).toBe(
      'date:short | prefix:Due ',
    );
    expect(describeFilters(undefined)).toBe('');
  });
});
