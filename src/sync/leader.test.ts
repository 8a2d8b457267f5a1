import { afterEach, describe, expect, it, vi } from 'vitest';
import { asLeader, fitBatch } from './engine';
import type { OutboxRow } from './store';

describe('asLeader', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('runs the work under the Web Lock so only one tab leads', async () => {
    const held: string[] = [];
    let queue = Promise.resolve();
    const locks = {
      request: (name: string, work: () => Promise<unknown>) => {
        const run = queue.then(async () => {
          held.push(`take ${name}`);
          const result = await work();
          held.push(`release ${name}`);
          return result;
        });
        queue = run.then(() => undefined);
        return run;
      },
    };
    vi.stubGlobal('navigator', { locks });
    const order: string[] = [];
    await Promise.all([
      asLeader(async () => {
        order.push('tab 1 leads');
      }),
      asLeader(async () => {
        order.push('tab 2 leads');
      }),
    ]);
    expect(order).toEqual(['tab 1 leads', 'tab 2 leads']);
    expect(held).toEqual([
      'take quire-sync-leader',
      'release quire-sync-leader',
      'take quire-sync-leader',
      'release quire-sync-leader',
    ]);
  });

  it('just runs the work where Web Locks are missing', async () => {
    vi.stubGlobal('navigator', {});
    expect(await asLeader(async () => 42)).toBe(42);
  });
});

describe('fitBatch', () => {
  const row = (id: number, size: number): OutboxRow => ({
    id,
    kind: 'template.save',
    templateId: 't',
    content: 'x'.repeat(size),
    enqueuedAt: 0,
  });

  it('keeps a push under the body limit, but always sends at least one change', () => {
    const rows = [row(1, 600), row(2, 600), row(3, 600)];
    expect(fitBatch(rows, 1700).map((r) => r.id)).toEqual([1, 2]);
    expect(fitBatch([row(1, 5000), row(2, 10)], 1000).map((r) => r.id)).toEqual([1]);
    expect(fitBatch([], 1000)).toEqual([]);
  });
});
