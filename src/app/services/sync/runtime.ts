/**
 * Sync in the running app: one engine and bridge per tab, local saves handed to the outbox by the
 * tab that made them, and one leader tab (Web Locks) that pushes and pulls — at once after a change,
 * on `online`, every few seconds while visible, less often when hidden, backing off while the
 * server cannot be reached.
 */
import type { SyncEvent } from '../../../sync/engine';
import { asLeader, SyncEngine } from '../../../sync/engine';
import { syncDbHasLinks } from '../../../sync/store';
import { getStorage } from '../storage';
import { SyncBridge } from './bridge';
import { serverApi, serverLogin } from './server';

/** How often the leader pulls while the page is visible, and while hidden. */
const PULL_INTERVAL_MS = 5_000;
const HIDDEN_PULL_INTERVAL_MS = 60_000;
/**
 * A local save is pushed once typing pauses this long (the editor saves at every pause between
 * keys); queued saves of a template fold into one meanwhile, so the server counts a draft version
 * per pause, not per word. Typing without a pause still syncs with the loop's next turn.
 */
const SAVE_QUIET_MS = 1_500;
/** Backoff of pushes while the server cannot be reached (the engine adds jitter). */
const BACKOFF = { baseMs: 1_000, maxMs: 60_000 };

const KICK_CHANNEL = 'quire-sync-kick';
const STORAGE_CHANNEL = 'quire-storage-changes';

export type SyncHealth = { state: 'ok' | 'offline' | 'error'; at: number; message?: string };

export interface SyncRuntime {
  engine: SyncEngine;
  bridge: SyncBridge;
  /** Ask the leader (this tab or another) to sync now. */
  kick(): void;
}

/** A wait that ends early when woken. */
function wakeable() {
  let wake: (() => void) | undefined;
  return {
    wait(ms: number): Promise<void> {
      return new Promise((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          wake = undefined;
          resolve();
        }
        wake = done;
      });
    },
    wake(): void {
      wake?.();
    },
  };
}

function channel(name: string): BroadcastChannel | undefined {
  return typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(name);
}

async function setHealth(engine: SyncEngine, health: Omit<SyncHealth, 'at'>): Promise<void> {
  const previous = (await engine.db.meta.get('health'))?.value as SyncHealth | undefined;
  if (previous?.state === health.state && previous.message === health.message) return;
  await engine.db.meta.put({ key: 'health', value: { ...health, at: Date.now() } });
}

const isTransient = (error: unknown) => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && (status === 0 || status >= 500);
};

/**
 * Set once a workspace of this device has been linked to a team document. Without it the app never
 * opens the sync database nor calls the server: people who never connect see no difference.
 */
const LINKED_KEY = 'quire-sync-linked';

export function hasLinkedBases(): boolean {
  try {
    return globalThis.localStorage?.getItem(LINKED_KEY) === '1';
  } catch {
    return false;
  }
}

export function rememberLinked(linked: boolean): void {
  try {
    if (linked) globalThis.localStorage?.setItem(LINKED_KEY, '1');
    else globalThis.localStorage?.removeItem(LINKED_KEY);
  } catch {
    // Private mode without storage: sync starts from the sync screen instead.
  }
}

/**
 * Whether a workspace of this device is linked, asked of the sync database itself when the flag is
 * missing: Chromium writes localStorage to disk lazily, so a browser lost soon after a link came
 * back with the link in IndexedDB, no flag, and sync never resumed (issue 35 item 3). Sets the flag
 * again when the database has a link.
 */
export async function linkedOnThisDevice(): Promise<boolean> {
  if (hasLinkedBases()) return true;
  try {
    if (!globalThis.indexedDB?.databases) return false;
    const linked = await syncDbHasLinks(globalThis.indexedDB, globalThis.IDBKeyRange);
    if (linked) rememberLinked(true);
    return linked;
  } catch {
    // An IndexedDB that cannot be read here: sync starts from the sync screen instead.
    return false;
  }
}

let started: Promise<SyncRuntime> | undefined;

/** The running sync of this tab, if it was started. */
export function runningSync(): Promise<SyncRuntime> | undefined {
  return started;
}

/** Starts sync in this tab once; later calls return the same runtime. */
export function startSync(): Promise<SyncRuntime> {
  started ??= (async () => {
    const storage = await getStorage();
    const idle = wakeable();
    const backoff = wakeable();
    const kicks = channel(KICK_CHANNEL);
    const changes = channel(STORAGE_CHANNEL);
    let bridge: SyncBridge | undefined;
    let engine: SyncEngine | undefined;
    const onEvent = (event: SyncEvent) => {
      if (event.type === 'remote') void bridge?.applyRemote(event.template);
      if (event.type === 'offline' && engine) void setHealth(engine, { state: 'offline' });
    };
    engine = new SyncEngine({
      transport: { push: (body) => serverApi().sync.push(body), pull: (d, s) => serverApi().sync.pull(d, s) },
      onEvent,
      backoff: BACKOFF,
      sleep: (ms) => backoff.wait(ms),
      appliesPulls: true,
    });
    // Another tab's storage bus hears this as a remote save, and so does this tab's (another channel
    // object): an open editor follows a pulled version exactly as it follows another tab's save.
    bridge = new SyncBridge({
      storage,
      engine,
      announce: (localId) => changes?.postMessage({ stores: ['templates'], keys: [localId], action: 'template.sync' }),
    });
    const kick = () => {
      idle.wake();
      kicks?.postMessage('kick');
    };
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const kickOncePaused = () => {
      clearTimeout(quiet);
      quiet = setTimeout(kick, SAVE_QUIET_MS);
    };
    const b = bridge;
    // A link a lost browser left unfinished is finished first; saves made as a tab closed may not
    // have been queued there: queue them now, then push.
    void b
      .finishLinks()
      .then(() => b.catchUp())
      .then(kick, () => undefined);
    storage.changes.subscribe((change) => {
      b.onStorageChange(change);
      if (change.origin === 'local' && change.stores.includes('templates')) void b.settled().then(kickOncePaused);
    });
    if (kicks) kicks.onmessage = () => idle.wake();
    window.addEventListener('online', () => {
      backoff.wake();
      idle.wake();
    });
    document.addEventListener('visibilitychange', () => {
      if (!document.hidden) idle.wake();
    });
    const e = engine;
    void asLeader(async () => {
      for (;;) {
        if (serverLogin() && navigator.onLine && (await e.db.bases.count()) > 0) {
          try {
            if ((await b.unfinishedLinks()).length > 0) await b.finishLinks();
            await b.settled();
            await e.syncNow();
            await b.settled();
            await setHealth(e, { state: 'ok' });
          } catch (error) {
            await setHealth(e, {
              state: isTransient(error) ? 'offline' : 'error',
              message: error instanceof Error ? error.message : String(error),
            }).catch(() => undefined);
          }
        }
        await idle.wait(document.hidden ? HIDDEN_PULL_INTERVAL_MS : PULL_INTERVAL_MS);
      }
    });
    return { engine, bridge, kick };
  })();
  return started;
}
