import { describe, expect, it } from 'vitest';
import { openDurableJournal } from '../../../storage/keystrokeJournal';
import { freshIndexedDB } from '../../../storage/testing';
import { clearJournal, fingerprint, type JournalEntry, readJournal, replayJournal, writeJournal } from './journal';
import { MemoryStore } from './testing';

const entry = (over: Partial<JournalEntry> = {}): JournalEntry => ({
  templateId: 't1',
  content: 'typed last',
  name: 'Invoice',
  tableId: 'tbl',
  baseRevision: 4,
  at: 1,
  ...over,
});

function target(rows: Record<string, { content: string; revision: number }>) {
  const saved: Array<{ id: string; content: string; revision: number }> = [];
  const drafts: JournalEntry[] = [];
  return {
    saved,
    drafts,
    get: async (id: string) => rows[id],
    save: async (e: JournalEntry, revision: number) => {
      saved.push({ id: e.templateId, content: e.content, revision });
    },
    keepDraft: async (e: JournalEntry) => {
      drafts.push(e);
    },
  };
}

describe('editor journal', () => {
  it('is written synchronously, read back, and cleared only for the content storage now holds', () => {
    const store = new MemoryStore();
    expect(writeJournal(store, entry({ content: 'abc' }))).toBe(true);
    expect(readJournal(store, 't1')?.content).toBe('abc');
    clearJournal(store, 't1', 'ab');
    expect(readJournal(store, 't1')?.content).toBe('abc');
    clearJournal(store, 't1', 'abc');
    expect(readJournal(store, 't1')).toBeUndefined();
  });

  it('never throws when localStorage is full', () => {
    const store = new MemoryStore();
    store.full = true;
    expect(writeJournal(store, entry())).toBe(false);
  });

  it('replays the last keystrokes into storage on top of the revision they were typed on, then clears', async () => {
    const store = new MemoryStore();
    writeJournal(store, entry());
    const t = target({ t1: { content: 'older', revision: 4 } });
    const outcomes = await replayJournal(store, t);
    expect(outcomes.get('t1')).toBe('restored');
    expect(t.saved).toEqual([{ id: 't1', content: 'typed last', revision: 4 }]);
    expect(store.length).toBe(0);
  });

  it('drops an entry storage already holds', async () => {
    const store = new MemoryStore();
    writeJournal(store, entry());
    const t = target({ t1: { content: 'typed last', revision: 5 } });
    expect((await replayJournal(store, t)).get('t1')).toBe('stored');
    expect(t.saved).toEqual([]);
    expect(store.length).toBe(0);
  });

  it('keeps the text as a draft for the conflict dialog when another tab saved since', async () => {
    const store = new MemoryStore();
    writeJournal(store, entry());
    const t = target({ t1: { content: 'their text', revision: 6 } });
    expect((await replayJournal(store, t)).get('t1')).toBe('draft');
    expect(t.drafts.map((d) => d.content)).toEqual(['typed last']);
    expect(t.saved).toEqual([]);
    expect(store.length).toBe(0);
  });

  it('recognises its own write that was in flight when the tab died, and applies on top of it', async () => {
    const store = new MemoryStore();
    writeJournal(store, entry({ inFlight: { revision: 5, fingerprint: fingerprint('typed first') } }));
    const t = target({ t1: { content: 'typed first', revision: 5 } });
    expect((await replayJournal(store, t)).get('t1')).toBe('restored');
    expect(t.saved).toEqual([{ id: 't1', content: 'typed last', revision: 5 }]);
  });

  it('keeps the journal when storage still refuses the write', async () => {
    const store = new MemoryStore();
    writeJournal(store, entry());
    const t = target({ t1: { content: 'older', revision: 4 } });
    t.save = async () => {
      throw new Error('quota');
    };
    expect((await replayJournal(store, t)).get('t1')).toBe('failed');
    expect(readJournal(store, 't1')?.content).toBe('typed last');
  });

  it('a killed browser leaves only the durable half: replayed from it, then marked cleared', async () => {
    const durable = openDurableJournal('j', freshIndexedDB());
    writeJournal(undefined, entry({ at: 7 }), durable);
    const t = target({ t1: { content: 'older', revision: 4 } });
    expect((await replayJournal(new MemoryStore(), t, undefined, durable)).get('t1')).toBe('restored');
    expect(t.saved).toEqual([{ id: 't1', content: 'typed last', revision: 4 }]);
    await durable.settled();
    expect(await durable.entries('quire.journal.')).toEqual([
      { key: 'quire.journal.template:t1', value: { cleared: true, at: 7 } },
    ]);
  });

  it('a localStorage entry older than the durable mark is stale: no draft, no write', async () => {
    const durable = openDurableJournal('j', freshIndexedDB());
    const store = new MemoryStore();
    // Written, stored, cleared — but the browser died before localStorage's removal reached the disk.
    writeJournal(store, entry({ content: 'saved long ago', at: 3 }), durable);
    clearJournal(undefined, 't1', 'saved long ago', durable);
    await durable.settled();
    const t = target({ t1: { content: 'newer text saved since', revision: 9 } });
    expect((await replayJournal(store, t, undefined, durable)).size).toBe(0);
    expect(t.drafts).toEqual([]);
    expect(t.saved).toEqual([]);
    expect(store.length).toBe(0);
  });

  it('a localStorage entry newer than the durable one wins (the journal database refused it)', async () => {
    const durable = openDurableJournal('j', freshIndexedDB());
    const store = new MemoryStore();
    writeJournal(store, entry({ content: 'older', at: 3 }), durable);
    writeJournal(store, entry({ content: 'newest', at: 8 }));
    await durable.settled();
    const t = target({ t1: { content: 'base', revision: 4 } });
    await replayJournal(store, t, undefined, durable);
    expect(t.saved.map((s) => s.content)).toEqual(['newest']);
  });
});
