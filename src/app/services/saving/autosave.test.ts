import { describe, expect, it } from 'vitest';
import { createAutosaver, type SaveState } from './autosave';

function deferred() {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('autosave', () => {
  it('reports saved only after the write resolved, and writes only the latest of queued edits', async () => {
    const statuses: SaveState[] = [];
    const writes: Array<{ content: string; revision: number }> = [];
    const gates: Array<ReturnType<typeof deferred>> = [];
    const saver = createAutosaver({
      revision: 1,
      onStatus: (s) => statuses.push(s),
      save: async (content, revision) => {
        writes.push({ content, revision });
        const gate = deferred();
        gates.push(gate);
        await gate.promise;
        return revision + 1;
      },
    });
    saver.push('a');
    saver.push('b');
    saver.push('c');
    await Promise.resolve();
    expect(statuses.at(-1)).toBe('saving');
    gates[0]!.resolve();
    await new Promise((r) => setTimeout(r, 0));
    expect(statuses).not.toContain('saved');
    gates[1]!.resolve();
    await saver.idle();
    expect(writes).toEqual([
      { content: 'a', revision: 1 },
      { content: 'c', revision: 2 },
    ]);
    expect(statuses.at(-1)).toBe('saved');
    expect(saver.revision).toBe(3);
  });

  it('reports a failed write and retries it', async () => {
    const statuses: SaveState[] = [];
    let fail = true;
    const saved: string[] = [];
    const saver = createAutosaver({
      revision: 5,
      onStatus: (s) => statuses.push(s),
      save: async (content, revision) => {
        if (fail) throw new Error('quota');
        saved.push(content);
        return revision + 1;
      },
    });
    saver.push('x');
    await saver.idle();
    expect(statuses.at(-1)).toBe('failed');
    fail = false;
    saver.retry();
    await saver.idle();
    expect(saved).toEqual(['x']);
    expect(statuses.at(-1)).toBe('saved');
  });

  it('stops at a conflict, keeps the newest text, and writes it on top of their revision once told to', async () => {
    const statuses: SaveState[] = [];
    let stored = 7; // another tab saved: the stored revision moved on from 5
    const writes: Array<{ content: string; revision: number }> = [];
    const saver = createAutosaver({
      revision: 5,
      isConflict: (error) => (error as Error).message === 'conflict',
      onStatus: (s) => statuses.push(s),
      save: async (content, revision) => {
        if (revision !== stored) throw new Error('conflict');
        writes.push({ content, revision });
        stored = revision + 1;
        return stored;
      },
    });
    saver.push('mine 1');
    await saver.idle();
    expect(statuses.at(-1)).toBe('conflict');
    expect(saver.inConflict).toBe(true);
    saver.push('mine 2');
    saver.retry();
    await saver.idle();
    // Nothing is written while the user has not decided; the newest text is kept.
    expect(writes).toEqual([]);
    expect(saver.unsaved()).toBe('mine 2');
    saver.rebase(7, saver.unsaved() ?? '');
    await saver.idle();
    expect(writes).toEqual([{ content: 'mine 2', revision: 7 }]);
    expect(statuses.at(-1)).toBe('saved');
    expect(saver.unsaved()).toBeNull();
    expect(saver.revision).toBe(8);
  });

  it('takes another version without writing when rebased with no content', async () => {
    const statuses: SaveState[] = [];
    const saver = createAutosaver({ revision: 1, onStatus: (s) => statuses.push(s), save: async (_c, r) => r + 1 });
    saver.rebase(9);
    expect(saver.revision).toBe(9);
    expect(statuses).toEqual(['saved']);
    expect(saver.unsaved()).toBeNull();
  });
});
