/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

// The build injects the list of every emitted asset (app shell, chunks, locales, icons, and later
// WASM and fonts), so the whole app starts and works with no network.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every in-app navigation gets the cached shell; the client router then draws the screen.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html')));

// No skipWaiting on install: an updated worker waits until the user accepts the update prompt
// (workbox-window's messageSkipWaiting sends this message).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Claiming only matters for the very first install (no older worker to displace): the page that
// installed Quire is then served offline without a reload.
clientsClaim();
