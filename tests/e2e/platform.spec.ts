/**
 * The open platform's keys in Chromium with the real server (issue 15): the built app and the API
 * on one origin (scripts/serve.mjs --api, PGlite in a temp folder). A signed-in owner sees the
 * team on /o, creates an API key (its secret shown once), an outside system (this test) renders an
 * invoice PDF with it, the screen shows the key's last use, and a deleted key is refused. Then a
 * key limited to one document and to rendering, with an expiry (#33): its scope on the screen, a
 * creation refused (403), a render answered, its last render shown.
 */
import { invoiceDataSource, invoiceTemplateContent, invoiceValues } from '../fixtures/platform';
import { type ApiServer, apiPort, callApi, startApiServer } from './api-server';
import { expect as baseExpect, test } from './fixtures';

const expect = baseExpect.configure({ timeout: 30_000 });
const PORT = apiPort('QUIRE_E2E_PLATFORM_PORT', 21);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const EMAIL = `platform.${Date.now()}@example.test`;
const PASSWORD = 'correct horse battery';

let server: ApiServer | undefined;

test.use({ baseURL: ORIGIN });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await startApiServer({ port: PORT, name: 'platform' });
});

test.afterAll(async () => {
  await server?.stop();
});

const api = (path: string, init?: Parameters<typeof callApi>[2]) => callApi(ORIGIN, path, init);

test('an owner creates an API key on its screen, an outside system renders a PDF with it, a deleted key is refused', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The account and its team document exist already (made through the API, as an admin script would).
  const registered = await (
    await api('/api/auth/register', { method: 'POST', body: { email: EMAIL, password: PASSWORD, name: 'Ann' } })
  ).json();
  const token = registered.data.token as string;
  const [team] = (await (await api('/api/teams', { token })).json()).data;
  const doc = (
    await (
      await api(`/api/teams/${team.id}/docs`, {
        method: 'POST',
        token,
        body: { name: 'Invoices', dataSource: invoiceDataSource },
      })
    ).json()
  ).data;
  const docBase = `/api/teams/${team.id}/docs/${doc.id}`;
  const template = (
    await (
      await api(`${docBase}/templates`, {
        method: 'POST',
        token,
        body: { name: 'Invoice', content: invoiceTemplateContent },
      })
    ).json()
  ).data;

  await page.goto('/sync');
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(`Connected as ${EMAIL}`)).toBeVisible();

  await page.goto('/o');
  await expect(page.getByRole('heading', { level: 1, name: 'Your teams' })).toBeVisible();
  const teamRow = page.getByTestId('team-list').getByRole('listitem').filter({ hasText: 'Ann' });
  await teamRow.getByRole('link', { name: 'API keys' }).click();
  await expect(page).toHaveURL(new RegExp(`/o/${team.id}/api-keys$`));
  await expect(page.getByText('This team has no API keys.')).toBeVisible();

  await page.getByLabel('Description').fill('ERP');
  await page.getByRole('button', { name: 'Create key' }).click();
  const secret = page.getByTestId('new-api-key');
  await expect(secret).toHaveText(/^qk_[A-Za-z0-9_-]{43}$/);
  const key = (await secret.textContent()) ?? '';
  // Issue 29 item 9: the one-time secret has a Copy button that puts it on the clipboard.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await page.getByRole('button', { name: 'Done' }).click();
  const row = page.getByTestId('api-key-list').getByRole('row', { name: /ERP/ });
  await expect(row).toContainText(key.slice(0, 7));
  await expect(row).toContainText('Never');
  await expect(page.getByText(key)).toHaveCount(0);

  // The outside system: an instance of plain values, rendered to a PDF with the key.
  const instance = await api(`${docBase}/instances`, { method: 'POST', key, body: { data: invoiceValues } });
  expect(instance.status).toBe(200);
  const instanceId = (await instance.json()).data.id;
  const pdf = await api(`${docBase}/instances/${instanceId}/render?templateId=${template.id}`, {
    method: 'POST',
    key,
    body: { targetType: 'pdf' },
  });
  expect(pdf.status).toBe(200);
  expect(pdf.headers.get('content-type')).toBe('application/pdf');
  expect(
    Buffer.from(await pdf.arrayBuffer())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  await page.reload();
  await expect(row).not.toContainText('Never');

  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByTestId('confirm-dialog-ok').click();
  await expect(page.getByText('This team has no API keys.')).toBeVisible();
  const refused = await api(`${docBase}/instances`, { key });
  expect(refused.status).toBe(401);

  // #33 item 4: a key limited to this document and to rendering, with an expiry day.
  await page.getByLabel('Description').fill('Printer');
  await page.getByLabel('Only these documents').check();
  await page.getByLabel('Invoices').check();
  for (const action of ['Read instances', 'Create instances', 'Delete instances'])
    await page.getByLabel(action).uncheck();
  await page.getByLabel('Expires on').fill('2099-12-31');
  await page.getByRole('button', { name: 'Create key' }).click();
  const scoped = (await page.getByTestId('new-api-key').textContent()) ?? '';
  await page.getByRole('button', { name: 'Done' }).click();
  const scopedRow = page.getByTestId('api-key-list').getByRole('row', { name: /Printer/ });
  await expect(scopedRow).toContainText('Invoices');
  await expect(scopedRow).toContainText('Render');
  await expect(scopedRow).not.toContainText('Create instances');
  await expect(scopedRow.getByTestId('key-expiry')).toContainText('Expires');
  // Outside its actions: refused; inside them: the PDF, and the screen shows the render's last use.
  expect(
    (await api(`${docBase}/instances`, { method: 'POST', key: scoped, body: { data: invoiceValues } })).status,
  ).toBe(403);
  const scopedPdf = await api(`${docBase}/instances/${instanceId}/render?templateId=${template.id}`, {
    method: 'POST',
    key: scoped,
    body: { targetType: 'pdf' },
  });
  expect(scopedPdf.status).toBe(200);
  await page.reload();
  await expect(scopedRow).toContainText('Render:');
});
