/**
 * Two tabs on one template (issue 19): an editor with no edits of its own follows the other tab's
 * saves live; when both type, the tab whose save is refused shows the conflict dialog, and "keep
 * mine as a copy" leaves both texts stored — nothing typed is lost.
 */
import type { Page } from '@playwright/test';
import { canvas, dismissGuidance, insert, openList } from './editor-helpers';
import { expect, SCREENSHOT_DIR, test } from './fixtures';

const saved = (page: Page) => expect(page.locator('[data-save="saved"]')).toBeVisible({ timeout: 20_000 });
const textBox = (page: Page) => canvas(page).getByRole('textbox', { name: 'Text' }).first();
const dialogOf = (page: Page) => page.getByRole('dialog', { name: 'This template was changed in another tab' });

/** Clicks into the text and puts the caret at its end, as a user does before typing. */
async function caretAtEnd(page: Page) {
  await textBox(page).click();
  await expect(textBox(page)).toBeFocused();
  await page.keyboard.press('End');
}

async function typeAtEnd(page: Page, text: string, delay = 0) {
  await caretAtEnd(page);
  await page.keyboard.type(text, { delay });
}

test('two tabs on one template: live follow, conflict dialog, keep mine as a copy', async ({ page, context }) => {
  test.setTimeout(180_000);
  for (const p of [page]) p.on('pageerror', (e) => console.log('[pageerror]', e.message));
  await openList(page);
  await page.getByRole('button', { name: 'New blank template' }).click();
  await expect(page).toHaveURL(/\/baseplugin\/t\/editor\//);
  await dismissGuidance(page);
  await insert(page, 'Text');
  await typeAtEnd(page, 'Shared start.');
  await saved(page);
  const editorUrl = page.url();

  const second = await context.newPage();
  second.on('pageerror', (e) => console.log('[pageerror 2]', e.message));
  await second.goto(editorUrl);
  await expect(textBox(second)).toContainText('Shared start.');

  // The second tab has no edits of its own: it shows the first tab's save without a reload. Its user
  // has already clicked into the text: the new text comes in under the caret, which keeps the focus.
  await caretAtEnd(second);
  await typeAtEnd(page, ' Seen live.');
  await saved(page);
  await expect(textBox(second)).toContainText('Seen live.', { timeout: 15_000 });
  await expect(textBox(second)).toBeFocused();

  // Typing in the first tab while the second saves: the first follows that save while its user goes on
  // typing; the focus stays in the text and every key lands (none falls on the page).
  await typeAtEnd(second, ' Second was here.');
  await saved(second);
  await expect(textBox(page)).toContainText('Second was here.', { timeout: 15_000 });
  await expect(textBox(page)).toBeFocused();
  await page.keyboard.type(' Kept typing.', { delay: 20 });
  await expect(textBox(page)).toBeFocused();
  await expect(textBox(page)).toHaveText('Shared start. Seen live. Second was here. Kept typing.');
  await saved(page);
  // …and the second tab follows that save in turn, with its focus where its user left it.
  await expect(textBox(second)).toHaveText('Shared start. Seen live. Second was here. Kept typing.', {
    timeout: 15_000,
  });
  await expect(textBox(second)).toBeFocused();

  // Both type at once, each from its caret after "live.": one save lands first, the other is refused
  // and becomes the user's call. A tab that has not typed yet may still follow the other's first saves.
  await Promise.all([caretAtEnd(page), caretAtEnd(second)]);
  const typing = Promise.all([
    page.keyboard.type('ONE-typed-in-first', { delay: 30 }),
    second.keyboard.type('TWO-typed-in-second', { delay: 30 }),
  ]);
  const firstDialog = dialogOf(page);
  const secondDialog = dialogOf(second);
  // Keys typed once the dialog has opened reach no button: the dialog's title holds the focus.
  await typing;
  await expect
    .poll(async () => (await firstDialog.isVisible()) || (await secondDialog.isVisible()), { timeout: 60_000 })
    .toBe(true);
  const loserIsSecond = await secondDialog.isVisible();
  const [loser, winner] = loserIsSecond ? [second, page] : [page, second];
  // Each tab's text is its own typing, on top of whatever of the other tab's saves it followed while it
  // had not typed yet: the loser's screen is what the dialog calls "yours".
  const loserText = ((await textBox(loser).textContent()) ?? '').trim();
  const [loserTyped, winnerTyped] = loserIsSecond
    ? ['TWO-typed-in-second', 'ONE-typed-in-first']
    : ['ONE-typed-in-first', 'TWO-typed-in-second'];
  expect(loserText).toContain(loserTyped.slice(0, 1));
  const dialog = dialogOf(loser);
  await expect(dialog).toBeVisible();
  // Both versions side by side: the block each tab changed, with its text.
  await expect(dialog.getByRole('columnheader', { name: 'Saved in another tab' })).toBeVisible();
  await expect(dialog.getByRole('columnheader', { name: 'Your unsaved changes' })).toBeVisible();
  await expect(dialog).toContainText(loserText);
  await expect(dialog).toContainText(/Saved in another tab.*Shared start\. Seen live\..+Shared start\. Seen live\./);
  await expect(loser.locator('[data-save="conflict"]')).toBeVisible();
  await loser.screenshot({ path: `${SCREENSHOT_DIR}/two-tabs-conflict.png` });

  // Until the user decides, the text is kept in IndexedDB (a draft), not only in memory.
  await expect
    .poll(() =>
      loser.evaluate(async () => {
        const open = indexedDB.open('quire');
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error);
        });
        const rows = await new Promise<Array<{ key: string; value: unknown }>>((resolve, reject) => {
          const request = db.transaction('settings').objectStore('settings').getAll();
          request.onsuccess = () => resolve(request.result as Array<{ key: string; value: unknown }>);
          request.onerror = () => reject(request.error);
        });
        db.close();
        return rows.filter((row) => String(row.key).startsWith('editor.unsaved:')).map((row) => JSON.stringify(row));
      }),
    )
    .toEqual([expect.stringContaining(loserText)]);
  await saved(winner);
  const winnerText = ((await textBox(winner).textContent()) ?? '').trim();
  // The winner's keys all went in (nothing interrupted its typing).
  expect(winnerText).toContain(winnerTyped);
  expect(winnerText).not.toBe(loserText);

  await dialog.getByRole('button', { name: 'Keep mine as a copy' }).click();
  await expect(dialog).toBeHidden();
  // The loser now edits its copy; the original keeps the other tab's text.
  await expect(loser).not.toHaveURL(editorUrl);
  await expect(loser.getByRole('textbox', { name: 'Template name' })).toHaveValue(/\(copy\)$/);
  await saved(loser);

  await loser.reload();
  await expect(textBox(loser)).toHaveText(loserText);
  await winner.reload();
  await expect(textBox(winner)).toHaveText(winnerText);

  // The editor's own "Templates" link navigates inside the app (no page load would drop a buffer).
  await winner.evaluate(() => {
    (window as unknown as { stillHere: boolean }).stillHere = true;
  });
  await winner.getByRole('link', { name: 'Templates' }).click();
  await expect(winner.getByRole('heading', { level: 1, name: 'Templates' })).toBeVisible();
  expect(await winner.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
});

test('full disk in the editor: the reason, a download of the unsaved work, retry once there is room', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await openList(page);
  await page.getByRole('button', { name: 'New blank template' }).click();
  await expect(page).toHaveURL(/\/baseplugin\/t\/editor\//);
  await dismissGuidance(page);
  await insert(page, 'Text');
  await typeAtEnd(page, 'Before the disk filled.');
  await saved(page);

  // The disk fills up: every write of a template is refused the way Chromium refuses it.
  await page.evaluate(() => {
    const put = IDBObjectStore.prototype.put;
    (window as unknown as { diskFull: boolean }).diskFull = true;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      if ((window as unknown as { diskFull: boolean }).diskFull && this.name === 'templates') {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      }
      return put.apply(this, args);
    };
  });
  await typeAtEnd(page, ' Typed on a full disk.');
  const banner = page.getByRole('alert').filter({ hasText: 'Storage is full' });
  await expect(banner).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[data-save="failed"]')).toBeVisible();

  const download = page.waitForEvent('download');
  await banner.getByRole('button', { name: 'Download unsaved work' }).click();
  const file = await download;
  const path = await file.path();
  const { readFile } = await import('node:fs/promises');
  const saved_ = JSON.parse(await readFile(path, 'utf8')) as { format: string; items: Array<{ payload: unknown }> };
  expect(saved_.format).toBe('quire-unsaved');
  expect(JSON.stringify(saved_.items[0]?.payload)).toContain('Typed on a full disk.');

  // Room again: Retry stores it, the banner goes, and a reload shows the text. Room comes back and
  // Retry is pressed in one step: the screen also retries every few seconds by itself, and on a busy
  // machine that retry could land (and the banner go) between the two.
  await banner.getByRole('button', { name: 'Retry' }).evaluate((retry: HTMLElement) => {
    (window as unknown as { diskFull: boolean }).diskFull = false;
    retry.click();
  });
  await saved(page);
  await expect(banner).toBeHidden();
  await page.reload();
  await expect(textBox(page)).toContainText('Before the disk filled. Typed on a full disk.');
});

test('a reload straight after typing keeps the last keystrokes (leave prompt, journal)', async ({ page }) => {
  test.setTimeout(180_000);
  await openList(page);
  await page.getByRole('button', { name: 'New blank template' }).click();
  await expect(page).toHaveURL(/\/baseplugin\/t\/editor\//);
  await dismissGuidance(page);
  await insert(page, 'Text');
  await typeAtEnd(page, 'Written first.');
  await saved(page);
  const prompts: string[] = [];
  page.on('dialog', (dialog) => {
    prompts.push(dialog.type());
    void dialog.accept();
  });
  // No pause: the edit is still waiting for its idle moment when the page unloads.
  await typeAtEnd(page, ' Last words');
  await page.reload();
  // The leave prompt shows while the edit is unsaved; on a fast machine the save may already have
  // landed by the time the reload starts, and then there is nothing to ask. Never more than one.
  expect(prompts.filter((type) => type !== 'beforeunload')).toEqual([]);
  expect(prompts.length).toBeLessThanOrEqual(1);
  await expect(textBox(page)).toHaveText('Written first. Last words', { timeout: 20_000 });
  await saved(page);
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('quire.journal.')))).toEqual(
    [],
  );
});
