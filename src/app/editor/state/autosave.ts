/**
 * Saves every edit, one write at a time: while a write runs, newer edits wait and only the latest is
 * written next. The status says 'saved' only after the last write has resolved; a failed write
 * reports 'failed' and keeps the content to retry.
 */
export type SaveState = 'saved' | 'saving' | 'failed';

export interface AutosaverOptions {
  /** Writes `content` on top of `revision`; resolves with the new revision. */
  save: (content: string, revision: number) => Promise<number>;
  revision: number;
  onStatus: (status: SaveState, error?: unknown) => void;
}

export interface Autosaver {
  push(content: string): void;
  retry(): void;
  /** Resolves when nothing is waiting or being written. */
  idle(): Promise<void>;
  readonly revision: number;
}

export function createAutosaver(options: AutosaverOptions): Autosaver {
  let revision = options.revision;
  let waiting: string | null = null;
  let failed: string | null = null;
  let running: Promise<void> | null = null;

  const drain = async () => {
    while (waiting !== null) {
      const content = waiting;
      waiting = null;
      try {
        revision = await options.save(content, revision);
        failed = null;
      } catch (error) {
        failed = waiting ?? content;
        waiting = null;
        options.onStatus('failed', error);
        return;
      }
    }
    options.onStatus('saved');
  };

  const start = () => {
    options.onStatus('saving');
    if (!running) {
      running = drain().finally(() => {
        running = null;
        if (waiting !== null) start();
      });
    }
  };

  return {
    push(content) {
      waiting = content;
      start();
    },
    retry() {
      if (failed !== null && waiting === null) waiting = failed;
      if (waiting !== null) start();
    },
    async idle() {
      while (running) await running;
    },
    get revision() {
      return revision;
    },
  };
}
