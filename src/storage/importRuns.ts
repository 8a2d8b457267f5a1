import { newId, write } from './context';
import type { Storage } from './storage';

/**
 * An import is one transaction: killed half-way, it leaves nothing. What it cannot do on its own
 * is tell the user afterwards. So before the transaction starts, a marker row is committed
 * (`import.running:<id>`, one per run: two tabs may import at once), and the import's own
 * transaction deletes it: the marker survives exactly when the import did not land, and the next
 * start reports it (`takeInterruptedImports`).
 */

/** The single marker of the first version; still read, so an import interrupted then is reported. */
const RUNNING_IMPORT_KEY = 'import.running';
const markerKey = (runId: string) => `${RUNNING_IMPORT_KEY}:${runId}`;

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
    storage.db.settings.put({ key: markerKey(run.id), value: run }),
  );
  return run;
}

/** Inside the import's transaction (the `settings` store must be in its scope). */
export async function clearRunningImport(storage: Storage, runId: string): Promise<void> {
  await storage.db.settings.delete(markerKey(runId));
}

/** An import that ended with an error the user saw: its marker goes (best effort on a full disk). */
export async function endImport(storage: Storage, runId: string): Promise<void> {
  try {
    await storage.db.transaction('rw', storage.db.settings, () => clearRunningImport(storage, runId));
  } catch {
    // A refused delete leaves the marker: the next start reports the import as not done, which is true.
  }
}

/**
 * The imports a closed tab or a crash interrupted; each reported once (its marker is removed).
 * `isRunning` tells a marker of an import still running in another open tab (left alone).
 */
export async function takeInterruptedImports(
  storage: Storage,
  isRunning: (runId: string) => boolean | Promise<boolean> = () => false,
): Promise<RunningImport[]> {
  const rows = await storage.db.settings
    .where('key')
    .startsWith(RUNNING_IMPORT_KEY)
    .filter((row) => row.key === RUNNING_IMPORT_KEY || row.key.startsWith(`${RUNNING_IMPORT_KEY}:`))
    .toArray();
  const interrupted: RunningImport[] = [];
  for (const row of rows) {
    const run = row.value as RunningImport;
    if (await isRunning(run.id)) continue;
    interrupted.push(run);
    try {
      await storage.db.settings.delete(row.key);
    } catch {
      // Storage refuses writes now: reported again next time, better than never.
    }
  }
  return interrupted.sort((a, b) => a.startedAt - b.startedAt);
}
