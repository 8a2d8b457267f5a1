/** React hooks of server sync: the login, the tab's sync runtime (only once a workspace is linked), the network. */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { hasLinkedBases, type SyncRuntime, startSync } from './runtime';
import { serverLogin, watchServerLogin } from './server';

/** The server token of this tab's login, or null (a string: a stable snapshot for React). */
export function useServerToken(): string | null {
  return useSyncExternalStore(
    watchServerLogin,
    () => serverLogin()?.token ?? null,
    () => null,
  );
}

/**
 * The running sync of this tab. Started only when a workspace is linked (or `force`, when the user
 * links one): someone who never connects never opens the sync database nor calls the server.
 */
export function useSyncRuntime(force = false): SyncRuntime | undefined {
  const [runtime, setRuntime] = useState<SyncRuntime>();
  const wanted = force || hasLinkedBases();
  useEffect(() => {
    if (!wanted) return;
    let alive = true;
    void startSync().then((started) => alive && setRuntime(started));
    return () => {
      alive = false;
    };
  }, [wanted]);
  return wanted ? runtime : undefined;
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    (changed) => {
      window.addEventListener('online', changed);
      window.addEventListener('offline', changed);
      return () => {
        window.removeEventListener('online', changed);
        window.removeEventListener('offline', changed);
      };
    },
    () => navigator.onLine,
    () => true,
  );
}
