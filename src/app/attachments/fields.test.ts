import { describe, expect, it } from 'vitest';
import { attachmentFieldsOf, moveField, toggleField } from './fields';

describe('attachment template fields', () => {
  it('offers only the table fields that hold files', () => {
    const fields = [
      { id: 'a', name: 'Name', type: 'text' as const },
      { id: 'b', name: 'Contract', type: 'attachment' as const },
      { id: 'c', name: 'Photo', type: 'attachmentImage' as const },
    ];
    expect(attachmentFieldsOf(fields)).toEqual([
      { id: 'b', name: 'Contract' },
      { id: 'c', name: 'Photo' },
    ]);
  });

  it('adds at the end, removes, and moves one place within the list', () => {
    expect(toggleField(['b'], 'c')).toEqual(['b', 'c']);
    expect(toggleField(['b', 'c'], 'b')).toEqual(['c']);
    expect(moveField(['b', 'c', 'd'], 2, -1)).toEqual(['b', 'd', 'c']);
    expect(moveField(['b', 'c'], 0, -1)).toEqual(['b', 'c']);
    expect(moveField(['b', 'c'], 1, 1)).toEqual(['b', 'c']);
  });
});
