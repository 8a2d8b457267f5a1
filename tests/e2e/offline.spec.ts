import deDE from '../../src/i18n/locales/de-DE';
import { expect, test } from './fixtures';

test('after one online visit the app starts and works with the network off', async ({ page, context }) => {
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
  await page.goto('/o/team-1/docs/doc-1/preview/inst-1');
  await expect(page.getByText('Document preview is not available in this version of Quire yet.')).toBeVisible();
  // A language bundle not loaded before comes from the precache too.
  await page.getByLabel('Language').selectOption('de-DE');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(deDE.screens.instancePreview);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(deDE.landing.title);

  // Confirm the network really is off for this context.
  const online = await page.evaluate(() => navigator.onLine);
  expect(online).toBe(false);
  await context.setOffline(false);
});
