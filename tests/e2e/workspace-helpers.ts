import type { Page } from '@playwright/test';
import { expect } from './fixtures';

// Steps shared by the workspace journeys.

/** /baseplugin needs a login; the local one is enough for the workspace. */
export async function openTables(page: Page) {
  await page.goto('/baseplugin/t');
  const local = page.getByRole('button', { name: 'Continue on this device' });
  const heading = page.getByRole('heading', { name: 'Your tables' });
  await expect(local.or(heading)).toBeVisible();
  if (await local.isVisible()) await local.click();
  await expect(heading).toBeVisible();
}

export async function openTable(page: Page, name: string) {
  await page.getByRole('link', { name: new RegExp(`^${name} \\d`) }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

export function row(page: Page, recordIndex: number) {
  return page.locator(`[role="row"][aria-rowindex="${recordIndex + 2}"]`);
}

export function cell(page: Page, recordIndex: number, field: string) {
  return row(page, recordIndex).locator(`[role="gridcell"][data-field="${field}"]`);
}

/** A cell's open editor: an input inside the cell, or a text cell's box over the grid (one at a time). */
export function cellInput(page: Page, recordIndex: number, field: string) {
  return cell(page, recordIndex, field).locator('input').or(page.locator('textarea.ws-long-text'));
}
