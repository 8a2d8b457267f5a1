import type { Page } from '@playwright/test';
import { canvas, dismissGuidance, insert, openList, openLivePreview } from './editor-helpers';
import { expect, SCREENSHOT_DIR, test } from './fixtures';

// Issue 12, "The editor": a readable canvas at 1280 px — zoom, panels that fold away, a preview
// that can be enlarged; every choice kept for the next visit.

/**
 * The size body text is drawn at on screen: the text's CSS font size times the page's zoom (the
 * page is 210 mm = 794 CSS px wide at 100 %).
 */
const bodyTextPx = (page: Page) =>
  canvas(page)
    .locator('.qe-page-wrap')
    .first()
    .evaluate((wrap) => {
      const text = wrap.querySelector('[contenteditable="true"] [data-slate-string]') ?? wrap;
      const cssPx = Number.parseFloat(getComputedStyle(text).fontSize);
      return (cssPx * wrap.getBoundingClientRect().width) / 794;
    });

const pageWidth = (page: Page) =>
  canvas(page)
    .locator('.qe-page-wrap')
    .first()
    .evaluate((el) => el.getBoundingClientRect().width);

test('zoom the canvas, fold the block panel, enlarge the preview; the choices stay after a reload', async ({
  page,
}) => {
  // Opens the editor twice (before and after a reload): more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  await openList(page);
  await page.getByRole('button', { name: 'New blank template' }).click();
  await expect(page.getByText('This page is empty.')).toBeVisible();
  await dismissGuidance(page);

  // The first view at 1280 px: the live preview waits folded, so the page fits at a readable size.
  const previewToggle = page.getByRole('button', { name: 'Live preview', exact: true });
  await expect(previewToggle).toHaveAttribute('aria-pressed', 'false');
  const zoom = page.getByRole('combobox', { name: 'Zoom' });
  await expect(zoom).toHaveValue('fit');

  // An inserted block gets the cursor: typing goes straight into it.
  await insert(page, 'Text');
  const text = canvas(page).getByRole('textbox', { name: 'Text' }).first();
  await expect(text).toBeFocused();
  await page.keyboard.type('Body text at its first size');
  await expect(text).toHaveText('Body text at its first size');
  const at1280 = await bodyTextPx(page);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/editor-first-view-1280.png` });
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect.poll(() => bodyTextPx(page)).toBeGreaterThan(at1280 + 1);
  const at1440 = await bodyTextPx(page);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/editor-first-view-1440.png` });
  console.log(`body text on screen: ${at1280.toFixed(1)} px at 1280, ${at1440.toFixed(1)} px at 1440`);
  expect(at1280).toBeGreaterThanOrEqual(10.5);
  expect(at1440).toBeGreaterThanOrEqual(12);
  await page.setViewportSize({ width: 1280, height: 800 });
  // A table gets the cursor in its first cell.
  await insert(page, 'Table');
  await expect(canvas(page).getByRole('textbox', { name: 'Row 1, column 1' })).toBeFocused();

  await expect.poll(() => bodyTextPx(page)).toBeCloseTo(at1280, 0);
  const fitted = await pageWidth(page);

  // 100 % is an A4 page at 96 dpi: 210 mm ≈ 794 px, whatever the window.
  await zoom.selectOption('1');
  await expect.poll(() => pageWidth(page)).toBeCloseTo(794, -1);
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect(zoom).toHaveValue('1.25');
  await expect.poll(() => pageWidth(page)).toBeCloseTo(992, -1);
  // A page wider than the canvas starts at the canvas's left edge: nothing is cut off out of reach.
  const left = await canvas(page).evaluate((el) => {
    el.scrollLeft = 0;
    const page = el.querySelector('.qe-page-wrap');
    return (page?.getBoundingClientRect().left ?? -1) - el.getBoundingClientRect().left;
  });
  expect(left).toBeGreaterThanOrEqual(0);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/editor-zoom-125.png` });

  // Ctrl − steps out; Ctrl 0 goes back to fit width.
  await canvas(page).click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Control+Minus');
  await expect(zoom).toHaveValue('1');
  await page.keyboard.press('Control+0');
  await expect(zoom).toHaveValue('fit');
  await expect.poll(() => pageWidth(page)).toBeCloseTo(fitted, 0);

  // Folding the block panel gives the page its room: fit width grows.
  await page.getByRole('button', { name: 'Hide the block panel' }).click();
  await expect(page.getByRole('button', { name: 'Block panel' })).toBeVisible();
  await expect.poll(() => pageWidth(page)).toBeGreaterThan(fitted + 100);

  // The live preview opens from the top bar and can be made wider than its column.
  await openLivePreview(page);
  const preview = page.getByRole('complementary', { name: 'Live preview' });
  const narrow = await preview.evaluate((el) => el.getBoundingClientRect().width);
  await page.getByRole('button', { name: 'Enlarge the preview' }).click();
  await expect.poll(() => preview.evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThan(narrow + 150);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/editor-wide-preview.png` });

  await page.getByRole('combobox', { name: 'Zoom' }).selectOption('0.75');
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Zoom' })).toHaveValue('0.75');
  await expect(page.getByRole('button', { name: 'Block panel' })).toBeVisible();
  // The preview stays open: the user's choice outranks the narrow window.
  await expect(page.getByRole('button', { name: 'Make the preview smaller' })).toBeVisible();
  await expect.poll(() => pageWidth(page)).toBeCloseTo(595, -1);

  // And back: the block panel returns with its tabs.
  await page.getByRole('button', { name: 'Block panel' }).click();
  await expect(page.getByRole('tab', { name: 'Page' })).toBeVisible();
});
