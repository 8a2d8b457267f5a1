import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import deDE from '../../src/i18n/locales/de-DE/translation.json' with { type: 'json' };
import { FONT_CACHE } from '../../wasm/font-cache';
import { expect, test } from './fixtures';

// This file goes offline or updates: it needs the real service worker (the journeys' default blocks it).
test.use({ serviceWorkers: 'allow' });

test('after one online visit the app starts and works with the network off', async ({ page, context }) => {
  // The first visit installs the service worker and precaches ~40 MB: 30 s was too little on a busy
  // machine (CI rehearsal, load ~10: timed out twice waiting for the worker to control the page).
  test.setTimeout(120_000);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Wait until the service worker has precached everything and controls the page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
    }
  });
  await expect(page.getByTestId('offline-ready')).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Templates plus data, printed on your device.');

  // A deep link never visited before is served from the cached shell.
  await page.goto('/extension');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Extension');
  // A language bundle not loaded before comes from the precache too.
  await page.getByLabel('Language').selectOption('de-DE');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(deDE.screens.extension);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(deDE.landing.title);

  // Confirm the network really is off for this context.
  const online = await page.evaluate(() => navigator.onLine);
  expect(online).toBe(false);
  await context.setOffline(false);
});

/** The built name of a shipped font file (content-hashed), from the served build. */
function builtFont(prefix: string): string {
  const dist = process.env.QUIRE_E2E_DIST ?? 'dist';
  const file = readdirSync(join(dist, 'assets')).find((f) => f.startsWith(prefix) && f.endsWith('.ttf'));
  if (!file) throw new Error(`${prefix}*.ttf is not in ${dist}/assets`);
  return `/assets/${file}`;
}

async function untilOfflineReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
    }
  });
}

/** Fetches a URL from the page; true when it answered with a body (from a cache when offline). */
function fetches(page: Page, url: string): Promise<boolean> {
  return page.evaluate(
    (u) =>
      fetch(u)
        .then((r) => r.ok)
        .catch(() => false),
    url,
  );
}

test('Chinese fonts are not precached for an English user, and kept ahead of time for a Chinese one', async ({
  browser,
}) => {
  // Two first visits, each installing the service worker with its 40 MB precache.
  test.setTimeout(180_000);
  const sc = builtFont('NotoSansSC_400Regular-');

  const english = await browser.newContext({ locale: 'en-US' });
  const en = await english.newPage();
  await en.goto('/');
  await untilOfflineReady(en);
  // The keeper runs a few seconds after start; an English interface and no data need Latin alone.
  await en.waitForTimeout(4_000);
  const kept = await en.evaluate(
    (name) =>
      caches
        .open(name)
        .then((c) => c.keys())
        .then((k) => k.length),
    FONT_CACHE,
  );
  expect(kept).toBe(0);
  await english.setOffline(true);
  expect(await fetches(en, sc)).toBe(false);
  await english.close();

  const chinese = await browser.newContext({ locale: 'zh-CN' });
  const zh = await chinese.newPage();
  await zh.goto('/?lng=zh-CN');
  await untilOfflineReady(zh);
  await expect
    .poll(
      () =>
        zh.evaluate(
          (name) =>
            caches
              .open(name)
              .then((c) => c.keys())
              .then((k) => k.map((r) => new URL(r.url).pathname)),
          FONT_CACHE,
        ),
      { timeout: 30_000 },
    )
    .toContain(sc);
  // Offline, the render worker's request for the font is answered from the font cache.
  await chinese.setOffline(true);
  expect(await fetches(zh, sc)).toBe(true);
  await chinese.close();
});
