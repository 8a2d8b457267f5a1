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

/** Waits for the fonts in use (a CJK or Thai face is fetched on first use), then keeps the screen. */
async function shot(page: Page, lng: string, name: string) {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/look-${lng}-${name}.png` });
}

test.beforeEach(() => test.setTimeout(300_000));

for (const lng of LANGS) {
  test(`tour ${lng}`, async ({ page }) => {
    await signIn(page);
    await page.goto(`/?lng=${lng}`);
    await shot(page, lng, 'landing');
    await page.goto('/home');
    // Each screen loads its chunk and, the first time, the language's font: on a shared machine that
    // takes a while, so every step waits up to a minute.
    await expect(page.getByTestId('home-overview')).toBeVisible({ timeout: 60_000 });
    await shot(page, lng, 'home');
    await page.goto('/home/base');
    await expect(page.locator('.ws-table-card').first()).toBeVisible({ timeout: 60_000 });
    await shot(page, lng, 'tables');
    await page.locator('.ws-toolbar button').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await shot(page, lng, 'settings');
    await page.keyboard.press('Escape');
    await page.locator('.ws-table-card').first().click();
    await expect(page.getByTestId('grid')).toBeVisible({ timeout: 60_000 });
    await shot(page, lng, 'grid');
    await page.locator('[role="row"][aria-rowindex="2"] input[type="checkbox"]').first().check();
    await page.locator('.ws-selection-bar .button.primary').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await shot(page, lng, 'print');
    await page.keyboard.press('Escape');
    await page.locator('.ws-toolbar a[href$="/preview"]').click();
    await expect(page.locator('.tpl-card').first()).toBeVisible({ timeout: 60_000 });
    await shot(page, lng, 'templates');
    // The editor, then its Preview button: the preview screen once the document is drawn.
    await page.locator('.tpl-card .tpl-name a').first().click();
    await expect(page.locator('.qe-page').first()).toBeVisible({ timeout: 60_000 });
    await shot(page, lng, 'editor');
    // The screen's own strings are what is looked at here, not the document (preview.spec reads that).
    await page.locator('.qe-top a.qe-btn').click();
    await expect(page.locator('.pv-pickers select').first()).not.toHaveValue('', { timeout: 30_000 });
    await expect(page.locator('.pv-status')).not.toBeEmpty();
    await shot(page, lng, 'preview');
  });
}
