import type { Page } from '@playwright/test';
import { expect, SCREENSHOT_DIR, test } from './fixtures';

// Issue 12, "Look and language": every main screen in several languages at 1280 px.

const LANGS = (process.env.QUIRE_LOOK_LANGS ?? 'en-US,zh-CN,ja-JP').split(',');

async function signIn(page: Page) {
  await page.goto('/home');
  const local = page.getByRole('button', { name: 'Continue on this device' });
  const ready = page.getByTestId('home-overview');
  await expect(local.or(ready).first()).toBeVisible({ timeout: 60_000 });
  if (await local.isVisible()) await local.click();
  await expect(ready).toBeVisible({ timeout: 60_000 });
}

async function shot(page: Page, lng: string, name: string) {
  await page.waitForTimeout(250);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/look-${lng}-${name}.png` });
}

test.beforeEach(() => test.setTimeout(180_000));

for (const lng of LANGS) {
  test(`tour ${lng}`, async ({ page }) => {
    await signIn(page);
    await page.goto(`/?lng=${lng}`);
    await shot(page, lng, 'landing');
    await page.goto('/home');
    await expect(page.getByTestId('home-overview')).toBeVisible();
    await shot(page, lng, 'home');
    await page.goto('/home/base');
    await expect(page.locator('.ws-table-card').first()).toBeVisible();
    await shot(page, lng, 'tables');
    await page.locator('.ws-toolbar button').first().click();
    await page.waitForTimeout(300);
    await shot(page, lng, 'settings');
    await page.keyboard.press('Escape');
    await page.locator('.ws-table-card').first().click();
    await expect(page.getByTestId('grid')).toBeVisible();
    await shot(page, lng, 'grid');
    await page.locator('[role="row"][aria-rowindex="2"] input[type="checkbox"]').first().check();
    await page.locator('.ws-selection-bar .button.primary').click();
    await page.waitForTimeout(500);
    await shot(page, lng, 'print');
    await page.keyboard.press('Escape');
    await page.locator('.ws-toolbar a[href$="/preview"]').click();
    await expect(page.locator('.tpl-card').first()).toBeVisible();
    await shot(page, lng, 'templates');
    await page.locator('.tpl-actions a').first().click();
    await page.waitForTimeout(2500);
    await shot(page, lng, 'preview');
  });
}
