/** Shared steps of the editor journeys (editor*.spec.ts). */
import type { BrowserContext, Page } from '@playwright/test';
import { expect } from './fixtures';

export const LIST = '/baseplugin/t/demo-orders/preview';

/** Opens a template list (signing in “on this device” when the route asks for it). */
export async function openList(page: Page, list = LIST, title = 'Templates') {
  await page.goto(list);
  const local = page.getByRole('button', { name: 'Continue on this device' });
  const heading = page.getByRole('heading', { level: 1, name: title });
  await expect(local.or(heading)).toBeVisible();
  if (await local.isVisible()) await local.click();
  await expect(heading).toBeVisible();
}

/** Waits until the service worker has precached the app and controls the page, then cuts the network. */
export async function goOffline(page: Page, context: BrowserContext) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
    }
  });
  await expect(page.getByTestId('offline-ready')).toBeAttached();
  await context.setOffline(true);
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
}

export async function insert(page: Page, blockName: string) {
  await page.getByRole('button', { name: 'Insert', exact: true }).click();
  await page.getByRole('menuitem', { name: blockName }).click();
}

export const canvas = (page: Page) => page.getByRole('region', { name: 'Page canvas' });

/** A 1×1 orange PNG: images stay on this origin (the journeys forbid requests elsewhere). */
export const DOT_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4n6kHAAQBAZdsT2b5AAAAAElFTkSuQmCC';

export async function dismissGuidance(page: Page) {
  const guide = page.getByRole('region', { name: 'Quick guide' });
  await guide.getByRole('button', { name: 'Next' }).click();
  await guide.getByRole('button', { name: 'Got it' }).click();
  // Tips come one at a time: dismiss each as it appears.
  const tips = page.locator('[data-tip]');
  await expect(tips.first()).toBeVisible();
  while ((await tips.count()) > 0) {
    await tips.first().getByRole('button', { name: 'Got it' }).click();
    await page.waitForTimeout(50);
  }
}

export const previewText = (page: Page) => page.getByTestId('preview-text');

/**
 * The live preview starts folded below 1500 px (the page keeps its room); journeys that read it
 * open it once, as a user would, with the top bar's toggle.
 */
export async function openLivePreview(page: Page) {
  const toggle = page.getByRole('button', { name: 'Live preview', exact: true });
  await expect(toggle).toBeVisible();
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
}

/** For journeys about the preview itself: the browser remembers it open, as after a user's choice. */
export async function rememberLivePreviewOpen(page: Page) {
  await page.addInitScript(() => localStorage.setItem('quire.editor.livePreview', '1'));
}
