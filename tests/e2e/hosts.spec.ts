/**
 * Quire embedded in the reference host (examples/reference-host) on a second origin, with Quire
 * served with that origin as its only host (frame-ancestors and /quire-hosts.json). The host's
 * data comes through the protocol; a third origin posts forged messages.
 */
import { readFile } from 'node:fs/promises';
import { type Browser, type BrowserContext, expect, type FrameLocator, type Page, test } from '@playwright/test';
import { startHostDemo } from '../../scripts/host-demo.mjs';
import { pdfText } from './pdf';

// Three origins beside the suite's own server: Quire with its host configured, the host, a forger.
const BASE_PORT = Number(process.env.QUIRE_E2E_PORT ?? 4173);
let demo: Awaited<ReturnType<typeof startHostDemo>>;

test.beforeAll(async () => {
  // Quire's server (TypeScript through tsx, an in-memory database and its migrations) starts once
  // for every journey of this file; on a loaded machine that takes a while.
  test.setTimeout(180_000);
  demo = await startHostDemo({
    quirePort: BASE_PORT + 1,
    hostPort: BASE_PORT + 2,
    forgerPort: BASE_PORT + 3,
    root: process.env.QUIRE_E2E_DIST ?? 'dist',
  });
});

test.afterAll(async () => {
  await demo?.close();
});

/**
 * Every request stays on the three local origins: nothing is fetched from anywhere else. The real
 * service worker only for the journey that goes offline (its precache costs ~10 s of CPU).
 */
async function openContext(
  browser: Browser,
  serviceWorkers: 'allow' | 'block' = 'block',
): Promise<{ context: BrowserContext; foreign: string[] }> {
  const context = await browser.newContext({ acceptDownloads: true, serviceWorkers });
  const foreign: string[] = [];
  const allowed = new Set([demo.quireOrigin, demo.hostOrigin, demo.forgerOrigin]);
  context.on('request', (request) => {
    const url = request.url();
    if (/^https?:/.test(url) && !allowed.has(new URL(url).origin)) foreign.push(url);
  });
  return { context, foreign };
}

function quire(page: Page): FrameLocator {
  return page.frameLocator('#quire');
}

function quireUrl(page: Page): string {
  return (
    page
      .frames()
      .find((f) => f.url().startsWith(demo.quireOrigin))
      ?.url() ?? ''
  );
}

/** Opens the host page and signs in inside Quire (the first visit on a fresh profile). */
async function openHost(page: Page, query = '') {
  await page.goto(`${demo.hostOrigin}/${query}`);
  await quire(page).getByRole('button', { name: 'Continue on this device' }).click();
}

const previewText = (page: Page) => quire(page).getByTestId('host-page-text').first();

/** The Quire frame's own page context (its origin's storage and API). */
function quireFrame(page: Page) {
  const frame = page.frames().find((f) => f.url().startsWith(demo.quireOrigin));
  if (!frame) throw new Error('no Quire frame');
  return frame;
}

/**
 * Signs up on Quire's server (the demo serves it on Quire's origin) and keeps the login where the
 * app keeps its server login, as the sign-up screen would; returns the server token.
 */
async function signUpOnServer(page: Page): Promise<string> {
  return quireFrame(page).evaluate(async () => {
    const email = `host.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.test`;
    const response = await fetch('/api/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'app-version': 'v2' },
      body: JSON.stringify({ email, password: 'correct horse battery', name: 'Host user' }),
    });
    const { data } = await response.json();
    const record = { token: data.token, tenantKey: data.tenantKey, userId: data.userId, expireAt: data.expireAt };
    localStorage.setItem('quire.login.open', JSON.stringify({ ...record, version: 'v1' }));
    return data.token as string;
  });
}

/** A call to Quire's server from inside its frame, as the signed-in user. */
function serverCall(page: Page, token: string, method: string, path: string, body?: unknown) {
  return quireFrame(page).evaluate(
    async ({ token, method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          'app-version': 'v2',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      return (await response.json()) as {
        code: number;
        data: Record<string, unknown> & { list?: Array<{ name: string }> };
      };
    },
    { token, method, path, body },
  );
}

/** An in-app navigation inside the Quire frame (the router follows history, as its links do). */
async function goTo(page: Page, href: string) {
  await quireFrame(page).evaluate((target) => {
    history.pushState({}, '', target);
    dispatchEvent(new PopStateEvent('popstate'));
  }, href);
}

const baseToken = (page: Page) =>
  quireFrame(page).evaluate(
    () => JSON.parse(localStorage.getItem('quire.v2.base.bseNorthwind') ?? '{}').baseAccessToken as string,
  );

test('the reference host embeds Quire: templates on the server, a record followed by the preview and the editor, printed offline, the edit lock, a table change followed', async ({
  browser,
}) => {
  // The first render starts the typesetter (WebAssembly): generous, bounded waits for a loaded machine.
  test.setTimeout(300_000);
  const { context, foreign } = await openContext(browser, 'allow');
  const page = await context.newPage();
  await openHost(page);
  await expect(quire(page).getByRole('heading', { name: 'Orders' })).toBeVisible({ timeout: 20_000 });
  // Not signed in to a server: the base's templates stay on this device.
  await expect(quire(page).getByTestId('host-templates-sync')).toHaveAttribute('data-status', 'device');
  // Signed in to Quire's server, the base's templates are kept there too.
  const session = await signUpOnServer(page);
  await page.reload();

  // /baseplugin → the host's current table.
  await expect(quire(page).getByRole('heading', { name: 'Orders' })).toBeVisible({ timeout: 20_000 });
  expect(quireUrl(page)).toContain('/baseplugin/t/tblOrders');
  await expect(page.locator('#status')).toHaveText(`Connected to ${demo.quireOrigin}`);
  await expect(quire(page).getByTestId('host-records')).toContainText('SO-1002');
  // The base was made from the demo: the demo's order templates were restored into its Orders table,
  // and the table's templates reached the server (through /api/print-templates, with the base token).
  const templates = quire(page).getByTestId('host-templates');
  await expect(templates).toContainText('Invoice', { timeout: 20_000 });
  await expect(templates).toContainText('Packing slip');
  await expect(quire(page).getByTestId('host-templates-sync')).toHaveAttribute('data-status', 'synced', {
    timeout: 20_000,
  });
  const token = await baseToken(page);
  expect(token).toMatch(/^bt_/);
  const listed = await serverCall(
    page,
    session,
    'GET',
    `/api/print-templates?baseId=bseNorthwind&baseAccessToken=${token}`,
  );
  expect(listed.data.list?.map((t) => t.name).sort()).toEqual(['Invoice', 'Packing slip']);
  // The server checks the base token: another one is refused with body code 3021.
  const forged = await serverCall(
    page,
    session,
    'GET',
    `/api/print-templates?baseId=bseNorthwind&baseAccessToken=bt_${'0'.repeat(32)}`,
  );
  expect(forged.code).toBe(3021);

  // A new template prints the record selected in the host.
  await quire(page).getByRole('button', { name: 'New template' }).click();
  await expect(quire(page).getByTestId('host-record')).toContainText('SO-1001');
  await expect(previewText(page)).toContainText('SO-1001', { timeout: 120_000 });
  await expect(previewText(page)).toContainText('Alice Chen');

  // Selecting another record in the host: the preview follows.
  await page.locator('tr[data-record="recO2"]').click();
  await expect(previewText(page)).toContainText('SO-1002', { timeout: 60_000 });
  await expect(previewText(page)).toContainText('Bruno Díaz');

  // The editor's own live preview prints the host's records too, the selected one first.
  const templateId = decodeURIComponent(quireUrl(page).split('/preview/')[1] ?? '');
  expect(templateId).not.toBe('');
  await quire(page).getByRole('link', { name: 'Back to the table' }).click();
  await templates.locator('li', { hasText: 'Template for Orders' }).getByRole('link', { name: 'Edit' }).click();
  // In a frame narrower than 1500 px the live preview starts folded: open it, as a user would.
  const livePreview = quire(page).getByRole('button', { name: 'Live preview', exact: true });
  await expect(livePreview).toBeVisible({ timeout: 20_000 });
  if ((await livePreview.getAttribute('aria-pressed')) !== 'true') await livePreview.click();
  await expect(livePreview).toHaveAttribute('aria-pressed', 'true');
  await expect(quire(page).getByTestId('preview-text')).toContainText('SO-1002', { timeout: 120_000 });
  await quire(page).getByRole('combobox', { name: 'Record' }).selectOption({ label: 'SO-1003' });
  await expect(quire(page).getByTestId('preview-text')).toContainText('Chen Wei', { timeout: 60_000 });
  // The new template reached the server as well.
  await expect
    .poll(
      async () =>
        (await serverCall(page, session, 'GET', `/api/print-templates?baseId=bseNorthwind&baseAccessToken=${token}`))
          .data.list?.length,
    )
    .toBe(3);
  await page.locator('tr[data-record="recO2"]').click();
  await goTo(page, `/baseplugin/t/tblOrders/preview/${encodeURIComponent(templateId)}`);
  await expect(previewText(page)).toContainText('SO-1002', { timeout: 60_000 });

  // Offline: the host's data still comes through the bridge, the document is made on the device.
  await context.setOffline(true);
  await page.locator('tr[data-record="recO3"]').click();
  await expect(quire(page).getByTestId('host-offline')).toBeVisible();
  await expect(previewText(page)).toContainText('SO-1003', { timeout: 60_000 });
  const downloading = page.waitForEvent('download');
  await quire(page).getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = await readFile(await download.path());
  expect(pdfText(bytes)).toContain('SO-1003');
  expect(pdfText(bytes)).toContain('Chen Wei');
  await context.setOffline(false);

  // The edit lock is the server's (/api/print/base/{baseId}/config): locked, the templates open read-only.
  await quire(page).getByRole('link', { name: 'Back to the table' }).click();
  await quire(page).getByRole('button', { name: 'Lock editing' }).click();
  await expect(quire(page).getByTestId('host-locked')).toBeVisible();
  await expect(quire(page).getByRole('button', { name: 'New template' })).toBeDisabled();
  await expect(templates.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  const config = await serverCall(
    page,
    session,
    'GET',
    `/api/print/base/bseNorthwind/config?tableId=tblOrders&baseAccessToken=${token}`,
  );
  expect(config.data).toMatchObject({ editLock: true, docManage: true });
  await goTo(page, `/baseplugin/t/editor/${encodeURIComponent(templateId)}`);
  await expect(quire(page).getByTestId('host-locked')).toBeVisible({ timeout: 20_000 });
  await expect(quire(page).getByTestId('preview-text')).toHaveCount(0);
  // Read-only, it still prints the record selected in the host.
  await expect(previewText(page)).toContainText('SO-1003', { timeout: 60_000 });

  // The host shows another table: Quire goes there.
  await page.getByRole('button', { name: 'Customers' }).click();
  await expect(quire(page).getByRole('heading', { name: 'Customers' })).toBeVisible({ timeout: 10_000 });
  expect(quireUrl(page)).toContain('/baseplugin/t/tblCustomers');

  expect(foreign, 'requests to another origin').toEqual([]);
  await context.close();
});

test('messages posted by a third origin change nothing', async ({ browser }) => {
  test.setTimeout(90_000);
  const { context, foreign } = await openContext(browser);
  const page = await context.newPage();
  await openHost(page, `?forger=${encodeURIComponent(`${demo.forgerOrigin}/forger.html`)}`);
  await expect(quire(page).getByRole('heading', { name: 'Orders' })).toBeVisible({ timeout: 20_000 });

  // The forger keeps claiming the host selected another table and answering requests it never saw.
  const forger = page.frames().find((f) => f.url().startsWith(demo.forgerOrigin));
  expect(forger).toBeDefined();
  await expect.poll(() => forger?.title(), { timeout: 10_000 }).toBe('posted 30');
  // Still the host's table; and the host's own selection still works afterwards.
  await expect(quire(page).getByRole('heading', { name: 'Orders' })).toBeVisible();
  expect(quireUrl(page)).toContain('/baseplugin/t/tblOrders');
  await page.locator('tr[data-record="recO2"]').click();
  await expect(quire(page).locator('li[aria-current="true"]')).toContainText('SO-1002', { timeout: 20_000 });
  expect(foreign, 'requests to another origin').toEqual([]);
  await context.close();
});

test('two tabs opening a new base: one creates the base token, the other waits for it', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  // The first tab's host holds record writes until released: that tab holds the token lock meanwhile.
  const first = await context.newPage();
  await openHost(first, '?holdWrites=1');
  await expect(quire(first).getByTestId('base-preparing')).toBeVisible({ timeout: 15_000 });

  const second = await context.newPage();
  // Not waiting for the page's load event (it waits for Quire's frame): the lock is held meanwhile.
  await second.goto(`${demo.hostOrigin}/`, { waitUntil: 'commit' });
  await expect(quire(second).getByTestId('base-token-waiting')).toBeVisible({ timeout: 20_000 });
  await first.evaluate(() => (window as unknown as { releaseWrites(): void }).releaseWrites());

  await expect(quire(first).getByRole('heading', { name: 'Orders' })).toBeVisible({ timeout: 40_000 });
  await expect(quire(second).getByRole('heading', { name: 'Orders' })).toBeVisible({ timeout: 20_000 });
  // One token for the base, written by the first tab, used by both.
  const tokenIn = (page: Page) =>
    page
      .frames()
      .find((f) => f.url().startsWith(demo.quireOrigin))
      ?.evaluate(() => JSON.parse(localStorage.getItem('quire.v2.base.bseNorthwind') ?? '{}').baseAccessToken);
  const token = await tokenIn(first);
  expect(token).toMatch(/^bt_/);
  expect(await tokenIn(second)).toBe(token);
  await context.close();
});

test('the approval host: the instance it supplies printed, in the approval languages', async ({ browser }) => {
  test.setTimeout(240_000);
  const { context, foreign } = await openContext(browser);
  const page = await context.newPage();
  // zh-TW is not an approval language: the approval screens fall back to zh-CN.
  // The host frames /approval-entry: Quire asks it for its context and opens that instance.
  await page.goto(`${demo.hostOrigin}/?mode=approval&lang=zh-TW`);
  await expect(quire(page).getByRole('heading', { name: '审批实例 INS001' })).toBeVisible({ timeout: 30_000 });
  expect(quireUrl(page)).toContain('/approval/preview/INS001');

  // Japanese: a starter template of the form's fields prints the instance from the host.
  await page.goto(`${demo.hostOrigin}/?mode=approval&lang=ja-JP`);
  await expect(quire(page).getByRole('heading', { name: '申請 INS001' })).toBeVisible({ timeout: 30_000 });
  await quire(page).getByRole('button', { name: '新しいテンプレート' }).click();
  await expect(previewText(page)).toContainText('Standing desks', { timeout: 120_000 });
  await expect(previewText(page)).toContainText('Four desks for the new team.');

  // Another instance chosen in the host: Quire opens its preview with the same template.
  await page.locator('button[data-instance="INS002"]').click();
  await expect(quire(page).getByRole('heading', { name: '申請 INS002' })).toBeVisible({ timeout: 30_000 });
  await expect(previewText(page)).toContainText('Laptop stands', { timeout: 60_000 });
  expect(foreign, 'requests to another origin').toEqual([]);
  await context.close();
});
