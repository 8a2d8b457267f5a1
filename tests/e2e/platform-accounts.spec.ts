/**
 * Accounts and teams in Chromium with the real server (#15): the built app and the API on one
 * origin (scripts/serve.mjs --api, PGlite in a temp folder). An owner signs up, creates a team and
 * an invitation link; a second user opens the link in another browser context, signs up and joins;
 * the owner makes them admin, then removes them; the owner resets the password through the link
 * the server writes to its log (no mail server), changes it again, and edits the profile.
 */
import type { Page } from '@playwright/test';
import { ownerWithTeam, signUp } from './account-helpers';
import { type ApiServer, apiPort, startApiServer } from './api-server';
import { expect as baseExpect, SCREENSHOT_DIR, test } from './fixtures';

const expect = baseExpect.configure({ timeout: 30_000 });
const PORT = apiPort('QUIRE_E2E_ACCOUNTS_PORT', 24);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const STAMP = Date.now();
const ANN = { name: 'Ann', email: `ann.${STAMP}@example.test`, password: 'correct horse battery' };
const BEA = { name: 'Bea', email: `bea.${STAMP}@example.test`, password: 'staple battery horse' };

let server: ApiServer | undefined;

test.use({ baseURL: ORIGIN });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await startApiServer({ port: PORT, name: 'accounts', env: { QUIRE_PUBLIC_URL: undefined } });
});

test.afterAll(async () => {
  await server?.stop();
});

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your teams' })).toBeVisible();
}

test('an owner invites by link, a second user joins, is made admin and removed; password reset, change and profile', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);

  // The owner signs up on /login and lands on the teams list, then creates a team.
  const teamId = await ownerWithTeam(page, ANN, 'Acme Print');
  const members = page.getByTestId('member-list');
  await expect(members.locator(`tr[data-member="${ANN.email}"]`)).toContainText('(you)');

  // No mail server here: the address field is closed and says why; the link is copied by hand.
  await expect(page.locator('#invite-email-hint')).toContainText('no mail server configured');
  await expect(page.getByLabel('Email the link to (optional)')).toBeDisabled();
  // An invitation link, shown once to copy; the list shows only its first characters.
  await page.getByRole('button', { name: 'Create link' }).click();
  const linkField = page.locator('#invite-link');
  await expect(linkField).toHaveValue(new RegExp(`^${ORIGIN}/invitation/[A-Za-z0-9_-]{32}$`));
  const link = await linkField.inputValue();
  const code = link.split('/').pop() as string;
  await expect(page.getByTestId('invitation-list')).toContainText(code.slice(0, 6));
  await page.screenshot({ path: `${SCREENSHOT_DIR}/accounts-members.png`, fullPage: true });

  // The second user, in a browser of their own, opens the link, signs up and joins.
  const other = await browser.newContext({ baseURL: ORIGIN });
  const bea = await other.newPage();
  await bea.goto(link);
  await expect(bea.getByTestId('invitation-lead')).toHaveText('Ann invited you to join “Acme Print” as member.');
  await bea.screenshot({ path: `${SCREENSHOT_DIR}/accounts-invitation.png`, fullPage: true });
  await signUp(bea, BEA);
  await expect(bea.getByText('You joined “Acme Print”.')).toBeVisible();
  await bea.goto('/o');
  await expect(bea.getByTestId('team-list')).toContainText('Acme Print');
  await bea.goto(`/o/${teamId}/settings/basic`);
  await expect(bea.getByTestId('your-role')).toHaveText('Your role: member');

  // The owner sees them, makes them admin; Bea's screen says so.
  await page.reload();
  const beaRow = members.locator(`tr[data-member="${BEA.email}"]`);
  await expect(beaRow).toContainText('Bea');
  await beaRow.getByLabel('Role of Bea').selectOption('admin');
  await expect(beaRow.getByLabel('Role of Bea')).toHaveValue('admin');
  await page.reload();
  await expect(beaRow.getByLabel('Role of Bea')).toHaveValue('admin');
  await bea.reload();
  await expect(bea.getByTestId('your-role')).toHaveText('Your role: admin');

  // The last owner cannot step down.
  await members.getByLabel('Role of Ann').selectOption('member');
  await expect(page.getByRole('alert')).toContainText('A team needs at least one owner');
  await expect(members.getByLabel('Role of Ann')).toHaveValue('owner');

  // The owner removes Bea; she no longer sees the team.
  await beaRow.getByRole('button', { name: 'Remove' }).click();
  await page.getByTestId('confirm-dialog-ok').click();
  await expect(beaRow).toHaveCount(0);
  await bea.goto('/o');
  await expect(bea.getByTestId('team-list')).not.toContainText('Acme Print');
  await other.close();

  // Reset the password through the link the server wrote to its log (no mail server configured).
  await page.goto('/logout');
  await expect(page.getByRole('heading', { name: 'You are signed out' })).toBeVisible();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByLabel('Email').fill(ANN.email);
  await page.getByRole('button', { name: 'Make a reset link' }).click();
  await expect(page.getByTestId('reset-sent')).toContainText('written to the server’s log');
  const resetLine = /password reset link for [^\n]*: (\S+)/;
  await expect
    .poll(() => resetLine.exec(server?.log() ?? '')?.[1] ?? '', { timeout: 10_000 })
    .toContain('/reset-password?token=');
  const line = resetLine.exec(server?.log() ?? '')?.[1] as string;
  expect(line.startsWith(`${ORIGIN}/reset-password?token=`)).toBe(true);
  await page.goto(line);
  await page.getByLabel('New password', { exact: true }).fill('reset pass 123');
  await page.getByLabel('New password again').fill('reset pass 123');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByText('Your password is set and you are signed in.')).toBeVisible();
  await expect(page).toHaveURL(/\/reset-password$/);
  // The link works once.
  await page.goto(line);
  await page.getByLabel('New password', { exact: true }).fill('another pass 123');
  await page.getByLabel('New password again').fill('another pass 123');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByRole('alert')).toContainText('already used or has expired');

  // Change the password with the current one, then sign in with it.
  await page.goto('/o/settings');
  await expect(page).toHaveURL(/\/o\/settings\/profile$/);
  await page.getByRole('link', { name: 'Change password' }).click();
  await page.getByLabel('Current password').fill('reset pass 123');
  await page.getByLabel('New password', { exact: true }).fill('changed pass 456');
  await page.getByLabel('New password again').fill('changed pass 456');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password is changed.')).toBeVisible();
  await page.goto('/logout');
  await expect(page.getByRole('heading', { name: 'You are signed out' })).toBeVisible();
  await signIn(page, ANN.email, 'changed pass 456');

  // Profile: a new name, and a new email (which asks for the current password).
  await page.goto('/o/settings/profile');
  await expect(page.getByLabel('Name')).toHaveValue('Ann');
  await page.getByLabel('Name').fill('Ann Lee');
  const newEmail = `ann.lee.${STAMP}@example.test`;
  await page.getByLabel('Email').fill(newEmail);
  await page.getByLabel('Current password').fill('changed pass 456');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/accounts-profile.png`, fullPage: true });
  await page.reload();
  await expect(page.getByLabel('Name')).toHaveValue('Ann Lee');
  await page.goto('/logout');
  await expect(page.getByRole('heading', { name: 'You are signed out' })).toBeVisible();
  // A /goto link goes through the sign-in and on to its in-app path.
  await page.goto(`/goto/${encodeURIComponent(`/o/${teamId}/settings/members`)}`);
  await expect(page).toHaveURL(/\/login\?target=/);
  await page.getByLabel('Email').fill(newEmail);
  await page.getByLabel('Password', { exact: true }).fill('changed pass 456');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/o/${teamId}/settings/members$`));
  await expect(members.locator(`tr[data-member="${newEmail}"]`)).toContainText('Ann Lee');
});

test('goto follows only in-app paths, through the sign-in', async ({ page }) => {
  // A sign-up and three sign-in round trips: 28 s of the default 30 on a loaded machine.
  test.setTimeout(60_000);
  await page.goto(`/goto/${encodeURIComponent('/o/settings/profile')}`);
  await expect(page).toHaveURL(/\/login\?target=%2Fo%2Fsettings%2Fprofile$/);
  for (const bad of ['https://evil.test/x', '//evil.test', '/\t/evil.test', '/goto/%2Fo']) {
    await page.goto(`/goto/${encodeURIComponent(bad)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/not found/i);
    expect(new URL(page.url()).origin).toBe(ORIGIN);
  }
});
