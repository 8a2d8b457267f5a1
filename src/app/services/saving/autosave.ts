/**
 * Saves every edit, one write at a time: while a write runs, newer edits wait and only the latest is
 * written next. The status says 'saved' only after the last write has resolved; a failed write
 * reports 'failed' and keeps the content to retry. A write refused because the stored copy changed
 * under us (another tab saved) reports 'conflict' and keeps the content until the user decides:
 * retrying cannot help, so nothing is written until `rebase` names the revision to write on.
 */
export type SaveState = 'saved' | 'saving' | 'failed' | 'conflict';

interface AutosaverOptions {
  /** Writes `content` on top of `revision`; resolves with the new revision. */
  save: (content: string, revision: number) => Promise<number>;
  revision: number;
  onStatus: (status: SaveState, error?: unknown) => void;
  /** Whether a failure means the stored copy changed under us. */
  isConflict?: (error: unknown) => boolean;
  /** After each successful write (the journal drops what storage now holds). */
  onWritten?: (content: string, revision: number) => void;
}

interface Autosaver {
  push(content: string): void;
  retry(): void;
  /**
   * Continue from `revision` (the user resolved a conflict, or another tab's save was taken):
   * drops what was kept, and writes `content` on top of that revision when given.
   */
  rebase(revision: number, content?: string): void;
  /** Resolves when nothing is waiting or being written. */
  idle(): Promise<void>;
  /** The newest content storage does not have yet (waiting, being written, failed or in conflict). */
  unsaved(): string | null;
  readonly revision: number;
  readonly inConflict: boolean;
}

export function createAutosaver(options: AutosaverOptions): Autosaver {
  let revision = options.revision;
  let waiting: string | null = null;
  let writing: string | null = null;
  let failed: string | null = null;
  let conflict = false;
  let running: Promise<void> | null = null;

  const drain = async () => {
    while (waiting !== null && !conflict) {
      const content = waiting;
      waiting = null;
      writing = content;
      try {
        revision = await options.save(content, revision);
        writing = null;
        failed = null;
        options.onWritten?.(content, revision);
      } catch (error) {
        writing = null;
        failed = waiting ?? content;
        waiting = null;
        conflict = options.isConflict?.(error) ?? false;
        options.onStatus(conflict ? 'conflict' : 'failed', error);
        return;
      }
    }
    if (!conflict) options.onStatus('saved');
  };

  const start = () => {
    if (conflict) {
      // Keep the newest text with the conflict; the status stays 'conflict'.
      if (waiting !== null) failed = waiting;
      waiting = null;
      return;
    }
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
      if (conflict) return;
      if (failed !== null && waiting === null) waiting = failed;
      if (waiting !== null) start();
    },
    rebase(next, content) {
      revision = next;
      conflict = false;
      failed = null;
      waiting = content ?? null;
      if (waiting !== null) start();
      else if (!running) options.onStatus('saved');
    },
    async idle() {
      while (running) await running;
    },
    unsaved() {
      return waiting ?? writing ?? failed;
    },
    get revision() {
      return revision;
    },
    get inConflict() {
      return conflict;
    },
  };
}
