import { describe, expect, it } from 'vitest';
import { ChunkLanes } from './chunk-lanes';
import type { TypstEngine } from './typst/engine';

/** An engine whose memory grows by `step` per compile, and that records its disposal. */
function fakeEngine(name: string, step: number, log: string[]): TypstEngine {
  let memory = 0;
  return {
    kind: 'wasm',
    compiled: 0,
    compilePdf: async () => {
      memory += step;
      return new Uint8Array([1]);
    },
    compileWithQuery: async () => ({ pdf: new Uint8Array([1]), found: [] }),
    memoryBytes: async () => memory,
    dispose: () => log.push(`dispose ${name}`),
  };
}

describe('ChunkLanes', () => {
  it('stays on the given engine without fresh ones, and never disposes it', async () => {
    const log: string[] = [];
    const given = fakeEngine('given', 100, log);
    const lanes = new ChunkLanes(given, { engineBudgetBytes: 150 }, true);
    expect(lanes.lanes).toHaveLength(1);
    const used: TypstEngine[] = [];
    for (let i = 0; i < 4; i++) await lanes.lanes[0]!.run(async (e) => used.push(e));
    await lanes.release();
    expect(new Set(used)).toEqual(new Set([given]));
    expect(log).toEqual([]);
  });

  it('leaves the given engine after one chunk, moves on at the budget, and gives back every fresh engine', async () => {
    const log: string[] = [];
    let made = 0;
    const freshEngine = async () => fakeEngine(`fresh${++made}`, 100, log);
    const given = fakeEngine('given', 100, log);
    const lanes = new ChunkLanes(given, { freshEngine, engineBudgetBytes: 250 }, false);
    const used: TypstEngine[] = [];
    for (let i = 0; i < 7; i++)
      await lanes.lanes[0]!.run(async (e) => {
        used.push(e);
        await e.compilePdf({ main: '/main.typ', files: {}, fontGroups: [] });
      });
    await lanes.release();
    // One chunk on the given engine, then fresh engines of three chunks each (100 per chunk, budget 250).
    expect(used[0]).toBe(given);
    expect(used.slice(1).every((e) => e !== given)).toBe(true);
    // Chunks 2–4 share the first fresh engine; 5–7 the second.
    expect(new Set(used.slice(1)).size).toBe(2);
    expect(log.filter((l) => l === 'dispose given')).toHaveLength(0);
    expect(log.filter((l) => l.startsWith('dispose fresh'))).toHaveLength(made);
    expect(made).toBeGreaterThanOrEqual(2);
  });

  it('runs a second lane on its own fresh engine when the document is long', async () => {
    const log: string[] = [];
    let made = 0;
    const lanes = new ChunkLanes(
      fakeEngine('given', 1, log),
      {
        freshEngine: async () => fakeEngine(`fresh${++made}`, 1, log),
      },
      true,
    );
    expect(lanes.lanes).toHaveLength(2);
    const [a, b] = await Promise.all([lanes.lanes[0]!.run(async (e) => e), lanes.lanes[1]!.run(async (e) => e)]);
    expect(a).not.toBe(b);
    await lanes.release();
    expect(log.filter((l) => l.startsWith('dispose fresh'))).toHaveLength(made);
  });
});
