import AxeBuilder from '@axe-core/playwright';
import { expect, SCREENSHOT_DIR, test } from './fixtures';

test('the landing page says what Quire is and links to its parts', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Templates plus data, printed on your device.');
  await expect(page.getByRole('heading', { name: 'Local-first' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'All four formats, offline' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Embeds in your hosts' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Private by design' })).toBeVisible();
  await expect(page.getByRole('banner').getByText('Quire', { exact: true })).toBeVisible();

  const start = page.getByRole('region', { name: 'Start here' });
  await expect(start.getByRole('link')).toHaveCount(5);
  await start.getByRole('link', { name: /Teams and documents/ }).click();
  await expect(page).toHaveURL(/\/o$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your teams');

  await page.goto('/');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/landing.png`, fullPage: true });
});

test('the landing page has no serious accessibility problems', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

test('the installable manifest and icons are served', async ({ request }) => {
  const manifest = await (await request.get('/manifest.webmanifest')).json();
  expect(manifest.name).toBe('Quire');
  expect(manifest.display).toBe('standalone');
  const sizes = manifest.icons.map((icon: { sizes: string; purpose?: string }) => `${icon.sizes}:${icon.purpose}`);
  expect(sizes).toEqual(expect.arrayContaining(['192x192:any', '512x512:any', '512x512:maskable']));
  for (const icon of manifest.icons as { src: string; type: string }[]) {
    const response = await request.get(icon.src);
    expect(response.status(), icon.src).toBe(200);
    expect(response.headers()['content-type']).toContain(icon.type);
  }
});
