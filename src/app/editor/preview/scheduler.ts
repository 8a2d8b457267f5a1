/**
 * Live-preview scheduling: a request starts a render at once when none is running; requests made
 * while one runs collapse into a single follow-up render of the latest state. No fixed debounce:
 * an idle preview answers an edit immediately, a busy one never queues more than one render.
 */
export interface LatestWins {
  request(): void;
  /** Stops follow-up renders (the panel closed). */
  dispose(): void;
  readonly running: boolean;
}

export function latestWins(run: () => Promise<void>): LatestWins {
  let running = false;
  let pending = false;
  let disposed = false;
  const start = () => {
    running = true;
    pending = false;
    run()
      .catch(() => undefined)
      .finally(() => {
        running = false;
        if (pending && !disposed) start();
      });
  };
  return {
    request() {
      if (disposed) return;
      if (running) pending = true;
      else start();
    },
    dispose() {
      disposed = true;
    },
    get running() {
      return running;
    },
  };
}
