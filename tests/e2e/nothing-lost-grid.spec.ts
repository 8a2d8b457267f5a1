/**
 * Issue 19, the grid with two tabs on one record: edits of different fields never conflict; an edit
 * of the cell the other tab changed meanwhile keeps the typed value visible, with "apply mine
 * anyway" and "discard mine", kept in IndexedDB until the user decides — also across a reload.
 */
import type { Page } from '@playwright/test';
import { expect, SCREENSHOT_DIR, test } from './fixtures';
import { lies, watchForLies } from './nothing-lost-truth';
import { cell, cellInput, openTable, openTables } from './workspace-helpers';

async function editCell(page: Page, recordIndex: number, field: string, text: string) {
  await cell(page, recordIndex, field).dblclick();
  const input = cellInput(page, recordIndex, field);
  await input.fill(text);
  await input.press('Enter');
}

/** The held edits IndexedDB keeps (settings row `workspace.heldEdits`), read directly. */
function heldInStorage(page: Page) {
  return page.evaluate(async () => {
    const open = indexedDB.open('quire');
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const row = await new Promise<{ value?: Array<{ value: unknown }> } | undefined>((resolve, reject) => {
      const request = db.transaction('settings').objectStore('settings').get('workspace.heldEdits');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    db.close();
    return (row?.value ?? []).map((edit) => edit.value);
  });
}

const indicator = (page: Page) => page.locator('[data-save-state]');

test('two tabs on one record: other fields merge, the same cell is the user’s call and kept until decided', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await openTables(page);
  await openTable(page, 'Customers');
  const other = await context.newPage();
  await other.goto(page.url());
  await expect(cell(other, 0, 'Contact')).not.toBeEmpty();
  await watchForLies(page);

  // Different fields of one record, both begun before either was saved: both land.
  await cell(page, 0, 'Contact').dblclick();
  await editCell(other, 0, 'Phone', '+1 555 0100');
  await expect(cell(page, 0, 'Phone')).toHaveText('+1 555 0100');
  const contact = cellInput(page, 0, 'Contact');
  await contact.fill('Contact from tab one');
  await contact.press('Enter');
  await expect(indicator(page)).toHaveAttribute('data-save-state', 'saved');
  await expect(page.getByTestId('held-edits')).toHaveCount(0);
  await expect(cell(other, 0, 'Contact')).toHaveText('Contact from tab one');
  await expect(cell(other, 0, 'Phone')).toHaveText('+1 555 0100');

  // The same cell: the other tab's save lands first; this tab's typed value stays, held.
  await cell(page, 1, 'Contact').dblclick();
  await editCell(other, 1, 'Contact', 'Theirs, saved first');
  await expect(cellInput(page, 1, 'Contact')).toBeVisible();
  const stale = cellInput(page, 1, 'Contact');
  await stale.fill('Mine, typed meanwhile');
  await stale.press('Enter');
  const held = page.getByTestId('held-edits');
  await expect(held).toContainText(
    '“Contact” was changed in another tab to “Theirs, saved first”. Your value “Mine, typed meanwhile” is not saved yet.',
  );
  await expect(cell(page, 1, 'Contact')).toHaveText('Mine, typed meanwhile');
  await expect(cell(page, 1, 'Contact')).toHaveClass(/conflict/);
  await expect(indicator(page)).toHaveAttribute('data-save-state', 'unsaved');
  await expect(indicator(page)).toHaveText('Not saved — your decision is needed');
  expect(await heldInStorage(page)).toEqual(['Mine, typed meanwhile']);
  await expect(cell(other, 1, 'Contact')).toHaveText('Theirs, saved first');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/nothing-lost-held-edit.png` });

  // A reload keeps it (IndexedDB, not memory).
  await page.reload();
  await expect(page.getByTestId('held-edits')).toContainText('Mine, typed meanwhile');
  await expect(cell(page, 1, 'Contact')).toHaveText('Mine, typed meanwhile');
  await watchForLies(page);

  // Apply mine anyway: stored on top of theirs, both tabs show it, nothing held any more.
  await page.getByTestId('held-edits').getByRole('button', { name: 'Apply mine anyway' }).click();
  await expect(page.getByTestId('held-edits')).toHaveCount(0);
  await expect(indicator(page)).toHaveAttribute('data-save-state', 'saved');
  await expect(cell(other, 1, 'Contact')).toHaveText('Mine, typed meanwhile');
  await expect.poll(() => heldInStorage(page)).toEqual([]);

  // Discard mine: the cell shows theirs again.
  await cell(page, 2, 'Contact').dblclick();
  await editCell(other, 2, 'Contact', 'Theirs again');
  const second = cellInput(page, 2, 'Contact');
  await second.fill('Mine, to be discarded');
  await second.press('Enter');
  await expect(page.getByTestId('held-edits')).toContainText('Mine, to be discarded');
  await page.getByTestId('held-edits').getByRole('button', { name: 'Discard mine' }).click();
  await expect(cell(page, 2, 'Contact')).toHaveText('Theirs again');
  await expect(page.getByTestId('held-edits')).toHaveCount(0);
  await expect.poll(() => heldInStorage(page)).toEqual([]);

  expect(await lies(page), 'the indicator said saved while something was not').toEqual([]);
});
