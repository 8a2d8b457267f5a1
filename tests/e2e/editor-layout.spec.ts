import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import {
  canvas,
  DOT_PNG,
  dismissGuidance,
  goOffline,
  insert,
  openList,
  previewText,
  rememberLivePreviewOpen,
} from './editor-helpers';
import { expect, SCREENSHOT_DIR, test } from './fixtures';

// This file goes offline or updates: it needs the real service worker (the journeys' default blocks it).
test.use({ serviceWorkers: 'allow' });

/** A 1×1 blue PNG, to tell a changed image link from the first one. */
const BLUE_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNgYPgPAAEDAQAIicLsAAAAAElFTkSuQmCC';

/** A length as the element's own style sets it (the canvas is zoomed to fit, so computed sizes are scaled). */
const styled = (locator: Locator, property: 'width' | 'height') =>
  locator.evaluate((el, p) => (el as HTMLElement).style[p], property);

/**
 * Drags with the mouse in two moves: dragging opens up the drop targets (the layout shifts), so the
 * target is measured once the drag has started. `whileOver` runs with the pointer over the target.
 */
async function dragBlock(page: Page, handle: Locator, target: Locator, whileOver?: () => Promise<void>) {
  const from = (await handle.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 4 });
  await expect(page.locator('.qe-pages-dragging')).toBeVisible();
  const to = (await target.boundingBox())!;
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
  await whileOver?.();
  await page.mouse.up();
  await expect(page.locator('.qe-pages-dragging')).toHaveCount(0);
}

async function expectNoSeriousAxe(page: Page) {
  const axe = await new AxeBuilder({ page }).include('.qe').analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
}

async function newBlankTemplate(page: Page) {
  await page.getByRole('button', { name: 'New blank template' }).click();
  await expect(page.getByText('This page is empty.')).toBeVisible();
  await dismissGuidance(page);
}

test.describe('template editor: media in text and nested rows', () => {
  test.setTimeout(240_000);
  // These journeys read the live preview throughout: it is kept open, as after a user's choice.
  test.beforeEach(({ page }) => rememberLivePreviewOpen(page));

  test('an inline image and a QR code in text open their settings on click: change, delete, undo', async ({
    page,
    context,
  }) => {
    page.on('pageerror', (e) => console.log('[pageerror]', e.message));
    await openList(page);
    await goOffline(page, context);
    await newBlankTemplate(page);

    await insert(page, 'Text');
    await canvas(page).getByRole('textbox', { name: 'Text' }).first().click();
    await page.keyboard.type('Logo ');
    await page.getByRole('button', { name: 'Image in text' }).click();
    const insertForm = page.getByRole('dialog', { name: 'Image in text' });
    await insertForm.getByRole('textbox', { name: 'Image link (https://…)' }).fill(DOT_PNG);
    await insertForm.getByRole('button', { name: 'Insert', exact: true }).click();
    await page.keyboard.type(' Acme');
    const image = canvas(page).locator('[data-inline-image] img');
    await expect.poll(() => styled(image, 'width')).toBe('48px');

    // Click the image: the same settings as on insertion, filled in, applied as they change.
    await canvas(page)
      .getByRole('button', { name: /^Image in text: .*Click to change$/ })
      .click();
    const settings = canvas(page).getByRole('dialog', { name: 'Image in text' });
    await expect(settings.getByRole('spinbutton', { name: 'Width (px)' })).toHaveValue('48');
    await expect(settings.getByRole('textbox', { name: 'Image link (https://…)' })).toHaveValue(DOT_PNG);
    await settings.getByRole('spinbutton', { name: 'Width (px)' }).fill('120');
    await settings.getByRole('spinbutton', { name: 'Height (px)' }).fill('40');
    await expect.poll(() => styled(image, 'width')).toBe('120px');
    await expect.poll(() => styled(image, 'height')).toBe('40px');
    await settings.getByRole('textbox', { name: 'Image link (https://…)' }).fill(BLUE_PNG);
    await settings.getByRole('button', { name: 'Apply' }).click();
    await expect(image).toHaveAttribute('src', BLUE_PNG);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/editor-inline-image-settings.png` });
    await expectNoSeriousAxe(page);
    await settings.getByRole('button', { name: 'Done' }).click();
    await expect(settings).toBeHidden();
    await expect(previewText(page)).toContainText('Logo', { timeout: 90_000 });

    // Undo takes back exactly the settings change (the typing around it stays).
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => styled(image, 'width')).toBe('48px');
    await expect(image).toHaveAttribute('src', DOT_PNG);
    await expect(canvas(page).getByRole('textbox', { name: 'Text' }).first()).toContainText('Acme');
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect.poll(() => styled(image, 'width')).toBe('120px');
    await expect(image).toHaveAttribute('src', BLUE_PNG);

    // Delete from its settings; undo brings it back.
    await canvas(page)
      .getByRole('button', { name: /^Image in text: .*Click to change$/ })
      .click();
    await canvas(page)
      .getByRole('dialog', { name: 'Image in text' })
      .getByRole('button', { name: 'Delete image' })
      .click();
    await expect(canvas(page).locator('[data-inline-image]')).toHaveCount(0);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(image).toHaveAttribute('src', BLUE_PNG);

    // A QR code in text: content, size and alignment change in place.
    await canvas(page).getByRole('textbox', { name: 'Text' }).first().click();
    await page.keyboard.press('End');
    await page.getByRole('button', { name: 'QR code in text' }).click();
    await page.getByRole('dialog', { name: 'QR code in text' }).getByRole('button', { name: 'Insert QR code' }).click();
    await page.keyboard.type('Scan me');
    const qr = canvas(page).locator('[data-text-qr]');
    await expect(qr).toHaveAttribute('data-text-qr', 'currentRecord');
    await canvas(page).getByRole('button', { name: 'QR code in text: Link to the record. Click to change' }).click();
    const qrSettings = canvas(page).getByRole('dialog', { name: 'QR code in text' });
    await qrSettings.getByRole('combobox', { name: 'Content' }).selectOption('custom');
    await qrSettings.getByRole('textbox', { name: 'Text (may hold {tags})' }).fill('Hello {Order no}');
    await qrSettings.getByRole('spinbutton', { name: 'Size (px)' }).fill('80');
    await qrSettings.getByRole('combobox', { name: 'Alignment' }).selectOption('center');
    await expect(qr).toHaveAttribute('data-text-qr', 'custom');
    await expect(qr.locator('.qe-media-caption')).toHaveText('Hello {Order no}');
    await expect.poll(() => styled(qr.locator('.qe-qr'), 'width')).toBe('80px');
    await expect(qr).toHaveCSS('justify-content', 'center');
    await page.screenshot({ path: `${SCREENSHOT_DIR}/editor-text-qr-settings.png` });
    await qrSettings.getByRole('button', { name: 'Delete QR code' }).click();
    await expect(qr).toHaveCount(0);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(qr).toHaveAttribute('data-text-qr', 'custom');
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(qr).toHaveAttribute('data-text-qr', 'currentRecord');
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect(qr).toHaveAttribute('data-text-qr', 'custom');

    // Saved: a reload shows the edited media.
    await expect(page.locator('[data-save="saved"]')).toBeVisible();
    await page.reload();
    await expect(canvas(page).locator('[data-inline-image] img')).toHaveAttribute('src', BLUE_PNG);
    await expect(canvas(page).locator('[data-text-qr]')).toHaveAttribute('data-text-qr', 'custom');
    await expect(previewText(page)).toContainText('Scan me', { timeout: 90_000 });
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  });

  test('blocks drop into nested rows and out again; Alt+arrows walk them in and out', async ({ page, context }) => {
    page.on('pageerror', (e) => console.log('[pageerror]', e.message));
    await openList(page);
    await goOffline(page, context);
    await newBlankTemplate(page);

    await insert(page, 'Columns');
    const nested = canvas(page).locator('.qe-row-nested');
    await expect(nested.getByText('Column 1: drop a block here')).toBeVisible();
    await expect(nested.getByText('Column 2: drop a block here')).toBeVisible();
    await insert(page, 'Text');
    await canvas(page).getByRole('textbox', { name: 'Text' }).first().click();
    await page.keyboard.type('Inside the second column');
    await insert(page, 'QR code');

    // Drag the text block by its handle into the nested row's second column.
    const textBlock = canvas(page).locator('[data-block-type="richText"]');
    const handle = textBlock.getByRole('button', { name: 'Drag to move: Text' });
    const target = nested.getByText('Column 2: drop a block here');
    await dragBlock(page, handle, target, async () => {
      await expect(canvas(page).locator('.qe-cdrop-over')).toBeVisible();
      await page.screenshot({ path: `${SCREENSHOT_DIR}/editor-nested-drop-indicator.png` });
    });
    await expect(nested.locator('[data-block-type="richText"]')).toBeVisible();
    await expect(nested.locator('.qe-col').nth(1)).toContainText('Inside the second column');
    await expect(nested.getByText('Column 1: drop a block here')).toBeVisible();

    // The QR code walks by keyboard: Alt+↑ into the row's first column, again out above the row, Alt+↓ back in.
    const qrBlock = canvas(page).locator('[data-block-type="qrcode"]');
    await qrBlock.getByRole('button', { name: 'Drag to move: QR code' }).click();
    await page.keyboard.press('Alt+ArrowUp');
    await expect(nested.locator('.qe-col').first().locator('[data-block-type="qrcode"]')).toBeVisible();
    await page.keyboard.press('Alt+ArrowUp');
    await expect(nested.locator('[data-block-type="qrcode"]')).toHaveCount(0);
    const outerColumn = canvas(page).locator('.qe-page > .qe-row-wrap > .qe-row > .qe-col').first();
    const outerTypes = () =>
      outerColumn.evaluate((col) =>
        [...col.querySelectorAll(':scope > [data-block-type]')].map((el) => el.getAttribute('data-block-type')),
      );
    await expect.poll(outerTypes).toEqual(['qrcode', 'row']);
    await page.keyboard.press('Alt+ArrowDown');
    await expect(nested.locator('.qe-col').first().locator('[data-block-type="qrcode"]')).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/editor-nested-rows.png` });

    // Drag the text back out into a page row of its own, below everything.
    const textHandle = nested.getByRole('button', { name: 'Drag to move: Text' });
    await dragBlock(page, textHandle, canvas(page).locator('[data-drop-row="end"]').first());
    await expect(nested.locator('[data-block-type="richText"]')).toHaveCount(0);
    await expect(nested.getByText('Column 2: drop a block here')).toBeVisible();

    // Every move is one undo step: back to the text in the nested row, then further.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(nested.locator('.qe-col').nth(1)).toContainText('Inside the second column');
    await expect(page.locator('[data-save="saved"]')).toBeVisible();
    await expect(previewText(page)).toContainText('Inside the second column', { timeout: 90_000 });
    await expectNoSeriousAxe(page);

    await page.reload();
    await expect(canvas(page).locator('.qe-row-nested .qe-col').nth(1)).toContainText('Inside the second column');
    await expect(canvas(page).locator('.qe-row-nested [data-block-type="qrcode"]')).toBeVisible();
  });
});
