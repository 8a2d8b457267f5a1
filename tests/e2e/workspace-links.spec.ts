import type { Page } from '@playwright/test';
import { expect, SCREENSHOT_DIR, test } from './fixtures';
import { cell, openTable, openTables, row } from './workspace-helpers';

async function scrollRight(page: Page) {
  await page.getByTestId('grid').evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
}

async function openPicker(page: Page, recordIndex: number, field: string) {
  const picker = page.getByRole('dialog', { name: `Choose ${field}` });
  // Right after a reload or a sideways scroll the grid may still swap in the columns it virtualises:
  // a double click whose two clicks land on two renderings of the cell is not a double click, to a
  // user either, who simply double-clicks again.
  await expect(async () => {
    if (!(await picker.isVisible())) await cell(page, recordIndex, field).dblclick({ timeout: 5_000 });
    await expect(picker).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 15_000 });
  return picker;
}

test.describe('links, people and child records in the grid', () => {
  // Each journey opens the workspace, reloads and revisits tables: more than the default 30 s on a busy machine.
  test.describe.configure({ timeout: 90_000 });

  test('pick a linked record in a cell; it is still there after a reload', async ({ page }) => {
    await openTables(page);
    await openTable(page, 'Orders');
    const picker = await openPicker(page, 0, 'Sales rep');
    // The linked table's records are listed with a line of detail; the search narrows them.
    await expect(picker.getByRole('option')).toHaveCount(12);
    await expect(picker.getByRole('option', { name: /Julia Novak/ })).toContainText('Engineering');
    await picker.getByRole('combobox').fill('juli');
    await expect(picker.getByRole('option')).toHaveCount(1);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/workspace-link-picker.png` });
    await picker.getByRole('option', { name: /Julia Novak/ }).click();
    // A single link closes on the pick.
    await expect(picker).toBeHidden();
    await expect(cell(page, 0, 'Sales rep').locator('.ws-chip')).toHaveText('Julia Novak');
    await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();

    await page.reload();
    await expect(cell(page, 0, 'Sales rep').locator('.ws-chip')).toHaveText('Julia Novak');

    // Many links: tick a line of another order, then remove it by its chip.
    await scrollRight(page);
    const lines = await openPicker(page, 1, 'Lines');
    const before = await lines.locator('.ws-pick-chip').count();
    await lines.getByRole('combobox').fill('SO-2025-1010 / 1');
    await lines.getByRole('option', { name: /SO-2025-1010 \/ 1/ }).click();
    await expect(lines.locator('.ws-pick-chip')).toHaveCount(before + 1);
    await expect(lines.getByRole('option', { name: /SO-2025-1010 \/ 1/ })).toHaveAttribute('aria-selected', 'true');
    await page.screenshot({ path: `${SCREENSHOT_DIR}/workspace-link-picker-many.png` });
    await lines.getByRole('button', { name: 'Unlink SO-2025-1010 / 1' }).click();
    await expect(lines.locator('.ws-pick-chip')).toHaveCount(before);
    await lines.getByRole('button', { name: 'Done' }).click();
    await expect(lines).toBeHidden();
  });

  test('a two-way link shows on the other table', async ({ page }) => {
    await openTables(page);
    await openTable(page, 'Orders');
    await expect(cell(page, 0, 'Customer').locator('.ws-chip')).toHaveText('Baltic Amber Jewelry');
    // Typing on a link cell opens its picker with what was typed as the first search.
    await cell(page, 0, 'Customer').click();
    await page.keyboard.press('n');
    const picker = page.getByRole('dialog', { name: 'Choose Customer' });
    await expect(picker.getByRole('combobox')).toHaveValue('n');
    await picker.getByRole('combobox').fill('northwind');
    await picker.getByRole('option', { name: /Northwind Traders/ }).click();
    await expect(cell(page, 0, 'Customer').locator('.ws-chip')).toHaveText('Northwind Traders');

    await page.getByRole('link', { name: /All tables/ }).click();
    await openTable(page, 'Customers');
    await expect(cell(page, 0, 'Company')).toHaveText('Northwind Traders');
    await scrollRight(page);
    const orders = await openPicker(page, 0, 'Orders');
    await expect(orders.getByRole('button', { name: 'Unlink SO-2025-1001' })).toBeVisible();
    await orders.getByRole('button', { name: 'Done' }).click();
    // …and the customer it left no longer lists it.
    const baltic = page.locator('[role="row"]', { hasText: 'Baltic Amber Jewelry' });
    // Selected with a click and opened with Enter (a double-click on a row the grid has just scrolled
    // into view can land on a row being re-rendered: noted in the session's closing note).
    await baltic.locator('[data-field="Orders"]').click();
    await page.keyboard.press('Enter');
    const left = page.getByRole('dialog', { name: 'Choose Orders' });
    await expect(left).toBeVisible();
    await expect(left.getByRole('button', { name: 'Unlink SO-2025-1001' })).toHaveCount(0);
  });

  test('set a user cell from the base’s people, or add a person', async ({ page }) => {
    await openTables(page);
    await openTable(page, 'Customers');
    await scrollRight(page);
    const picker = await openPicker(page, 0, 'Account manager');
    await expect(picker.getByRole('option')).toHaveCount(12);
    await picker.getByRole('combobox').fill('ben');
    await picker.getByRole('option', { name: /Ben Carter/ }).click();
    await expect(picker).toBeHidden();
    await expect(cell(page, 0, 'Account manager')).toHaveText(/Ben Carter/);

    // Someone new: a malformed e-mail is refused with a message, then the person is added and set.
    const again = await openPicker(page, 1, 'Account manager');
    await again.getByRole('button', { name: '+ Add a person' }).click();
    await again.getByLabel('Name').fill('Rosa Díaz');
    await again.getByLabel('E-mail (optional)').fill('rosa@');
    await again.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(again.getByText('This e-mail address does not look right.')).toBeVisible();
    // A typing mistake is not a failed save.
    await expect(page.getByText('Not saved')).toHaveCount(0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/workspace-people-picker.png` });
    await again.getByLabel('E-mail (optional)').fill('rosa@example.com');
    await again.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(again).toBeHidden();
    await expect(cell(page, 1, 'Account manager')).toHaveText(/Rosa Díaz/);

    await page.reload();
    await scrollRight(page);
    await expect(cell(page, 0, 'Account manager')).toHaveText(/Ben Carter/);
    await expect(cell(page, 1, 'Account manager')).toHaveText(/Rosa Díaz/);
    // The new person is now one of the base's people.
    const third = await openPicker(page, 2, 'Account manager');
    await expect(third.getByRole('option')).toHaveCount(13);
    await expect(third.getByRole('option', { name: /Rosa Díaz/ })).toContainText('rosa@example.com');
  });

  test('expand an order’s child lines, edit one and add one', async ({ page }) => {
    await openTables(page);
    await openTable(page, 'Orders');
    await row(page, 0).hover();
    await row(page, 0).getByRole('button', { name: 'Open the linked records of row 1' }).click();
    const panel = page.getByRole('complementary', { name: 'Linked records of SO-2025-1001' });
    await expect(panel).toBeVisible();
    const lines = panel.locator('section[data-field="Lines"] tbody tr');
    const count = await lines.count();
    expect(count).toBeGreaterThan(0);
    await expect(lines.first().locator('td[data-field="Line"]')).toHaveText('SO-2025-1001 / 1');

    // Edit a child cell in place.
    await lines.first().locator('td[data-field="Quantity"]').click();
    const quantity = lines.first().locator('td[data-field="Quantity"] input');
    await quantity.fill('7');
    await quantity.press('Tab');
    await expect(lines.first().locator('td[data-field="Quantity"]')).toHaveText('7');

    // Add a line: created in Order lines, linked to this order.
    await panel.getByRole('button', { name: '+ New record in Order lines' }).click();
    await expect(lines).toHaveCount(count + 1);
    const name = lines.last().locator('td[data-field="Line"] input');
    await expect(name).toBeFocused();
    await name.fill('SO-2025-1001 / gift wrap');
    await name.press('Tab');
    await expect(lines.last().locator('td[data-field="Line"]')).toHaveText('SO-2025-1001 / gift wrap');
    await page.screenshot({ path: `${SCREENSHOT_DIR}/workspace-child-lines.png` });
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();

    await openTables(page);
    await openTable(page, 'Order lines');
    const added = page.locator('[role="row"]', { hasText: 'SO-2025-1001 / gift wrap' });
    await page.getByTestId('grid').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect(added.locator('[data-field="Order"] .ws-chip')).toHaveText('SO-2025-1001');
  });
});
