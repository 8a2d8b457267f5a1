import { describe, expect, it } from 'vitest';
import { type Conflict, compareVersions, planResolution, shorten } from './conflict';

const conflict: Conflict = {
  mine: { label: 'Mine', content: 'MINE', revision: 3, parts: [] },
  theirs: { label: 'Theirs', content: 'THEIRS', revision: 5, parts: [] },
};

describe('conflict resolutions', () => {
  it('take theirs continues from their content and revision', () => {
    expect(planResolution(conflict, 'theirs')).toEqual({ kind: 'take', content: 'THEIRS', revision: 5 });
  });

  it('keep mine writes my content with their revision as the base, so the revision check passes', () => {
    expect(planResolution(conflict, 'mine')).toEqual({ kind: 'overwrite', content: 'MINE', baseRevision: 5 });
  });

  it('keep mine as a copy saves mine apart and leaves theirs in place', () => {
    expect(planResolution(conflict, 'copy')).toEqual({
      kind: 'copy',
      copyContent: 'MINE',
      content: 'THEIRS',
      revision: 5,
    });
  });
});

describe('compareVersions', () => {
  it('lists changed parts and parts only one side has, and counts the unchanged', () => {
    const mine = [
      { id: 'a', kind: 'richText', text: 'Hello' },
      { id: 'b', kind: 'richText', text: 'typed in tab one' },
      { id: 'c', kind: 'table', text: 'new table' },
    ];
    const theirs = [
      { id: 'a', kind: 'richText', text: 'Hello' },
      { id: 'b', kind: 'richText', text: 'typed in tab two' },
      { id: 'd', kind: 'qrcode', text: 'https://x' },
    ];
    expect(compareVersions(mine, theirs)).toEqual({
      unchanged: 1,
      differences: [
        { id: 'b', kind: 'richText', change: 'changed', mine: 'typed in tab one', theirs: 'typed in tab two' },
        { id: 'c', kind: 'table', change: 'onlyMine', mine: 'new table' },
        { id: 'd', kind: 'qrcode', change: 'onlyTheirs', theirs: 'https://x' },
      ],
    });
  });

  it('shortens long text for the side-by-side view', () => {
    expect(shorten('a  b\n c')).toBe('a b c');
    expect(shorten('x'.repeat(300), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
