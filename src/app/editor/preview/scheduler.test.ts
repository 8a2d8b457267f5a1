import { describe, expect, it } from 'vitest';
import { latestWins } from './scheduler';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('latestWins', () => {
  it('starts a render at once when idle', () => {
    let calls = 0;
    const s = latestWins(async () => {
      calls++;
    });
    s.request();
    expect(calls).toBe(1);
  });

  it('collapses requests made during a render into one follow-up', async () => {
    const gates: Array<ReturnType<typeof deferred>> = [];
    const s = latestWins(() => {
      const d = deferred();
      gates.push(d);
      return d.promise;
    });
    s.request();
    s.request();
    s.request();
    s.request();
    expect(gates).toHaveLength(1);
    expect(s.running).toBe(true);
    gates[0]!.resolve();
    await flush();
    expect(gates).toHaveLength(2);
    gates[1]!.resolve();
    await flush();
    expect(gates).toHaveLength(2);
    expect(s.running).toBe(false);
  });

  it('keeps going after a failed render', async () => {
    let calls = 0;
    const s = latestWins(async () => {
      calls++;
      if (calls === 1) throw new Error('boom');
    });
    s.request();
    s.request();
    await flush();
    expect(calls).toBe(2);
  });

  it('starts nothing after dispose', async () => {
    const gate = deferred();
    let calls = 0;
    const s = latestWins(() => {
      calls++;
      return gate.promise;
    });
    s.request();
    s.request();
    s.dispose();
    gate.resolve();
    await flush();
    s.request();
    expect(calls).toBe(1);
  });
});
