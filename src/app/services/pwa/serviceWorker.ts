import { atom, getDefaultStore } from 'jotai';
import { Workbox } from 'workbox-window';

interface PwaState {
  /** A new version is installed and waiting; it takes over only when the user accepts. */
  needRefresh: boolean;
  /** The first install finished: the app now starts without a network. */
  offlineReady: boolean;
}

export const pwaStateAtom = atom<PwaState>({ needRefresh: false, offlineReady: false });

let workbox: Workbox | undefined;

/**
 * Register the service worker. It never calls skipWaiting on its own: a new version waits until
 * the user accepts the update prompt, so a running tab is never switched under the user's feet.
 */
export function registerServiceWorker(scriptUrl = `${import.meta.env.BASE_URL}sw.js`): void {
  if (!('serviceWorker' in navigator) || workbox) return;
  const store = getDefaultStore();
  const wb = new Workbox(scriptUrl, { scope: import.meta.env.BASE_URL });
  wb.addEventListener('waiting', () => store.set(pwaStateAtom, (s) => ({ ...s, needRefresh: true })));
  wb.addEventListener('activated', (event) => {
    if (!event.isUpdate) store.set(pwaStateAtom, (s) => ({ ...s, offlineReady: true }));
  });
  workbox = wb;
  // A browser may refuse service workers (a private window, a policy, an automated browser that
  // blocks them): the app then works online only, without an unhandled error.
  wb.register().catch(() => undefined);
}

/** The user accepted: let the waiting worker take over, then reload into the new version. */
export function applyUpdate(): void {
  if (!workbox) return;
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
}
