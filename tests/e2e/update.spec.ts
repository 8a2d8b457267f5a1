import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test } from './fixtures';

// This file goes offline or updates: it needs the real service worker (the journeys' default blocks it).
test.use({ serviceWorkers: 'allow' });

// The journeys run against the production build served from dist/.
const WORKER_FILE = 'dist/sw.js';

test('a new version waits for the user instead of taking over the running tab', async ({ page }) => {
  // Installing a version precaches every locale chunk (about 300 files since translations load per
  // namespace): twice over, past the default 30 s on a loaded machine.
  test.setTimeout(90_000);
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
    }
  });
  const firstWorker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);

  // Deploy a "new version": the same worker script with different bytes. (Playwright cannot
  // intercept a worker's own update check, so the served file itself changes.)
  const original = readFileSync(WORKER_FILE, 'utf8');
  writeFileSync(WORKER_FILE, `${original}\n// next release\n`);
  try {
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
  } finally {
    writeFileSync(WORKER_FILE, original);
  }

  const prompt = page.getByTestId('update-prompt');
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText('A new version of Quire is ready.');
  // No skipWaiting: the new worker waits and the old one still controls this tab.
  const state = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return { waiting: Boolean(registration?.waiting), controller: navigator.serviceWorker.controller?.scriptURL };
  });
  expect(state).toEqual({ waiting: true, controller: firstWorker });

  // Accepting activates the waiting worker and reloads into it.
  const reloaded = page.waitForEvent('framenavigated');
  await prompt.getByRole('button', { name: 'Reload to update' }).click();
  await reloaded;
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('update-prompt')).toHaveCount(0);
  const after = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return { waiting: Boolean(registration?.waiting), active: registration?.active?.state };
  });
  expect(after).toEqual({ waiting: false, active: 'activated' });
});
