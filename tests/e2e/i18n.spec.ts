import deDE from '../../src/i18n/locales/de-DE/translation.json' with { type: 'json' };
import jaJP from '../../src/i18n/locales/ja-JP/translation.json' with { type: 'json' };
import zhCN from '../../src/i18n/locales/zh-CN/translation.json' with { type: 'json' };
import { expect, test } from './fixtures';

test('switching language changes the visible text and persists after reload', async ({ page }) => {
  await page.goto('/');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('Templates plus data, printed on your device.');
  await page.getByLabel('Language').selectOption('de-DE');
  await expect(heading).toHaveText(deDE.landing.title);
  await expect(page.getByRole('link', { name: deDE.header.contactUs })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');

  await page.reload();
  await expect(heading).toHaveText(deDE.landing.title);
  expect(await page.evaluate(() => localStorage.getItem('quire.language'))).toBe('de-DE');

  // Deep-linked screens and the not-found screen are translated too.
  await page.goto('/extension');
  await expect(heading).toHaveText(deDE.screens.extension);
  await page.goto('/nowhere');
  await expect(heading).toHaveText(deDE.notFound.title);
});

test('the lng query parameter is honoured', async ({ page }) => {
  await page.goto('/?lng=ja-JP');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(jaJP.landing.title);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja-JP');
  await expect(page.getByLabel(jaJP.header.language)).toHaveValue('ja-JP');
  // Bare tags from hosts map to a shipped language.
  await page.goto('/print?lng=zh');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(zhCN.screens.print);
});
