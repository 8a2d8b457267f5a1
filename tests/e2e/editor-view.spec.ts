import type { Page } from '@playwright/test';
import { canvas, dismissGuidance, openList } from './editor-helpers';
import { expect, SCREENSHOT_DIR, test } from './fixtures';

// Issue 12, "The editor": a readable canvas at 1280 px — zoom, panels that fold away, a preview
// that can be enlarged; every choice kept for the next visit.

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

  const zoom = page.getByRole('combobox', { name: 'Zoom' });
  await expect(zoom).toHaveValue('fit');
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

  // The live preview can be made wider than its column.
  const preview = page.getByRole('complementary', { name: 'Live preview' });
  const narrow = await preview.evaluate((el) => el.getBoundingClientRect().width);
  await page.getByRole('button', { name: 'Enlarge the preview' }).click();
  await expect.poll(() => preview.evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThan(narrow + 150);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/editor-wide-preview.png` });

  await page.getByRole('combobox', { name: 'Zoom' }).selectOption('0.75');
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Zoom' })).toHaveValue('0.75');
  await expect(page.getByRole('button', { name: 'Block panel' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Make the preview smaller' })).toBeVisible();
  await expect.poll(() => pageWidth(page)).toBeCloseTo(595, -1);

  // And back: the block panel returns with its tabs.
  await page.getByRole('button', { name: 'Block panel' }).click();
  await expect(page.getByRole('tab', { name: 'Page' })).toBeVisible();
});
