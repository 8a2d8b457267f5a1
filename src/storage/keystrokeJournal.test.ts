import { describe, expect, it } from 'vitest';
import { openDurableJournal } from './keystrokeJournal';
import { freshIndexedDB } from './testing';

describe('durable journal', () => {
  it('keeps what was put, by prefix, across a reopen', async () => {
    const backend = freshIndexedDB();
    const journal = openDurableJournal('j', backend);
    journal.put('a:1', { text: 'one' });
    journal.put('b:1', { text: 'other' });
    journal.put('a:1', { text: 'newer' });
    await journal.settled();
    const reopened = openDurableJournal('j', backend);
    expect(await reopened.entries('a:')).toEqual([{ key: 'a:1', value: { text: 'newer' } }]);
  });

  it('removes only a stale entry, and leaves a mark when asked', async () => {
    const journal = openDurableJournal('j', freshIndexedDB());
    journal.put('k:1', { at: 5 });
    journal.put('k:2', { at: 9 });
    journal.put('k:3', { at: 2 });
    const upTo = (at: number) => (value: unknown) => (value as { at: number }).at <= at;
    journal.remove('k:1', upTo(4));
    journal.remove('k:2', upTo(9), (value) => ({ cleared: true, at: (value as { at: number }).at }));
    journal.remove('k:3');
    await journal.settled();
    expect(await journal.entries('k:')).toEqual([
      { key: 'k:1', value: { at: 5 } },
      { key: 'k:2', value: { cleared: true, at: 9 } },
    ]);
  });
});
