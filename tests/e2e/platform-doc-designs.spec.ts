/**
 * A team document's canvas and Word templates design on the document's data source (issues 15 and
 * 17), as its document-mode templates do: in Chromium with the real server (scripts/serve.mjs
 * --api, PGlite in a temp folder). The canvas designer offers the document's variables to bind (a
 * map's fields dotted, a list as a table's rows) and its live preview prints the data tab's sample
 * data; a Word template's tag check names the tag the data source lacks, and its preview is filled
 * with the same sample.
 */
import type { Page } from '@playwright/test';
import { type ApiServer, apiPort, callApi, startApiServer } from './api-server';
import { expect as baseExpect, SCREENSHOT_DIR, test } from './fixtures';

const expect = baseExpect.configure({ timeout: 30_000 });
const PORT = apiPort('QUIRE_E2E_DOC_DESIGNS_PORT', 23);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const EMAIL = `designs.${Date.now()}@example.test`;
const PASSWORD = 'correct horse battery';

/** What tests/fixtures/office-lo/letter.docx prints, but for its `issued` date. */
const DATA_SOURCE = {
  groups: [
    {
      name: 'Shipment',
      variables: [
        { fieldName: 'number', label: 'Shipment no', fieldType: 'string' },
        { fieldName: 'customer', label: 'Customer', fieldType: 'map', specId: 'party' },
        { fieldName: 'lines', label: 'Lines', fieldType: 'list', specId: 'line' },
        { fieldName: 'total', label: 'Total', fieldType: 'number' },
        { fieldName: 'link', label: 'Tracking link', fieldType: 'string' },
        { fieldName: 'photo', label: 'Photo', fieldType: 'inline-image' },
        { fieldName: 'tags', label: 'Tags', fieldType: 'list', specId: 'tag' },
      ],
    },
  ],
  dataSpecs: [
    {
      id: 'party',
      variables: [
        { fieldName: 'name', label: 'Name', fieldType: 'string' },
        { fieldName: 'city', label: 'City', fieldType: 'string' },
      ],
    },
    {
      id: 'line',
      variables: [
        { fieldName: 'name', label: 'Item', fieldType: 'string' },
        { fieldName: 'qty', label: 'Qty', fieldType: 'number' },
        { fieldName: 'price', label: 'Price', fieldType: 'number' },
        { fieldName: 'colour', label: 'Colour', fieldType: 'string' },
        { fieldName: 'note', label: 'Note', fieldType: 'string' },
      ],
    },
    { id: 'tag', variables: [{ fieldName: 'text', label: 'Text', fieldType: 'string' }] },
  ],
};
const SAMPLE = {
  number: 'SH-7',
  customer: { name: 'Harbour Supplies', city: 'Bergen' },
  lines: [
    { name: 'Brass lantern', qty: 2, price: 40, colour: 'gold', note: 'handle with care' },
    { name: 'Rope coil', qty: 5, price: 12, colour: 'tan', note: '' },
  ],
  total: 140,
  link: 'https://example.test/track/7',
  tags: [{ text: 'fragile' }],
};

let server: ApiServer | undefined;

test.use({ baseURL: ORIGIN });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await startApiServer({ port: PORT, name: 'doc-designs' });
});

test.afterAll(async () => {
  await server?.stop();
});

const api = (path: string, init?: Parameters<typeof callApi>[2]) => callApi(ORIGIN, path, init);
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SCREENSHOT_DIR}/platform-doc-designs-${name}.png`, fullPage: true });

/** Creates a template of `kind` on the document's template tab and opens it in the editor. */
async function createAndOpen(page: Page, docUrl: string, kind: string, name: string, file?: string) {
  await page.goto(docUrl);
  await page.getByLabel('Kind').selectOption(kind);
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  if (file) await page.locator('input[name="officeFile"]').setInputFiles(file);
  await page.getByRole('button', { name: 'Create template' }).click();
  const row = page.getByTestId('template-list').getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await row.getByRole('link', { name: 'Open in editor' }).click();
}

test('a document’s canvas and Word templates are designed on its data source and previewed with its sample data', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1400, height: 1000 });
  const registered = await (
    await api('/api/auth/register', { method: 'POST', body: { email: EMAIL, password: PASSWORD, name: 'Sven' } })
  ).json();
  const token = registered.data.token as string;
  const team = (await (await api('/api/teams', { method: 'POST', token, body: { name: 'Docks' } })).json()).data;
  const created = await api(`/api/teams/${team.id}/docs`, {
    method: 'POST',
    token,
    body: { name: 'Shipments', dataSource: DATA_SOURCE, sampleData: SAMPLE },
  });
  expect(created.status).toBe(200);
  const docId = (await created.json()).data.id as string;
  const docUrl = `/o/${team.id}/docs/${docId}`;

  await page.goto('/sync');
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(`Connected as ${EMAIL}`)).toBeVisible();

  // A canvas template of the document: its pickers list the data source's variables, not a table's.
  await createAndOpen(page, docUrl, 'canvas', 'Shipping label');
  const designer = page.getByTestId('canvas-designer');
  await expect(designer).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('canvas-bound-to')).toHaveText('Document · Shipments');
  await page.getByTestId('canvas-add-text').click();
  const bind = page.getByTestId('canvas-bind');
  const offered = await bind.locator('option').allTextContents();
  for (const label of ['Customer › Name', 'Customer › City', 'Lines › Item', 'Total', 'Tracking link'])
    expect(offered).toContain(label);
  await page.getByTestId('canvas-prop-content').fill('Ship to ');
  await bind.selectOption({ label: 'Customer › Name' });
  await expect(page.getByTestId('canvas-prop-content')).toHaveValue('Ship to {customer.name}');
  await page.getByTestId('canvas-prop-width').fill('120');
  // The live preview prints the data tab's sample instance, as the render API would.
  await expect(page.getByTestId('canvas-record').locator('option:checked')).toHaveText('Sample data');
  await expect(page.getByTestId('canvas-preview-text')).toContainText('Ship to Harbour Supplies', { timeout: 90_000 });

  // A list of the data source is a table's rows: its items' fields become the columns.
  await page.getByTestId('canvas-add-table').click();
  await page.getByTestId('canvas-bind').selectOption({ label: 'Lines' });
  await expect(page.getByTestId('canvas-preview-text')).toContainText('Rope coil', { timeout: 90_000 });

  // A field turned 90° shows the sideways cursor on its top handle.
  await page.getByTestId('canvas-prop-rotate').fill('90');
  await page.getByTestId('canvas-prop-rotate').press('Tab');
  await expect(page.getByTestId('canvas-resize-n')).toHaveCSS('cursor', 'ew-resize');
  await expect(page.getByTestId('canvas-resize-e')).toHaveCSS('cursor', 'ns-resize');
  await page.getByTestId('canvas-save').click();
  await expect(page.getByTestId('canvas-save-state')).toHaveText('Saved');
  await shot(page, 'canvas');

  // A Word template of the document: its tags are checked against the data source, and the one the
  // data source lacks (`issued`) is named; the preview is filled with the sample instance.
  await createAndOpen(page, docUrl, 'docx', 'Letter', 'tests/fixtures/office-lo/letter.docx');
  const editor = page.getByTestId('office-editor');
  await expect(editor).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('office-bound-to')).toHaveText('Document · Shipments');
  const tags = page.getByTestId('office-tags');
  await expect(tags.locator('[data-tag="issued"]')).toHaveAttribute('data-status', 'unknown', { timeout: 60_000 });
  await expect(tags.locator('[data-tag="issued"]')).toContainText('Unknown field');
  await expect(tags.locator('[data-tag="customer.name"]')).toHaveAttribute('data-status', 'mapped');
  await expect(tags.locator('[data-tag="customer.name"]')).toContainText('Customer › Name');
  await expect(tags.locator('[data-tag="lines.qty"]')).toHaveAttribute('data-status', 'mapped');
  await expect(page.getByTestId('office-unknown-count')).toHaveText('Tags that print no variable of the document: 1');
  await expect(page.getByTestId('office-record').locator('option:checked')).toHaveText('Sample data');
  await expect(editor.locator('.of-stage')).toContainText('Harbour Supplies', { timeout: 90_000 });
  await expect(editor.locator('.of-stage')).toContainText('Brass lantern');
  // The workspace's preview screen prints its table's records: not offered for a document's template.
  await expect(editor.getByRole('link', { name: 'Preview and print' })).toHaveCount(0);
  await shot(page, 'word');
});
