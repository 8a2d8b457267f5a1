/**
 * A host written from docs/HOST-PROTOCOL.md alone — plain `postMessage`, no code of the reference
 * host — embeds the built Quire (served as `scripts/serve.mjs` serves it, that origin its only
 * host). It prints a link, a date in the host's time zone and an amount by its currency code; and
 * as a broken host (answers of the wrong shape or version, no answer, 100,000 ids, a 20 MB value)
 * it gets a message with a code, never a frozen or endless screen. Security: an unlisted framer,
 * a forger beside Quire, `_callback`; the SDK package loads from the host while Quire is down.
 */

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type FrameLocator, type Page, test } from '@playwright/test';
import { buildHostSdkPackage } from '../../scripts/build-host-sdk.mjs';
// @ts-expect-error plain ESM script without type declarations
import { startServer } from '../../scripts/serve.mjs';

// Ports apart from the suite's server and from hosts.spec.ts's (+1…+3), which may run beside this.
const BASE_PORT = Number(process.env.QUIRE_E2E_PORT ?? 4173);
const HOST = `http://127.0.0.1:${BASE_PORT + 12}`;
const STRANGER = `http://127.0.0.1:${BASE_PORT + 13}`;
let QUIRE = '';
const servers: Server[] = [];
let sdkDir = '';

/**
 * The host page, from the document's "Without the SDK" section and its method, field and limit
 * tables. `mode` makes it misbehave in one documented way at a time.
 */
const HOST_PAGE = `<!doctype html><html><body>
<iframe id="quire" style="width:1100px;height:700px"></iframe>
<script type="module">
const params = new URLSearchParams(location.search);
const QUIRE = params.get('quire');
const mode = params.get('mode') ?? 'good';
const frame = document.getElementById('quire');
const tables = {
  tblOrders: {
    name: 'Orders',
    fields: [
      { id: 'fNo', name: 'Order', type: 'text', isPrimary: true },
      { id: 'fAt', name: 'Ordered', type: 'dateTime', property: { dateFormat: 'yyyy-MM-dd HH:mm' } },
      { id: 'fTotal', name: 'Total', type: 'currency', property: { currencyCode: 'EUR', precision: 2 } },
      { id: 'fPlain', name: 'Plain amount', type: 'currency' },
      { id: 'fBuyer', name: 'Buyer', type: 'singleLink', property: { tableId: 'tblPeople' } },
    ],
    records: [{ recordId: 'recO1', fields: { fNo: 'PO-7', fAt: Date.UTC(2024, 5, 30, 20, 0), fTotal: 1280, fPlain: 1234.5, fBuyer: ['recP1'] } }],
  },
  tblPeople: {
    name: 'People',
    fields: [{ id: 'fName', name: 'Name', type: 'text', isPrimary: true }],
    records: [{ recordId: 'recP1', fields: { fName: 'Ada Lovelace' } }],
  },
};
function handle(method, p) {
  const table = tables[p?.tableId];
  switch (method) {
    case 'hello':
      return { protocolVersion: 1, host: { kind: 'base' },
        user: { userId: 'u-1', lang: 'en-US', timeZone: params.get('tz') ?? undefined, locale: 'en-US' } };
    case 'base.getSelection':
      if (mode === 'badShape') return { baseId: 42 };
      return { baseId: 'bse1', tableId: 'tblOrders', viewId: 'vw1', recordId: 'recO1' };
    case 'base.getTables':
      return Object.entries(tables).map(([id, t]) => ({ id, name: t.name }));
    case 'base.getFieldMetaList':
      return table.fields.slice(0, p.limit ?? 100);
    case 'base.getRecordIds':
      // Past the documented limit on purpose: Quire must cap, not freeze.
      if (mode === 'manyIds') return Array.from({ length: 100000 }, (_, i) => 'rec' + i);
      return table.records.map((r) => r.recordId).slice(0, p.limit);
    case 'base.getRecords':
      if (mode === 'hugeValue') return [{ recordId: p.recordIds[0], fields: { fNo: 'x'.repeat(20000000) } }];
      return table.records.filter((r) => p.recordIds.includes(r.recordId));
    case 'base.getMetaTable':
      return null;
    default:
      throw Object.assign(new Error('no ' + method), { code: 'UNSUPPORTED' });
  }
}
window.addEventListener('message', (event) => {
  if (event.origin !== QUIRE || event.source !== frame.contentWindow) return;
  const m = event.data;
  if (m?.protocol !== 'quire-host' || m.type !== 'request' || m.version !== 1) return;
  if (mode === 'silent' && m.method === 'hello') return;
  const version = mode === 'version9' && m.method === 'base.getSelection' ? 9 : 1;
  const send = (body) => frame.contentWindow.postMessage({ protocol: 'quire-host', version, type: 'response', id: m.id, ...body }, QUIRE);
  try { send({ ok: true, result: handle(m.method, m.params) }); }
  catch (e) { send({ ok: false, error: { code: e.code ?? 'INTERNAL', message: String(e.message) } }); }
});
frame.src = QUIRE + '/baseplugin?userId=u-1&lng=en-US';
</script></body></html>`;

/** A page that imports the SDK package from its own origin (Quire's server need not answer). */
const SDK_PAGE = `<!doctype html><iframe id="quire"></iframe><script type="module">
import { createQuireHost, PROTOCOL_VERSION } from './quire-host.js';
const host = createQuireHost({ frame: document.getElementById('quire'), quireOrigin: 'http://127.0.0.1:9',
  host: { kind: 'base' }, user: { userId: 'u-1' }, handlers: {} });
document.title = 'sdk ' + PROTOCOL_VERSION + ' ' + host.connected;
</script>`;

/** The stranger: an unlisted origin that frames Quire, and (with ?callback) a sign-in callback. */
const STRANGER_PAGE = `<!doctype html><iframe id="quire"></iframe><script>
const q = new URLSearchParams(location.search).get('quire');
window.got = [];
addEventListener('message', (e) => window.got.push(e.data));
document.getElementById('quire').src = q + '/auth/signin?target=/baseplugin';
</script>`;

function serve(port: number, pages: Record<string, string>): Promise<Server> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const body = pages[path];
    if (body === undefined) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': path.endsWith('.js') ? 'text/javascript' : 'text/html' }).end(body);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  const quire = (await startServer({
    root: process.env.QUIRE_E2E_DIST ?? 'dist',
    port: BASE_PORT + 11,
    frameAncestors: [HOST],
  })) as Server;
  servers.push(quire);
  QUIRE = `http://127.0.0.1:${(quire.address() as AddressInfo).port}`;
  sdkDir = mkdtempSync(join(tmpdir(), 'quire-host-e2e-'));
  const sdk = readFileSync(await buildHostSdkPackage(join(sdkDir, 'quire-host.js')), 'utf8');
  servers.push(await serve(BASE_PORT + 12, { '/': HOST_PAGE, '/sdk': SDK_PAGE, '/quire-host.js': sdk }));
  servers.push(await serve(BASE_PORT + 13, { '/': STRANGER_PAGE }));
});

test.afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  if (sdkDir) rmSync(sdkDir, { recursive: true, force: true });
});

const quire = (page: Page): FrameLocator => page.frameLocator('#quire');

async function openHost(page: Page, query: string) {
  await page.goto(`${HOST}/?quire=${encodeURIComponent(QUIRE)}&${query}`);
  await quire(page).getByRole('button', { name: 'Continue on this device' }).click();
}

/** A new template in the host, printed for the record the host selected: its first page's text. */
async function printedInZone(page: Page, tz: string) {
  await openHost(page, `tz=${tz}`);
  await expect(quire(page).getByRole('heading', { name: 'Orders' })).toBeVisible({ timeout: 20_000 });
  await quire(page).getByRole('button', { name: 'New template' }).click();
  const text = quire(page).getByTestId('host-page-text').first();
  await expect(text).toContainText('PO-7', { timeout: 90_000 });
  return text;
}

test('prints the date in the host’s zone and the amount by its currency code', async ({ page, browser }) => {
  // The first render starts the typesetter (WebAssembly): bounded, generous for a loaded machine.
  test.setTimeout(240_000);
  const text = await printedInZone(page, 'UTC');
  // 2024-06-30 20:00 UTC in the zone hello named, not the next morning in Shanghai.
  await expect(text).toContainText('2024-06-30 20:00');
  await expect(text).toContainText('€1,280.00');
  // No currency code: the amount without a guessed symbol.
  await expect(text).toContainText('1,234.50');
  await expect(text).not.toContainText('¥');
  // The Buyer link (record ids, property.tableId) prints the linked record by its primary field.
  await expect(text).toContainText('Ada Lovelace');

  // A second reader, in New York: the same instant four hours earlier on the wall clock. (More
  // zones, and none named → Asia/Shanghai, are src/host/reader.test.ts's.)
  const newYork = await browser.newPage();
  await expect(await printedInZone(newYork, 'America/New_York')).toContainText('2024-06-30 16:00');
  await newYork.close();
});

test('a broken host gets a message with a code, never an endless wait or a frozen page', async ({ page }) => {
  // Five page loads of Quire; hello waits 5 s and a selection read 10 s before their codes show.
  test.setTimeout(150_000);
  const cases = [
    // A selection of the wrong shape, or in protocol version 9: refused at once.
    ['badShape', '[data-testid="error-code"]', '[HOST_PROTOCOL_ERROR]'],
    ['version9', '[data-testid="error-code"]', '[HOST_PROTOCOL_ERROR]'],
    // No answer to hello at all.
    ['silent', '[data-testid="error-code"]', '[HOST_TIMEOUT]'],
    // 100,000 ids to a request for 50; a 20 MB cell value.
    ['manyIds', '[data-error-code="HOST_LIMIT_EXCEEDED"]', undefined],
    ['hugeValue', '[data-error-code="HOST_LIMIT_EXCEEDED"]', undefined],
  ] as const;
  for (const [index, [mode, selector, text]] of cases.entries()) {
    await page.goto(`${HOST}/?quire=${encodeURIComponent(QUIRE)}&mode=${mode}`);
    if (index === 0) await quire(page).getByRole('button', { name: 'Continue on this device' }).click();
    const shown = quire(page).locator(selector).first();
    await expect(shown, mode).toBeVisible({ timeout: 20_000 });
    if (text) await expect(shown, mode).toHaveText(text);
    // The frame still answers at once.
    const frame = page.frames().find((f) => f.url().startsWith(QUIRE));
    expect(await frame?.evaluate(() => 1 + 1)).toBe(2);
  }
});

test('framing and _callback protected; the SDK package starts without Quire’s server', async ({ page }) => {
  test.setTimeout(60_000);
  // An unlisted origin frames Quire's sign-in: the browser refuses to show it (frame-ancestors).
  await page.goto(`${STRANGER}/?quire=${encodeURIComponent(QUIRE)}`);
  const answer = await page.request.get(`${QUIRE}/auth/signin`);
  expect(answer.headers()['content-security-policy']).toBe(`frame-ancestors 'self' ${HOST}`);
  await expect(quire(page).getByRole('button', { name: 'Continue on this device' })).toHaveCount(0);

  // A callback framed by the host: the host learns where the round trip ended, not its code.
  await page.goto(`${HOST}/sdk`);
  const message = await page.evaluate(
    (origin) =>
      new Promise<unknown>((resolve) => {
        addEventListener('message', (event) => event.origin === origin && resolve(event.data));
        const frame = document.createElement('iframe');
        frame.src = `${origin}/auth/callback?code=secret&state=s1&_callback=1`;
        document.body.append(frame);
      }),
    QUIRE,
  );
  expect(message).toEqual({ type: 'callback', url: `${QUIRE}/auth/callback` });

  // The SDK package, served by the host itself, starts although its Quire origin does not answer.
  await expect(page).toHaveTitle('sdk 1 false');
});
