import { test as base, expect } from '@playwright/test';

export const SCREENSHOT_DIR = 'test-results/screenshots';

/**
 * Every journey also checks that nothing — page, worker or service worker — asked another origin
 * for anything (fonts, CDNs, analytics). The fixture is automatic, so no test can forget it.
 */
export const test = base.extend<{ foreignRequests: string[] }>({
  // The real service worker only for journeys tagged @offline (they go offline or update): its
  // first install precaches ~40 MB, ~10 s of Chromium CPU in every fresh context. A file's own
  // `test.use({ serviceWorkers })` still decides for all of its journeys.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  serviceWorkers: async ({}, use, testInfo) => use(testInfo.tags.includes('@offline') ? 'allow' : 'block'),
  foreignRequests: [
    async ({ context, baseURL }, use) => {
      const origin = new URL(baseURL ?? 'http://127.0.0.1').origin;
      const foreign: string[] = [];
      context.on('request', (request) => {
        const url = request.url();
        if (/^https?:/.test(url) && new URL(url).origin !== origin) foreign.push(url);
      });
      await use(foreign);
      expect(foreign, 'requests to another origin').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
