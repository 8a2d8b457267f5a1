/**
 * An import holds a Web Lock named after its run while it writes. The browser releases it when the
 * tab closes or dies, so at the next start a held lock means "still running in another tab", and a
 * marker without one is an import that was interrupted.
 */

const PREFIX = 'quire.import:';

interface LocksLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
  query(): Promise<{ held?: Array<{ name?: string }> }>;
}

function locks(): LocksLike | undefined {
  return (globalThis as { navigator?: { locks?: LocksLike } }).navigator?.locks;
}

export function withImportLock<T>(runId: string, body: () => Promise<T>): Promise<T> {
  const manager = locks();
  return manager ? manager.request(`${PREFIX}${runId}`, body) : body();
}

/** Whether another tab holds the lock of this run (without the Web Locks API: never). */
export async function importRunsElsewhere(runId: string): Promise<boolean> {
  const manager = locks();
  if (!manager) return false;
  try {
    const { held = [] } = await manager.query();
    return held.some((lock) => lock.name === `${PREFIX}${runId}`);
  } catch {
    return false;
  }
}
