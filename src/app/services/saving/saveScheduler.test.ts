import { describe, expect, it } from 'vitest';
import { createSaveScheduler } from './saveScheduler';

function setup() {
  let content = 'v0';
  const pushed: string[] = [];
  const deferred: Array<() => void> = [];
  let pendingCalls = 0;
  let cancelled = 0;
  const scheduler = createSaveScheduler({
    serialize: () => content,
    push: (c) => pushed.push(c),
    onPending: () => {
      pendingCalls += 1;
    },
    defer: (run) => {
      deferred.push(run);
      return () => {
        cancelled += 1;
      };
    },
  });
  return {
    scheduler,
    pushed,
    deferred,
    set: (c: string) => {
      content = c;
    },
    counts: () => ({ pendingCalls, cancelled }),
  };
}

describe('createSaveScheduler', () => {
  it('hands a burst of changes over once, with the latest content', () => {
    const s = setup();
    s.set('a');
    s.scheduler.changed();
    s.set('ab');
    s.scheduler.changed();
    s.set('abc');
    s.scheduler.changed();
    expect(s.deferred).toHaveLength(1);
    expect(s.counts().pendingCalls).toBe(1);
    expect(s.scheduler.pending).toBe(true);
    s.deferred[0]!();
    expect(s.pushed).toEqual(['abc']);
    expect(s.scheduler.pending).toBe(false);
  });

  it('flush hands a waiting change over at once and cancels the deferred run', () => {
    const s = setup();
    s.set('x');
    s.scheduler.changed();
    s.scheduler.flush();
    expect(s.pushed).toEqual(['x']);
    expect(s.counts().cancelled).toBe(1);
    // Nothing waits any more: a late deferred run or another flush writes nothing twice.
    s.deferred[0]!();
    s.scheduler.flush();
    expect(s.pushed).toEqual(['x']);
  });

  it('a change after a hand-over waits again', () => {
    const s = setup();
    s.scheduler.changed();
    s.deferred[0]!();
    s.set('y');
    s.scheduler.changed();
    expect(s.deferred).toHaveLength(2);
    s.deferred[1]!();
    expect(s.pushed).toEqual(['v0', 'y']);
  });
});
