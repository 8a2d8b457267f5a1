/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { FONT_CACHE } from '../wasm/font-cache';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

// The build injects the list of every emitted asset (app shell, chunks, locales, icons, and later
// WASM and fonts), so the whole app starts and works with no network.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Fonts left out of the precache (Chinese, Japanese, Korean, Thai) come from their own cache once
// fetched, or once the app kept them ahead of time for the user's language and data. Their names
// carry a content hash, so a cached file never goes stale; old builds' files age out.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.endsWith('.ttf'),
  new CacheFirst({ cacheName: FONT_CACHE, plugins: [new ExpirationPlugin({ maxEntries: 30 })] }),
);

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
