import type { Locator, Page } from '@playwright/test';
import { expect, SCREENSHOT_DIR, test } from './fixtures';

// Issue 12, "Look and language": the interface reads in every language on a device without CJK or
// Thai system fonts (this Chromium has none), from the fonts Quire ships — and an English
// interface never downloads them.

async function loadedShippedFaces(page: Page) {
  return page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts]
      .filter((f) => f.family.includes('Quire UI') && f.status === 'loaded')
      .map((f) => f.family);
  });
}

/**
 * The fonts Chromium actually drew an element's text with (DevTools' "Rendered fonts"). A glyph the
 * face lacks is drawn as an empty box by whatever font was last tried, so the name tells tofu apart.
 */
async function renderedFonts(page: Page, element: Locator): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const marker = `rf-${Math.random().toString(36).slice(2)}`;
    await element.evaluate((el, id) => el.setAttribute('data-rendered-font', id), marker);
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodeId } = await cdp.send('DOM.querySelector', {
      nodeId: root.nodeId,
      selector: `[data-rendered-font="${marker}"]`,
    });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    return fonts.map((font) => font.familyName);
  } finally {
    await cdp.detach();
  }
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

test('bold Japanese labels drawn while the face was loading are redrawn with it, not left as empty boxes', async ({
  page,
}) => {
  // Seen in issue 12: the header's Home tab (weight 550), the primary button (600) and the hero badge
  // (600) kept DejaVu Sans' empty boxes after Quire UI JP had loaded, while the rest of the page had it.
  test.setTimeout(60_000);
  await page.goto('/?lng=ja-JP');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja-JP');
  await expect.poll(() => loadedShippedFaces(page), { timeout: 30_000 }).toContain('Quire UI JP');
  const labels = {
    'Home tab': page.locator('header .tab').first(),
    'primary button': page.locator('main .button.primary').first(),
    'hero badge': page.locator('.eyebrow').first(),
    'secondary button': page.locator('main .button.secondary').first(),
  };
  for (const [name, label] of Object.entries(labels)) {
    await expect(label, name).toHaveText(/[\u3040-\u30ff\u4e00-\u9fff]/);
    await expect.poll(() => renderedFonts(page, label), { message: name, timeout: 10_000 }).toEqual(['Noto Sans JP']);
  }
  await page.screenshot({ path: `${SCREENSHOT_DIR}/ui-fonts-ja-JP-bold.png` });
});
