import { describe, expect, it } from 'vitest';
import { chosenOptions, optionMatches } from './OptionPicker';

describe('the multiple-select chip picker', () => {
  it('reads a cell’s options, whatever was stored', () => {
    expect(chosenOptions(['rush', 3, 'gift'])).toEqual(['rush', 'gift']);
    expect(chosenOptions('rush')).toEqual(['rush']);
    expect(chosenOptions(undefined)).toEqual([]);
  });

  it('lists the field’s options, then names in the cell that are not options', () => {
    expect(optionMatches(['rush', 'fragile'], ['gift'], '')).toEqual({
      shown: ['rush', 'fragile', 'gift'],
      add: undefined,
    });
  });

  it('narrows by what is typed, case-insensitively, and offers to add a new name', () => {
    expect(optionMatches(['rush', 'fragile'], [], 'FRA')).toEqual({ shown: ['fragile'], add: 'FRA' });
    expect(optionMatches(['rush', 'fragile'], [], ' gift ')).toEqual({ shown: [], add: 'gift' });
  });

  it('does not offer to add a name that is already an option', () => {
    expect(optionMatches(['rush', 'fragile'], [], 'Rush')).toEqual({ shown: ['rush'], add: undefined });
  });
});
