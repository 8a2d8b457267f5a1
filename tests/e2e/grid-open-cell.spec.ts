/**
 * Issue 29 item 2 and issue 35 item 1: a text cell keeps its line breaks when edited in the grid
 * (Shift+Enter for a new line, Enter saves, Esc cancels), and a cell whose editor is still open —
 * typed into, never committed — survives a killed browser and asks before the page is left.
 * Issue 35 item 2: on a full disk a typed cell survives a reload, shown "not saved" until written.
 * Issue 35 item 3: a link cell's pick is journalled like typed text, so a killed browser keeps it.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { KillableBrowser, openSignedIn } from './nothing-lost-profile';
import { onFullDisk } from './nothing-lost-truth';
import { cell, openTable, openTables } from './workspace-helpers';

const editorBox = (page: Page) => page.locator('textarea.ws-long-text');

test('a text cell keeps its line breaks: Shift+Enter adds a line, Enter saves, Esc cancels', async ({ page }) => {
  test.setTimeout(90_000);
  await openTables(page);
  await openTable(page, 'Customers');
  // The header says who works here in words, never the device account's id (issue 29).
  await expect(page.getByTestId('signed-in-as')).toHaveText(/You\s*On this device/);
  const contact = cell(page, 0, 'Contact');
  await expect(contact).not.toBeEmpty();
  const before = (await contact.textContent()) ?? '';

  await contact.dblclick();
  const box = editorBox(page);
  await box.fill('Deliver to dock 3');
  await box.press('Shift+Enter');
  await box.pressSequentially('Call before arrival');
  await expect(box).toHaveValue('Deliver to dock 3\nCall before arrival');
  await box.press('Enter');
  await expect(box).toHaveCount(0);
  await expect(page.locator('[data-save-state]')).toHaveAttribute('data-save-state', 'saved');

  await page.reload();
  await expect(cell(page, 0, 'Contact')).toContainText('Deliver to dock 3');
  await cell(page, 0, 'Contact').dblclick();
  await expect(editorBox(page)).toHaveValue('Deliver to dock 3\nCall before arrival');

  // Esc leaves the stored text as it was.
  await editorBox(page).fill('Not meant');
  await editorBox(page).press('Escape');
  await expect(editorBox(page)).toHaveCount(0);
  await expect(cell(page, 0, 'Contact')).toContainText('Deliver to dock 3');
  expect(before).not.toBe('');
});

test('an open cell asks before the page is left', async ({ page }) => {
  await openTables(page);
  await openTable(page, 'Customers');
  await cell(page, 1, 'Contact').dblclick();
  await editorBox(page).fill('Typed, not yet saved');
  const asked = new Promise<string>((resolve) => page.once('dialog', (dialog) => resolve(dialog.type())));
  await page.close({ runBeforeUnload: true });
  expect(await asked).toBe('beforeunload');
});

test('a cell still being edited survives a killed browser', async ({ baseURL }) => {
  test.setTimeout(120_000);
  const browser = await KillableBrowser.start(baseURL ?? '');
  try {
    let page = browser.page;
    await openTables(page);
    await openTable(page, 'Customers');
    const tableUrl = page.url();
    await expect(cell(page, 2, 'Contact')).not.toBeEmpty();
    await cell(page, 2, 'Contact').dblclick();
    await editorBox(page).fill('Typed into an open cell');
    // The journal write is in flight with the keystroke; give it the time a person's next key takes.
    await page.waitForTimeout(150);
    page = await browser.killAndRestart();
    await openSignedIn(page, tableUrl, cell(page, 2, 'Contact'));
    await expect(cell(page, 2, 'Contact')).toHaveText('Typed into an open cell');
    await expect(page.getByTestId('held-edits')).toHaveCount(0);
  } finally {
    await browser.dispose();
  }
});

test('an open cell left through an in-app link keeps its text', async ({ page }) => {
  await openTables(page);
  await openTable(page, 'Customers');
  await cell(page, 1, 'Contact').dblclick();
  await editorBox(page).fill('Typed, then a link clicked');
  await page.getByRole('link', { name: /All tables/ }).click();
  await expect(page.getByRole('heading', { name: 'Your tables' })).toBeVisible();
  await openTable(page, 'Customers');
  await expect(cell(page, 1, 'Contact')).toHaveText('Typed, then a link clicked');
  await expect(page.locator('[data-save-state]')).toHaveAttribute('data-save-state', 'saved');
});

test('on a full disk a typed cell survives a reload: shown not saved, written once there is room', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await openTables(page);
  await openTable(page, 'Customers');
  const disk = await onFullDisk(page, context);
  // One cell committed with Enter, one still open: both refused by IndexedDB.
  await cell(page, 4, 'Contact').dblclick();
  await editorBox(page).fill('Committed on a full disk');
  await editorBox(page).press('Enter');
  const banner = page.getByTestId('storage-banner');
  await expect(banner).toContainText('1 unsaved change');
  await cell(page, 5, 'Contact').dblclick();
  await editorBox(page).fill('Open on a full disk');

  page.on('dialog', (dialog) => void dialog.accept());
  await page.reload();
  for (const [index, text] of [
    [4, 'Committed on a full disk'],
    [5, 'Open on a full disk'],
  ] as const) {
    await expect(cell(page, index, 'Contact')).toHaveText(text);
    await expect(cell(page, index, 'Contact')).toHaveClass(/unsaved/);
  }
  await expect(banner).toContainText('2 unsaved changes');
  await expect(page.locator('[data-save-state]')).not.toHaveAttribute('data-save-state', 'saved');

  await disk.free();
  await expect(banner).toBeHidden({ timeout: 30_000 });
  await expect(page.locator('.ws-cell.unsaved')).toHaveCount(0);
  await page.reload();
  await expect(cell(page, 4, 'Contact')).toHaveText('Committed on a full disk');
  await expect(cell(page, 5, 'Contact')).toHaveText('Open on a full disk');
  await expect(banner).toBeHidden();
});

/**
 * Hold every write to the workspace database: a readwrite transaction over all its stores, kept
 * alive by chained reads, so a write started now cannot land before the browser is killed.
 */
function holdWorkspaceWrites(page: Page) {
  return page.evaluate(async () => {
    const open = indexedDB.open('quire');
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const names = [...db.objectStoreNames];
    const tx = db.transaction(names, 'readwrite');
    const store = tx.objectStore(names[0]!);
    const spin = () => {
      store.count().onsuccess = spin;
    };
    spin();
  });
}

/** The fourth customer's Orders picker (the column is far right; the grid virtualises columns). */
async function openOrdersPicker(page: Page) {
  await page.getByTestId('grid').evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  const picker = page.getByRole('dialog', { name: 'Choose Orders' });
  await expect(async () => {
    if (!(await picker.isVisible())) await cell(page, 3, 'Orders').dblclick({ timeout: 5_000 });
    await expect(picker).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 15_000 });
  return picker;
}

/** Link picks in the journal's durable half (its own database, which the held writes do not block). */
function journalledPicks(page: Page) {
  return page.evaluate(async () => {
    const open = indexedDB.open('quire-journal');
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const all = db.transaction('entries').objectStore('entries').getAll();
    const values = await new Promise<unknown[]>((resolve) => {
      all.onsuccess = () => resolve(all.result);
    });
    db.close();
    return values.filter((value) => (value as { links?: boolean }).links === true).length;
  });
}

test('a link picked just before the browser is killed is kept', async ({ baseURL }) => {
  test.setTimeout(120_000);
  const browser = await KillableBrowser.start(baseURL ?? '');
  try {
    let page = browser.page;
    await openTables(page);
    await openTable(page, 'Customers');
    const tableUrl = page.url();
    const picker = await openOrdersPicker(page);
    // Pinned by its id: "the first unselected option" is another one once this is picked.
    const optionId = await picker.locator('[role="option"][aria-selected="false"]').first().getAttribute('id');
    const option = picker.locator(`[id="${optionId}"]`);
    const title = (await option.locator('.ws-pick-name').textContent()) ?? '';
    expect(title).not.toBe('');
    await holdWorkspaceWrites(page);
    await option.click();
    // The pick's own write waits behind the held transaction; only the journal can have it.
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await expect.poll(() => journalledPicks(page)).toBe(1);
    page = await browser.killAndRestart();
    await openSignedIn(page, tableUrl, cell(page, 3, 'Contact'));
    // The cell shows three chips and "+n": the picker says what is linked.
    const after = await openOrdersPicker(page);
    await expect(after.locator('[role="option"][aria-selected="true"]').filter({ hasText: title })).toHaveCount(1);
    await expect(page.getByTestId('held-edits')).toHaveCount(0);
  } finally {
    await browser.dispose();
  }
});
