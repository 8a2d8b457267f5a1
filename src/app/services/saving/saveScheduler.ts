/**
 * Coalesces content edits for the autosaver: a burst of keystrokes is serialised and handed over
 * once, at the next idle moment, instead of once per key. While a change waits, the status stays
 * "saving" (never "saved" before the write resolved); `flush()` hands it over at once (tab hidden or
 * closing, editor unmounting), so a closed tab loses nothing.
 */
interface SaveSchedulerOptions {
  /** The content to save, read when the change is handed over (the latest by then). */
  serialize: () => string;
  push: (content: string) => void;
  /** Called when a change starts waiting. */
  onPending: () => void;
  /** Runs `run` soon (an idle callback); returns a cancel function. */
  defer: (run: () => void) => () => void;
}

interface SaveScheduler {
  changed(): void;
  flush(): void;
  readonly pending: boolean;
}

export function createSaveScheduler(options: SaveSchedulerOptions): SaveScheduler {
  let cancel: (() => void) | null = null;
  const flush = () => {
    if (!cancel) return;
    const stop = cancel;
    cancel = null;
    stop();
    options.push(options.serialize());
  };
  return {
    changed() {
      if (cancel) return;
      options.onPending();
      cancel = options.defer(flush);
    },
    flush,
    get pending() {
      return cancel !== null;
    },
  };
}

/** How long a waiting change may wait for an idle moment (the preview's drawing can keep the tab busy). */
const SAVE_IDLE_TIMEOUT_MS = 200;

export function deferToIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: SAVE_IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 0);
  return () => clearTimeout(id);
}
