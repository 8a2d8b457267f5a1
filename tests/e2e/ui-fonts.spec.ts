import { expect, SCREENSHOT_DIR, test } from './fixtures';

// Issue 12, "Look and language": the interface reads in every language on a device without CJK or
// Thai system fonts (this Chromium has none), from the fonts Quire ships — and an English
// interface never downloads them.

async function loadedShippedFaces(page: import('@playwright/test').Page) {
  return page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts]
      .filter((f) => f.family.includes('Quire UI') && f.status === 'loaded')
      .map((f) => f.family);
  });
}

test('Japanese, Chinese and Thai interface text is drawn with the shipped fonts; English fetches none', async ({
  page,
}) => {
  // Three languages, each fetching a multi-megabyte face on first use.
  test.setTimeout(90_000);
  await page.goto('/?lng=en-US');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await loadedShippedFaces(page)).toEqual([]);

  for (const [lng, family] of [
    ['ja-JP', 'Quire UI JP'],
    ['zh-CN', 'Quire UI SC'],
    ['th-TH', 'Quire UI Thai'],
  ] as const) {
    await page.goto(`/?lng=${lng}`);
    await expect(page.locator('html')).toHaveAttribute('lang', lng);
    await expect.poll(() => loadedShippedFaces(page), { timeout: 30_000 }).toContain(family);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/ui-fonts-${lng}.png` });
  }
});
