/**
 * The render pool with a stub thread (tests/fixtures/stubRenderThread.ts) that can be held busy,
 * loop forever or run out of heap: the time limit, the memory cap, the bounded queue and
 * replacing a thread, each without a real render. No timed assertions: a time limit is set
 * short and only what happened is checked.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_FETCH_POLICY } from './fetchPolicy';
import { RenderPool, type RenderPoolConfig } from './pool';
import type { RenderRequest } from './renderFile';

const STUB = new URL('../../../tests/fixtures/stubRenderThread.ts', import.meta.url);
const dir = mkdtempSync(join(tmpdir(), 'quire-pool-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const request = (templateName: string, values: Record<string, unknown> = {}): RenderRequest => ({
  content: '{}',
  templateName,
  docName: 'Doc',
  dataSource: null,
  values,
  targetType: 'pdf',
  runtime: 'native',
});

const pools: RenderPool[] = [];
function pool(config: Partial<RenderPoolConfig> = {}): RenderPool {
  const made = new RenderPool(
    { threads: 1, queueLimit: 4, timeoutMs: 60_000, memoryMb: 256, ...config },
    { fetchPolicy: DEFAULT_FETCH_POLICY, wasmBudgetBytes: 1 },
    STUB,
  );
  pools.push(made);
  return made;
}
afterAll(() => Promise.all(pools.map((p) => p.close())));

const threadOf = async (p: RenderPool, values: Record<string, unknown> = {}) =>
  (await p.fill(request('ok', values))).output.fileName;

describe('the render pool', () => {
  it('stops a render past its time limit, fails only that render, and renders on a new thread', async () => {
    const p = pool({ timeoutMs: 300 });
    const before = await threadOf(p);
    await expect(p.fill(request('forever'))).rejects.toMatchObject({
      errorName: 'RenderTimedOut',
      params: { seconds: 0.3 },
    });
    const after = await threadOf(p);
    expect(after).not.toBe(before);
    expect(p.stats()).toMatchObject({ threads: 1, busy: 0, waiting: 0 });
  }, 30_000);

  it('fails a render whose thread runs out of heap with RenderOutOfMemory, and replaces the thread', async () => {
    const p = pool({ memoryMb: 64 });
    const before = await threadOf(p);
    await expect(p.fill(request('hog'))).rejects.toMatchObject({
      errorName: 'RenderOutOfMemory',
      params: { megabytes: 64 },
    });
    expect(await threadOf(p)).not.toBe(before);
  }, 60_000);

  it('replaces a thread that holds most of its cap after a render, before the next one', async () => {
    const p = pool({ memoryMb: 100 });
    const first = await threadOf(p, { heapBytes: 10 });
    expect(await threadOf(p, { heapBytes: 90 * 2 ** 20 })).toBe(first);
    expect(await threadOf(p)).not.toBe(first);
  }, 30_000);

  it('keeps a catalogued failure as it is', async () => {
    await expect(pool().fill(request('fail'))).rejects.toMatchObject({ errorName: 'TemplateParseError' });
  }, 30_000);

  it('refuses past its queue with RenderQueueFull, but lets jobs wait, and drains in order', async () => {
    const p = pool({ threads: 1, queueLimit: 2 });
    const flag = join(dir, 'release-queue');
    const busy = p.fill(request('block', { flag }));
    const order: string[] = [];
    const queued = ['a', 'b'].map((name) => p.fill(request(name)).then(() => void order.push(name)));
    await expect(p.fill(request('c'))).rejects.toMatchObject({ errorName: 'RenderQueueFull' });
    const job = p.fill(request('job'), { wait: true }).then(() => void order.push('job'));
    expect(p.stats()).toMatchObject({ threads: 1, busy: 1, waiting: 3 });
    writeFileSync(flag, '');
    await busy;
    await Promise.all([...queued, job]);
    expect(order).toEqual(['a', 'b', 'job']);
  }, 30_000);
});
