/**
 * A team's document screens in Chromium with the real server (issue 15): the built app and the
 * API on one origin (scripts/serve.mjs --api, PGlite in a temp folder). An owner creates a
 * document, describes its data source in the form, checks and generates sample data, makes a
 * template (opened in the editor through sync, designed on the data source's variables with the
 * sample data in the live preview) and a key; an outside system (this test) renders
 * through the API; the result shows in the playground and in the public preview, which is refused
 * once the document turns public previews off.
 */
import type { Page } from '@playwright/test';
import { invoiceTemplateContent } from '../fixtures/platform';
import { type ApiServer, apiPort, callApi, startApiServer } from './api-server';
import { canvas, dismissGuidance, insert, openLivePreview, previewText } from './editor-helpers';
import { expect as baseExpect, SCREENSHOT_DIR, test } from './fixtures';

const expect = baseExpect.configure({ timeout: 30_000 });
const PORT = apiPort('QUIRE_E2E_DOCS_PORT', 22);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const EMAIL = `docs.${Date.now()}@example.test`;
const PASSWORD = 'correct horse battery';

let server: ApiServer | undefined;

test.use({ baseURL: ORIGIN });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await startApiServer({ port: PORT, name: 'docs' });
});

test.afterAll(async () => {
  await server?.stop();
});

const api = (path: string, init?: Parameters<typeof callApi>[2]) => callApi(ORIGIN, path, init);

/** A one-block document template printing the customer and the total (what a designer would make). */
function billTemplate(): string {
  const content = JSON.parse(invoiceTemplateContent);
  const variable = (name: string) => ({ type: 'variable', name, children: [{ text: '' }] });
  content.document.pages = [
    {
      id: 'p1',
      rows: [
        {
          id: 'r1',
          columns: [
            {
              id: 'c1',
              width: 100,
              blocks: [
                {
                  id: 'b1',
                  margins: { top: 0, right: 0, bottom: 0, left: 0 },
                  width: 100,
                  style: {},
                  type: 'richText',
                  content: [
                    { type: 'paragraph', children: [{ text: 'Bill to ' }, variable('customerName')] },
                    { type: 'paragraph', children: [{ text: 'Total due ' }, variable('total')] },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
  ];
  return JSON.stringify(content);
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SCREENSHOT_DIR}/platform-docs-${name}.png`, fullPage: true });

/** Fills the variable row `index` of the fieldset `scope`. */
async function fillVariable(
  scope: ReturnType<Page['getByTestId']>,
  index: number,
  fields: { name: string; type?: string; spec?: string },
) {
  const row = scope.getByTestId('variable-row').nth(index);
  await row.getByLabel('Field name').fill(fields.name);
  if (fields.type) await row.getByLabel('Field type').selectOption(fields.type);
  if (fields.spec) await row.getByLabel('Spec', { exact: true }).selectOption(fields.spec);
}

test('a document is described, designed, rendered by an outside system, and previewed in public until that is turned off', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const registered = await (
    await api('/api/auth/register', { method: 'POST', body: { email: EMAIL, password: PASSWORD, name: 'Dora' } })
  ).json();
  const token = registered.data.token as string;
  const team = (await (await api('/api/teams', { method: 'POST', token, body: { name: 'Billing' } })).json()).data;

  await page.goto('/sync');
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(`Connected as ${EMAIL}`)).toBeVisible();

  // The team's home: no documents yet; create one from an empty data source.
  await page.goto(`/o/${team.id}`);
  await expect(page.getByText('This team has no documents yet.')).toBeVisible();
  await page.getByRole('link', { name: 'New document' }).first().click();
  await page.getByLabel('Name').fill('Bills');
  await page.getByLabel('An empty data source').check();
  await page.getByRole('button', { name: 'Create document' }).click();
  await expect(page).toHaveURL(/\/o\/[^/]+\/docs\/doc_[^/]+\/data$/);
  const docId = /\/docs\/([^/]+)\/data$/.exec(page.url())?.[1] ?? '';
  await expect(page.getByTestId('doc-name')).toHaveText('Bills');

  // The data source, through the form: a shared spec for lines, then the group's variables.
  await page.getByRole('button', { name: 'Add shared spec' }).click();
  const spec = page.getByTestId('spec-0');
  await spec.getByLabel('Spec id').fill('line');
  await spec.getByRole('button', { name: 'Add variable' }).click();
  await spec.getByRole('button', { name: 'Add variable' }).click();
  await fillVariable(spec, 0, { name: 'description' });
  await fillVariable(spec, 1, { name: 'quantity', type: 'number' });
  const group = page.getByTestId('group-0');
  for (let i = 0; i < 3; i++) await group.getByRole('button', { name: 'Add variable' }).click();
  await fillVariable(group, 0, { name: 'customerName' });
  await fillVariable(group, 1, { name: 'total', type: 'number' });
  await fillVariable(group, 2, { name: 'lines', type: 'list', spec: 'line' });
  // A name a template could not address is refused before saving.
  await fillVariable(group, 0, { name: 'customer name' });
  await expect(page.getByTestId('source-issues')).toContainText('groups[0].variables[0].fieldName');
  await expect(page.getByRole('button', { name: 'Save data source' })).toBeDisabled();
  await fillVariable(group, 0, { name: 'customerName' });
  await expect(page.getByTestId('source-issues')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save data source' }).click();
  await expect(page.getByText('Data source saved.')).toBeVisible();

  // Sample data: each mismatch listed; then generated from the data source, which fits.
  const sample = page.getByTestId('sample-json');
  await sample.fill(JSON.stringify({ customerName: 'ACME', total: 'lots', lines: [{ quantity: 'two' }], extra: 1 }));
  await expect(page.getByTestId('sample-status')).toHaveText('3 fields do not fit the data source:');
  const issues = page.getByTestId('sample-issues');
  await expect(issues).toContainText('total');
  await expect(issues).toContainText('lines[0].quantity');
  await expect(issues).toContainText('extra');
  await shot(page, 'data-mismatch');
  await page.getByRole('button', { name: 'Generate sample data' }).click();
  await expect(page.getByTestId('sample-status')).toHaveText('The sample data fits the data source.');
  const generated = JSON.parse(await sample.inputValue());
  expect(Array.isArray(generated.lines)).toBe(true);
  expect(generated.lines.length).toBeGreaterThanOrEqual(1);
  expect(generated.lines.length).toBeLessThanOrEqual(10);
  await page.getByRole('button', { name: 'Save sample data' }).click();
  await expect(page.getByText('Sample data saved.')).toBeVisible();
  await shot(page, 'data');

  // A template: created on its tab, opened in the editor through sync.
  await page.getByRole('link', { name: 'Templates' }).click();
  await expect(page.getByText('No templates yet: create one below.')).toBeVisible();
  await page.getByLabel('Kind').selectOption('document');
  await page.getByRole('textbox', { name: 'Name' }).fill('Bill');
  await page.getByRole('button', { name: 'Create template' }).click();
  const templateRow = page.getByTestId('template-list').getByRole('row', { name: /Bill/ });
  await expect(templateRow).toContainText('Not published');
  const templateId = (await templateRow.getAttribute('data-template')) ?? '';
  await shot(page, 'templates');
  await templateRow.getByRole('link', { name: 'Open in editor' }).click();
  await expect(page).toHaveURL(new RegExp(`/docs/${docId}/templates/${templateId}$`));
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Bill', { timeout: 60_000 });
  await expect(page.getByTestId('editor-sync').locator('[data-sync-state]')).toHaveAttribute(
    'data-sync-state',
    'synced',
  );

  // The editor designs on the document's data source, not on the linked workspace (which has no
  // table): the variables an API caller sends, in the data source's group, a list offered whole.
  await dismissGuidance(page);
  await expect(page.locator('[data-binding="doc"]')).toContainText('Document · Bills');
  const fields = page.getByRole('complementary', { name: 'Fields' });
  await expect(fields.getByRole('heading', { name: 'Main', exact: true })).toBeVisible();
  for (const name of ['customerName', 'total', 'lines'])
    await expect(fields.locator(`[data-field="${name}"]`)).toBeVisible();
  await insert(page, 'Text');
  await canvas(page).getByRole('textbox', { name: 'Text' }).first().click();
  await page.keyboard.type('Bill to ');
  await fields.locator('[data-field="customerName"]').click();
  await expect(canvas(page).locator('[data-variable="customerName"]')).toBeVisible();
  // The live preview prints the data tab's sample instance, as the render API would.
  await openLivePreview(page);
  const instance = page
    .getByRole('complementary', { name: 'Live preview' })
    .getByRole('combobox', { name: 'Instance' });
  await expect(instance.locator('option:checked')).toHaveText('Sample data');
  const sampleName = String(generated.customerName)
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/\s+/g, '\\s+');
  await expect(previewText(page)).toContainText(new RegExp(`Bill to\\s*${sampleName}`), { timeout: 90_000 });
  // A list of the data source is a loop root: its items' fields print for each sample line.
  await page.getByRole('button', { name: 'Insert list loop' }).click();
  await page
    .getByRole('dialog', { name: 'Insert list loop' })
    .getByRole('button', { name: 'lines', exact: true })
    .click();
  await expect(canvas(page).locator('.qe-loop')).toContainText('lines');
  const firstLine = String(generated.lines[0].description)
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/\s+/g, '\\s+');
  await expect(previewText(page)).toContainText(new RegExp(firstLine), { timeout: 90_000 });
  await shot(page, 'editor');
  // The inserted variable reaches the server through sync.
  const templatePath = `/api/teams/${team.id}/docs/${docId}/templates/${templateId}`;
  await expect
    .poll(async () => JSON.stringify((await (await api(templatePath, { token })).json()).data.content), {
      timeout: 60_000,
    })
    .toContain('customerName');
  await expect(page.getByTestId('editor-sync').locator('[data-sync-state]')).toHaveAttribute(
    'data-sync-state',
    'synced',
  );

  // The designer's work lands on the server (here written through the API, as another device would).
  const stored = (await (await api(templatePath, { token })).json()).data;
  const saved = await api(`/api/teams/${team.id}/docs/${docId}/templates/${templateId}`, {
    method: 'PUT',
    token,
    body: { lastVersion: stored.version, content: billTemplate() },
  });
  expect(saved.status).toBe(200);

  // A key, on the team's API keys screen.
  await page.goto(`/o/${team.id}/api-keys`);
  await page.getByLabel('Description').fill('Billing system');
  await page.getByRole('button', { name: 'Create key' }).click();
  const key = (await page.getByTestId('new-api-key').textContent()) ?? '';
  expect(key).toMatch(/^qk_/);
  await page.getByRole('button', { name: 'Done' }).click();

  // The outside system: an instance of its own values, rendered to a PDF with the key.
  const docBase = `/api/teams/${team.id}/docs/${docId}`;
  const created = await api(`${docBase}/instances`, {
    method: 'POST',
    key,
    body: { data: { customerName: 'Zephyr Widgets', total: 1234.5, lines: [{ description: 'Gear', quantity: 3 }] } },
  });
  expect(created.status).toBe(200);
  const instanceId = (await created.json()).data.id as string;
  const pdf = await api(`${docBase}/instances/${instanceId}/render?templateId=${templateId}`, {
    method: 'POST',
    key,
    body: { targetType: 'pdf' },
  });
  expect(pdf.status).toBe(200);
  expect(
    Buffer.from(await pdf.arrayBuffer())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  const refused = await api(`${docBase}/instances`, { method: 'POST', key, body: { data: { total: 'many' } } });
  expect(refused.status).toBe(400);

  // The playground: the outside system's instance, rendered in the page with pdf.js.
  await page.goto(`/o/${team.id}/docs/${docId}/playground`);
  const listed = page.getByTestId('instance-list').locator(`[data-instance="${instanceId}"]`);
  await listed.getByRole('button', { name: 'Render' }).click();
  await expect(page.getByTestId('pdf-text')).toContainText('Zephyr Widgets', { timeout: 60_000 });
  await expect(page.locator('[data-testid="pdf-pages"] canvas')).toHaveCount(1);
  // Values pasted here are checked first; the mismatch is listed and nothing is posted.
  await page.getByTestId('playground-json').fill('{"customerName": 5, "total": 7}');
  await page.getByRole('button', { name: 'Validate' }).click();
  await expect(page.getByTestId('playground-issues')).toContainText('customerName');
  await page.getByTestId('playground-json').fill('{"customerName": "Quill & Co", "total": 7}');
  await page.getByRole('button', { name: 'Create instance and render' }).click();
  await expect(page.getByTestId('pdf-text')).toContainText('Quill & Co', { timeout: 60_000 });
  await shot(page, 'playground');

  // The docs and api tabs describe this document's calls.
  await page.getByRole('link', { name: 'API docs' }).click();
  await expect(page.getByTestId('request-schema')).toContainText('"customerName"');
  await expect(page.getByTestId('curl-create')).toContainText(`/api/teams/${team.id}/docs/${docId}/instances`);
  await shot(page, 'api-docs');
  await page.getByRole('link', { name: 'API', exact: true }).click();
  await expect(page.getByTestId('endpoints')).toContainText(`/docs/${docId}/instances`);
  await expect(page.getByRole('link', { name: 'Manage API keys' })).toHaveAttribute('href', `/o/${team.id}/api-keys`);

  // Publish: the public preview shows releases only.
  await page.getByRole('link', { name: 'Templates' }).click();
  await page
    .getByTestId('template-list')
    .getByRole('row', { name: /Bill/ })
    .getByRole('button', { name: 'Publish' })
    .click();
  await expect(page.getByTestId('template-list').getByTestId('release')).toHaveText('Release 1');

  // Anyone with the link, signed in or not.
  const publicPath = `/open/t/${team.id}/docs/${docId}/preview/${instanceId}`;
  const stranger = await browser.newContext({ baseURL: ORIGIN });
  const outside = await stranger.newPage();
  await outside.goto(publicPath);
  await expect(outside.getByRole('heading', { name: 'Bills' })).toBeVisible();
  await expect(outside.getByTestId('pdf-text')).toContainText('Zephyr Widgets', { timeout: 60_000 });
  await shot(outside, 'public-preview');

  // The signed-in preview of the same instance.
  await page.goto(`/o/${team.id}/docs/${docId}/preview/${instanceId}`);
  await expect(page.getByTestId('pdf-text')).toContainText('Zephyr Widgets', { timeout: 60_000 });

  // Public previews off: the link answers "not available", the API 404.
  await page.goto(`/o/${team.id}/docs/${docId}/settings`);
  const toggle = page.getByLabel('Anyone with an instance’s link may see its preview');
  await expect(toggle).toBeChecked();
  await toggle.uncheck();
  await expect(page.getByText('Public previews are off: public links no longer show anything.')).toBeVisible();
  await shot(page, 'settings');
  await outside.reload();
  await expect(outside.getByTestId('preview-off')).toContainText('This preview is not available');
  await expect(outside.getByText('Zephyr Widgets')).toHaveCount(0);
  expect((await api(`/api${publicPath}`)).status).toBe(404);
  await stranger.close();

  // The history lists what happened.
  await page.getByRole('link', { name: 'History' }).click();
  const history = page.getByTestId('history');
  await expect(history).toContainText('Public previews switched');
  await expect(history).toContainText('Template published');
  await expect(history).toContainText('Document created');
  await shot(page, 'history');

  // The team's home lists the document.
  await page.goto(`/o/${team.id}`);
  await expect(page.getByTestId('doc-list')).toContainText('Bills');
  await shot(page, 'home');
});
