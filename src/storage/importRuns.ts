import { newId, write } from './context';
import type { Storage } from './storage';

/**
 * An import is one transaction: killed half-way, it leaves nothing. What it cannot do on its own
 * is tell the user afterwards. So before the transaction starts, a marker row is committed
 * (`import.running`), and the import's own transaction deletes it: the marker survives exactly
 * when the import did not land, and the next start reports it (`takeInterruptedImport`).
 */

export const RUNNING_IMPORT_KEY = 'import.running';

export interface RunningImport {
  id: string;
  fileName: string;
  /** The new table's name, or the existing table's. */
  tableName: string;
  target: 'new' | 'existing';
  /** Data rows in the file. */
  rows: number;
  startedAt: number;
}

/** Commit the marker before the import's transaction opens; pass its `id` to the import as `runId`. */
export async function beginImport(storage: Storage, info: Omit<RunningImport, 'id' | 'startedAt'>) {
  const run: RunningImport = { ...info, id: newId('imp'), startedAt: storage.ctx.now() };
  await write(storage.ctx, { action: 'import.begin', stores: ['settings'] }, () =>
    storage.db.settings.put({ key: RUNNING_IMPORT_KEY, value: run }),
  );
  return run;
}

/** Inside the import's transaction (the `settings` store must be in its scope). */
export async function clearRunningImport(storage: Storage, runId: string): Promise<void> {
  const row = await storage.db.settings.get(RUNNING_IMPORT_KEY);
  if ((row?.value as RunningImport | undefined)?.id === runId) await storage.db.settings.delete(RUNNING_IMPORT_KEY);
}

/** An import that ended with an error the user saw: its marker goes (best effort on a full disk). */
export async function endImport(storage: Storage, runId: string): Promise<void> {
  try {
    await storage.db.transaction('rw', storage.db.settings, () => clearRunningImport(storage, runId));
  } catch {
    // A refused delete leaves the marker: the next start reports the import as not done, which is true.
  }
}

/** The import a closed tab or crash interrupted, if any; reported once (the marker is removed). */
export async function takeInterruptedImport(storage: Storage): Promise<RunningImport | undefined> {
  const row = await storage.db.settings.get(RUNNING_IMPORT_KEY);
  if (!row) return undefined;
  try {
    await storage.db.settings.delete(RUNNING_IMPORT_KEY);
  } catch {
    // Storage refuses writes now: reported again next time, better than never.
  }
  return row.value as RunningImport;
}
