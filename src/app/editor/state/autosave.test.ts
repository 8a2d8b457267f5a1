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
});
