/** Steps the account journeys share: signing up on `/login`, and a new owner with a team of their own. */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

export interface Person {
  name: string;
  email: string;
  password: string;
}

/** Fills the sign-up form that is open on the page and sends it. */
export async function signUp(page: Page, who: Person) {
  await page.getByLabel('Name').fill(who.name);
  await page.getByLabel('Email', { exact: true }).fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** Signs up on `/login`, creates a team and answers its id (the page is on its members screen). */
export async function ownerWithTeam(page: Page, who: Person, teamName: string): Promise<string> {
  await page.goto('/login');
  await page.getByRole('button', { name: 'No account yet? Create one' }).click();
  await signUp(page, who);
  await expect(page.getByRole('heading', { level: 1, name: 'Your teams' })).toBeVisible({ timeout: 30_000 });
  // The header names the person, never an internal id (issue 29).
  await expect(page.getByTestId('signed-in-as')).toContainText(who.name);
  await expect(page.getByTestId('signed-in-as')).toContainText(who.email);
  await expect(page.getByTestId('signed-in-as')).not.toContainText('usr_');
  await page.getByLabel('New team').fill(teamName);
  await page.getByRole('button', { name: 'Create team' }).click();
  await expect(page).toHaveURL(/\/o\/team_[^/]+\/settings\/members$/, { timeout: 30_000 });
  return new URL(page.url()).pathname.split('/')[2] as string;
}
