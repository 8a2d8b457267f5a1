import { describe, expect, it } from 'vitest';
import { RenderRun, type RenderRunState, type RunContext, stageOf } from './renderRun';

/** A job the test finishes by hand: it records its context and waits to be resolved or rejected. */
function manualJob<R>() {
  let resolve!: (value: R) => void;
  let reject!: (error: unknown) => void;
  const calls: RunContext[] = [];
  const job = (run: RunContext) => {
    calls.push(run);
    return new Promise<R>((ok, fail) => {
      resolve = ok;
      reject = fail;
    });
  };
  return {
    job,
    calls,
    resolve: (value: R) => resolve(value),
    reject: (error: unknown) => reject(error),
  };
}

/** A clock the test moves: "rendered in … ms" without a timed assertion. */
function fakeClock() {
  let now = 1000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const statuses = (run: RenderRun<string>) => {
  const seen: string[] = [];
  run.subscribe(() => {
    const s = run.state;
    seen.push(s.status === 'rendering' ? `rendering:${s.stage}` : s.status);
  });
  return seen;
};

describe('the render-run state machine', () => {
  it('goes idle → rendering (each stage once) → ready, with the time it took and what it made', async () => {
    const clock = fakeClock();
    const run = new RenderRun<string>({ now: clock.now });
    const seen = statuses(run);
    expect(run.state).toEqual({ status: 'idle', shown: undefined });
    const job = manualJob<string>();
    const done = run.start(job.job);
    expect(stageOf(run.state)).toBe('loading');
    job.calls[0]!.stage('queued');
    job.calls[0]!.stage('compile');
    job.calls[0]!.stage('compile');
    clock.advance(240);
    job.resolve('pdf-1');
    expect(await done).toBe('pdf-1');
    expect(run.state).toEqual({ status: 'ready', ms: 240, shown: 'pdf-1' });
    expect(seen).toEqual(['rendering:loading', 'rendering:queued', 'rendering:compile', 'ready']);
  });

  it('keeps showing the last file while the next run works, and after it fails', async () => {
    const run = new RenderRun<string>();
    await run.start(async () => 'first');
    const second = manualJob<string>();
    const done = run.start(second.job);
    expect(run.state).toMatchObject({ status: 'rendering', shown: 'first' });
    const error = new Error('typst says no');
    second.reject(error);
    expect(await done).toBeUndefined();
    expect(run.state).toEqual({ status: 'error', error, shown: 'first' });
  });

  it('ignores everything a superseded run reports, and aborts its signal', async () => {
    const run = new RenderRun<string>();
    const old = manualJob<string>();
    const oldDone = run.start(old.job);
    const fresh = manualJob<string>();
    const freshDone = run.start(fresh.job);
    expect(old.calls[0]!.signal.aborted).toBe(true);
    expect(fresh.calls[0]!.signal.aborted).toBe(false);
    old.calls[0]!.stage('compile');
    expect(stageOf(run.state)).toBe('loading');
    old.resolve('stale');
    expect(await oldDone).toBeUndefined();
    expect(run.state.status).toBe('rendering');
    old.reject(new Error('late'));
    fresh.resolve('fresh');
    expect(await freshDone).toBe('fresh');
    expect(run.state).toMatchObject({ status: 'ready', shown: 'fresh' });
  });

  it('says "cancelled" at once when the user cancels, whatever the job throws after', async () => {
    const run = new RenderRun<string>();
    const job = manualJob<string>();
    const done = run.start(job.job);
    run.cancel();
    expect(run.state).toEqual({ status: 'cancelled', shown: undefined });
    expect(job.calls[0]!.signal.aborted).toBe(true);
    job.reject(new DOMException('aborted', 'AbortError'));
    expect(await done).toBeUndefined();
    expect(run.state.status).toBe('cancelled');
    // Cancelling with nothing running changes nothing.
    run.cancel();
    expect(run.state.status).toBe('cancelled');
  });

  it('retries the last job after a cancel or an error', async () => {
    const run = new RenderRun<string>();
    expect(await run.retry()).toBeUndefined();
    expect(run.state.status).toBe('idle');
    let attempts = 0;
    const flaky = async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('worker crashed');
      return `attempt ${attempts}`;
    };
    await run.start(flaky);
    expect(run.state.status).toBe('error');
    expect(await run.retry()).toBe('attempt 2');
    expect(run.state).toMatchObject({ status: 'ready', shown: 'attempt 2' });
  });

  it('turns a failure after the run (drawing) into an error, keeping what was shown', async () => {
    const run = new RenderRun<string>();
    await run.start(async () => 'pdf');
    const error = new Error('pdf.js could not draw');
    run.fail(error);
    expect(run.state).toEqual({ status: 'error', error, shown: 'pdf' });
  });

  it('resets to idle, abandoning the running job, and forgets the file only when asked', async () => {
    const run = new RenderRun<string>();
    await run.start(async () => 'pdf');
    const job = manualJob<string>();
    const done = run.start(job.job);
    run.reset();
    expect(run.state).toEqual({ status: 'idle', shown: 'pdf' });
    job.resolve('late');
    expect(await done).toBeUndefined();
    expect(run.state.status).toBe('idle');
    run.reset({ clear: true });
    expect(run.state).toEqual<RenderRunState<string>>({ status: 'idle', shown: undefined });
  });

  it('tells no one after it is disposed, and aborts the running job', async () => {
    const run = new RenderRun<string>();
    const seen = statuses(run);
    const job = manualJob<string>();
    const done = run.start(job.job);
    run.dispose();
    expect(job.calls[0]!.signal.aborted).toBe(true);
    job.resolve('late');
    expect(await done).toBeUndefined();
    expect(seen).toEqual(['rendering:loading']);
  });

  it('starts in the stage the screen asks for', () => {
    const run = new RenderRun<string>({ firstStage: 'compile' });
    void run.start(() => new Promise(() => undefined));
    expect(stageOf(run.state)).toBe('compile');
  });
});
