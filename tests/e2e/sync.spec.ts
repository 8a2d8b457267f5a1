/**
 * Sync with the real server (issue 14): the built app and the API on one origin (scripts/serve.mjs
 * --api, PGlite in a temporary folder, 127.0.0.1). Two browser profiles connect, link their demo
 * workspace to one team document and share a template; one goes offline and edits while the other
 * edits online; back online, the refused write opens the conflict dialog and "keep mine" wins on both;
 * then a release is published with a note, the draft changes, and "reset to this release" brings it back.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { type ApiServer, apiPort, startApiServer } from './api-server';
import { canvas, dismissGuidance, insert, LIST, openList } from './editor-helpers';
import { expect as baseExpect, test } from './fixtures';

// Each step waits longer than the suite's default: two browsers, a server and the editor share the machine.
const expect = baseExpect.configure({ timeout: 30_000 });

// Beside the app's port; not +17 (4190 is on the Fetch standard's list of ports browsers refuse).
const PORT = apiPort('QUIRE_E2E_SYNC_PORT', 20);
const ORIGIN = `http://127.0.0.1:${PORT}`;
// The suite's own app server (static, no API): an app on another origin that the server allows (CORS).
const APP_ORIGIN = `http://127.0.0.1:${process.env.QUIRE_E2E_PORT ?? 4173}`;
const EMAIL = `sync.${Date.now()}@example.test`;
const PASSWORD = 'correct horse battery';
const NAME = 'Untitled template';

let server: ApiServer | undefined;

test.use({ baseURL: ORIGIN });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await startApiServer({ port: PORT, name: 'sync', env: { QUIRE_CORS_ORIGINS: APP_ORIGIN } });
});

test.afterAll(async () => {
  await server?.stop();
});

const card = (page: Page, name = NAME) =>
  page.locator('li.tpl-card', { has: page.getByRole('heading', { name, exact: true }) });
const badge = (page: Page) => card(page).locator('.sync-badge');
const textBox = (page: Page) => canvas(page).getByRole('textbox', { name: 'Text' }).first();
const saved = (page: Page) => expect(page.locator('[data-save="saved"]')).toBeVisible({ timeout: 20_000 });

/** Cuts the network once the service worker (which precaches before it activates) controls the page. */
async function goOffline(page: Page, context: BrowserContext) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
    }
  });
  await context.setOffline(true);
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
}

async function typeAtEnd(page: Page, text: string) {
  await textBox(page).click();
  await page.keyboard.press('End');
  await page.keyboard.type(text);
}

/** Connects this profile to the server and links its demo workspace (a new document, or the one named like it). */
async function connect(page: Page, mode: 'up' | 'in') {
  await openList(page);
  await page.getByRole('link', { name: 'Sync with a server…' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sync with a server' })).toBeVisible();
  if (mode === 'up') await page.getByRole('button', { name: 'I need an account' }).click();
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  if (mode === 'up') await page.getByLabel('Your name').fill('Ann');
  await page.getByRole('button', { name: mode === 'up' ? 'Create an account' : 'Sign in' }).click();
  await expect(page.getByText(`Connected as ${EMAIL}`)).toBeVisible();
  // The header names the same account the sync screen is connected as (issue 29 item 10).
  await expect(page.getByTestId('signed-in-as')).toContainText(EMAIL);
  await expect(page.getByTestId('signed-in-as')).not.toContainText('On this device');
  const demo = page.locator('li.sync-base[data-base="demo-base"]');
  const choice = demo.getByLabel('Sync with');
  if (mode === 'in') await expect(choice.locator('option:checked')).toHaveText('Demo workspace');
  else await expect(choice.locator('option:checked')).toHaveText('A new team document');
  await demo.getByRole('button', { name: 'Start syncing' }).click();
  await expect(demo.getByTestId('sync-linked')).toHaveText('Syncs with the team document “Demo workspace”');
}

test('two profiles share a template through the server: offline edit, conflict, keep mine, publish, reset', async ({
  page,
  browser,
}) => {
  // Generous for a loaded machine (journeys and builds running side by side slow every step several times).
  test.setTimeout(600_000);
  page.on('pageerror', (e) => console.log('[pageerror A]', e.message));

  // A signs up, links its workspace, and writes a template.
  await connect(page, 'up');
  await page.goto(LIST);
  await page.getByRole('button', { name: 'New blank template' }).click();
  await expect(page).toHaveURL(/\/baseplugin\/t\/editor\//);
  await dismissGuidance(page);
  await insert(page, 'Text');
  await typeAtEnd(page, 'Shared start.');
  await saved(page);
  const editorA = page.url();
  await page.goto(LIST);
  await expect(badge(page)).toHaveText('Synced', { timeout: 15_000 });

  // B, another browser profile, signs in to the same account and links its demo workspace too. Only
  // B goes offline: only B loads the real service worker (the journeys' default blocks it).
  const contextB: BrowserContext = await browser.newContext({
    baseURL: ORIGIN,
    locale: 'en-US',
    serviceWorkers: 'allow',
  });
  const foreign: string[] = [];
  contextB.on('request', (request) => {
    if (/^https?:/.test(request.url()) && new URL(request.url()).origin !== ORIGIN) foreign.push(request.url());
  });
  const pageB = await contextB.newPage();
  pageB.on('pageerror', (e) => console.log('[pageerror B]', e.message));
  await connect(pageB, 'in');
  await pageB.goto(LIST);
  await expect(badge(pageB)).toHaveText('Synced');
  await card(pageB).getByRole('link', { name: NAME }).click();
  await dismissGuidance(pageB);
  await expect(textBox(pageB)).toContainText('Shared start.');

  // B goes offline and edits; A edits online meanwhile, and its change reaches the server.
  await goOffline(pageB, contextB);
  await typeAtEnd(pageB, ' B offline.');
  await saved(pageB);
  // The editor itself says the change is kept here until it can be sent.
  await expect(pageB.getByTestId('editor-sync')).toContainText('Waiting to send');
  await page.goto(editorA);
  await expect(textBox(page)).toContainText('Shared start.');
  await typeAtEnd(page, ' A online.');
  await saved(page);
  await expect(page.getByTestId('editor-sync')).toHaveText('Synced', { timeout: 15_000 });
  await page.goto(LIST);
  await expect(badge(page)).toHaveText('Synced', { timeout: 15_000 });

  // Offline, B's list (reached in the app, no network) counts the changes waiting: one per save
  // the editor made while B typed.
  await pageB.locator('a.qe-back').click();
  await expect(badge(pageB)).toHaveText(/^Waiting to send · \d+ changes? waiting to be sent$/);
  await expect(pageB.getByTestId('sync-status')).toContainText('Offline');
  await expect(pageB.getByTestId('sync-waiting')).toHaveText(/^\d+ changes? waiting to be sent$/);

  // Back online: B's write was made on a version the server no longer has → the user's call.
  await contextB.setOffline(false);
  await expect(badge(pageB)).toHaveText('Conflict', { timeout: 20_000 });
  await card(pageB).getByRole('button', { name: 'Resolve conflict' }).click();
  const dialog = pageB.getByRole('dialog', { name: 'This template was changed on the server' });
  await expect(dialog.getByRole('columnheader', { name: 'On the server' })).toBeVisible();
  await expect(dialog.getByRole('columnheader', { name: 'Your version (this device)' })).toBeVisible();
  await expect(dialog).toContainText('A online');
  await expect(dialog).toContainText('B offline');
  await dialog.getByRole('button', { name: 'Keep mine', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(badge(pageB)).toHaveText('Synced', { timeout: 15_000 });

  // B publishes a release with a note.
  await card(pageB).getByRole('button', { name: 'Publish', exact: true }).click();
  await card(pageB).getByLabel('Release note').fill('First release');
  await card(pageB).getByRole('button', { name: 'Publish release' }).click();
  const releasesB = card(pageB).getByRole('region', { name: 'Releases' });
  await expect(releasesB.getByRole('listitem').filter({ hasText: 'Release 1' })).toContainText('First release', {
    timeout: 15_000,
  });
  await contextB.close();
  expect(foreign, 'requests to another origin from B').toEqual([]);

  // A pulls B's version: mine was saved on top of theirs as the next version. A changes the draft…
  await card(page).getByRole('link', { name: NAME }).click();
  await expect(textBox(page)).toContainText('B offline', { timeout: 20_000 });
  await expect(textBox(page)).not.toContainText('A online');
  await typeAtEnd(page, ' After the release.');
  await saved(page);
  await page.goto(LIST);
  await expect(badge(page)).toHaveText('Synced', { timeout: 15_000 });

  // …then resets it to B's release.
  await card(page).getByRole('button', { name: 'Releases' }).click();
  const releasesA = card(page).getByRole('region', { name: 'Releases' });
  await expect(releasesA.getByRole('listitem').filter({ hasText: 'Release 1' })).toContainText('First release');
  await releasesA.getByRole('button', { name: 'Reset to this release' }).click();
  await expect(releasesA.getByRole('status')).toHaveText('The draft is now a copy of release 1.');
  await card(page).getByRole('link', { name: NAME }).click();
  await expect(textBox(page)).toContainText('B offline');
  await expect(textBox(page)).not.toContainText('After the release');
});

test.describe('a server on another origin', () => {
  test.use({ baseURL: APP_ORIGIN });

  test('an app served elsewhere signs in to a server on another origin that allows it', async ({
    page,
    foreignRequests,
  }) => {
    test.setTimeout(120_000);
    await page.goto('/sync');
    await expect(page.getByTestId('sync-server')).toContainText(`This site (${APP_ORIGIN})`);
    await page.getByRole('button', { name: 'Change server' }).click();
    const address = page.getByLabel('Server address');
    await address.fill('ftp://files.example');
    await address.press('Enter');
    await expect(page.getByText('Enter a server address such as https://quire.example.com.')).toBeVisible();
    await address.fill(ORIGIN);
    await page.getByRole('button', { name: 'Use this server' }).click();
    await expect(page.getByTestId('sync-server')).toContainText(`Server: ${ORIGIN}`);

    await page.getByRole('button', { name: 'I need an account' }).click();
    const email = `elsewhere.${Date.now()}@example.test`;
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('Your name').fill('Bo');
    await page.getByRole('button', { name: 'Create an account' }).click();
    await expect(page.getByText(`Connected as ${email}`)).toBeVisible();
    await expect(page.getByTestId('sync-server')).toContainText(ORIGIN);
    // The choice is this device's: it holds after a reload.
    await page.reload();
    await expect(page.getByText(`Connected as ${email}`)).toBeVisible();
    await expect(page.getByTestId('sync-server')).toContainText(ORIGIN);
    // The chosen server's API is the only other origin asked for anything; the suite's check sees the rest.
    const elsewhere = foreignRequests.filter((url) => !url.startsWith(`${ORIGIN}/api/`));
    expect(elsewhere).toEqual([]);
    foreignRequests.length = 0;
  });
});
