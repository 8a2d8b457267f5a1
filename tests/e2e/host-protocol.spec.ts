/**
 * A host written from docs/HOST-PROTOCOL.md alone — plain `postMessage`, no code of the reference
 * host — embeds the built Quire (served as `scripts/serve.mjs` serves it, that origin its only
 * host). One page load goes through a broken host's selection reads (wrong version, wrong shape:
 * an error page with its code, then recovery), prints a link, a date in the host's zone and an
 * amount by its currency code, reprints in a second zone, refuses forged messages from sibling
 * frames and refuses answers past the limits (100,000 ids, a 20 MB value) while staying responsive.
 * A silent host gets HOST_TIMEOUT. Security: an unlisted framer, `_callback`; the SDK package loads
 * from the host while Quire is down. Everything else is unit-tested (src/host, src/app/host).
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
 * tables. `window.state.mode` makes it misbehave in one documented way at a time; the test changes
 * it while the page runs.
 */
const HOST_PAGE = `<!doctype html><html><body>
<iframe id="quire" style="width:1100px;height:700px"></iframe>
<script type="module">
const params = new URLSearchParams(location.search);
const QUIRE = params.get('quire');
const state = (window.state = { mode: params.get('mode') ?? 'good', tz: params.get('tz') ?? undefined });
const frame = document.getElementById('quire');
const many = { name: 'Many', fields: [{ id: 'fN', name: 'N', type: 'text', isPrimary: true }], records: [] };
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
  // Past the documented limits on purpose: Quire must refuse, not freeze.
  tblMany: many,
  tblHuge: { ...many, name: 'Huge', records: [{ recordId: 'recH1', fields: { fN: 'x'.repeat(20000000) } }] },
};
function handle(method, p) {
  const table = tables[p?.tableId];
  switch (method) {
    case 'hello':
      return { protocolVersion: 1, host: { kind: 'base' }, user: { userId: 'u-1', lang: 'en-US', timeZone: state.tz, locale: 'en-US' } };
    case 'base.getSelection':
      if (state.mode === 'badShape') return { baseId: 42 };
      return state.selection ?? { baseId: 'bse1', tableId: 'tblOrders', viewId: 'vw1', recordId: 'recO1' };
    case 'base.getTables':
      return Object.entries(tables).map(([id, t]) => ({ id, name: t.name }));
    case 'base.getFieldMetaList':
      return table.fields.slice(0, p.limit ?? 100);
    case 'base.getRecordIds':
      if (p.tableId === 'tblMany') return Array.from({ length: 100000 }, (_, i) => 'rec' + i);
      return table.records.map((r) => r.recordId).slice(0, p.limit);
    case 'base.getRecords':
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
  if (state.mode === 'silent' && m.method === 'hello') return;
  const version = state.mode === 'version9' && m.method === 'base.getSelection' ? 9 : 1;
  const send = (body) => frame.contentWindow.postMessage({ protocol: 'quire-host', version, type: 'response', id: m.id, ...body }, QUIRE);
  try { send({ ok: true, result: handle(m.method, m.params) }); }
  catch (e) { send({ ok: false, error: { code: e.code ?? 'INTERNAL', message: String(e.message) } }); }
});
// The user picks another table: the documented event, as a host posts it.
window.select = (tableId) => {
  state.selection = { baseId: 'bse1', tableId, viewId: 'vw1', recordId: null };
  frame.contentWindow.postMessage({ protocol: 'quire-host', version: 1, type: 'event', event: 'selectionChanged', data: state.selection }, QUIRE);
};
window.reload = () => { frame.src = QUIRE + '/baseplugin?userId=u-1&lng=en-US&reload=' + Date.now(); };
frame.src = QUIRE + '/baseplugin?userId=u-1&lng=en-US';
</script></body></html>`;

/**
 * A forger in a sibling frame of Quire's: the event a host would send, posted to Quire's window.
 * Served from the host's own origin (right origin, wrong window) and from the stranger's.
 */
const FORGER_PAGE = `<!doctype html><script>
parent.frames[0].postMessage({ protocol: 'quire-host', version: 1, type: 'event', event: 'selectionChanged',
  data: { baseId: 'bse1', tableId: 'tblPeople', viewId: null, recordId: 'recP1' } }, '*');
</script>`;

/** A page that imports the SDK package from its own origin (Quire's server need not answer). */
const SDK_PAGE = `<!doctype html><iframe id="quire"></iframe><script type="module">
import { createQuireHost, PROTOCOL_VERSION } from './quire-host.js';
const host = createQuireHost({ frame: document.getElementById('quire'), quireOrigin: 'http://127.0.0.1:9',
  host: { kind: 'base' }, user: { userId: 'u-1' }, handlers: {} });
document.title = 'sdk ' + PROTOCOL_VERSION + ' ' + host.connected;
</script>`;

/** The stranger: an unlisted origin that frames Quire's sign-in. */
const STRANGER_PAGE = `<!doctype html><iframe id="quire"></iframe><script>
document.getElementById('quire').src = new URLSearchParams(location.search).get('quire') + '/auth/signin?target=/baseplugin';
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
  const forger = { '/forger': FORGER_PAGE };
  servers.push(await serve(BASE_PORT + 12, { '/': HOST_PAGE, '/sdk': SDK_PAGE, '/quire-host.js': sdk, ...forger }));
  servers.push(await serve(BASE_PORT + 13, { '/': STRANGER_PAGE, ...forger }));
});

test.afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  if (sdkDir) rmSync(sdkDir, { recursive: true, force: true });
});

const quire = (page: Page): FrameLocator => page.frameLocator('#quire');
const hostUrl = (query: string) => `${HOST}/?quire=${encodeURIComponent(QUIRE)}&${query}`;

const quireFrame = (page: Page) => page.frames().find((f) => f.url().startsWith(QUIRE));

/** Quire's frame still runs a script at once (a frozen renderer would not). */
async function responsive(page: Page) {
  expect(await quireFrame(page)?.evaluate(() => 1 + 1)).toBe(2);
}

test('a host from the document: codes for a broken host, links, zones and currency printed, forgeries and overflow refused', async ({
  page,
  context,
}) => {
  // Two renders; the first starts the typesetter (WebAssembly). Bounded, generous for a loaded machine.
  test.setTimeout(150_000);
  const q = quire(page);
  const errorCode = q.getByTestId('error-code');

  // A selection answered in protocol version 9 (its body is a good selection): refused at once.
  await page.goto(hostUrl('mode=version9&tz=UTC'));
  await q.getByRole('button', { name: 'Continue on this device' }).click();
  // Page loads get 20 s: CI runs two journeys at once on two cores.
  await expect(errorCode).toHaveText('[HOST_PROTOCOL_ERROR]', { timeout: 20_000 });
  // A host that never answers hello, beside it (the 5 s wait overlaps the rest).
  const silent = await context.newPage();
  await silent.goto(hostUrl('mode=silent'), { waitUntil: 'commit' });

  // A selection of the wrong shape: the page names what is wrong. Then a good one: Quire goes on.
  await page.evaluate(() => {
    (window as unknown as { state: { mode: string } }).state.mode = 'badShape';
  });
  await expect(q.locator('.error-details')).toContainText('baseId');
  await expect(errorCode).toHaveText('[HOST_PROTOCOL_ERROR]');
  await page.evaluate(() => {
    (window as unknown as { state: { mode: string } }).state.mode = 'good';
  });
  await expect(q.getByRole('heading', { name: 'Orders' })).toBeVisible({ timeout: 20_000 });
  await expect(silent.frameLocator('#quire').getByTestId('error-code')).toHaveText('[HOST_TIMEOUT]', {
    timeout: 20_000,
  });
  await silent.close();

  // Printed for the selected record: the date in hello's zone (UTC, not the next morning in
  // Shanghai), the amount by its currency code, none guessed without one, the Buyer link's record.
  await q.getByRole('button', { name: 'New template' }).click();
  const text = q.getByTestId('host-page-text').first();
  await expect(text).toContainText('PO-7', { timeout: 90_000 });
  await expect(text).toContainText('2024-06-30 20:00');
  await expect(text).toContainText('€1,280.00');
  await expect(text).toContainText('1,234.50');
  await expect(text).not.toContainText('¥');
  await expect(text).toContainText('Ada Lovelace');

  // Forgers in sibling frames — one from the host's origin (not Quire's parent), one from an
  // unlisted origin — post a selection: each is refused (logged) and Quire stays on Orders.
  const forged: string[] = [];
  page.on('console', (message) => message.text().includes('HOST_FORGED_ORIGIN') && forged.push(message.text()));
  await page.evaluate(
    (sources) => {
      for (const src of sources) document.body.append(Object.assign(document.createElement('iframe'), { src }));
    },
    [`${HOST}/forger`, `${STRANGER}/forger`],
  );
  await expect.poll(() => forged.length).toBe(2);
  expect(quireFrame(page)?.url()).toContain('/t/tblOrders/');

  // A second reader, in New York: the same instant four hours earlier on the wall clock.
  await page.evaluate(() => {
    (window as unknown as { state: { tz: string } }).state.tz = 'America/New_York';
    (window as unknown as { reload: () => void }).reload();
  });
  await q.getByRole('link', { name: 'Preview' }).first().click();
  await expect(text).toContainText('2024-06-30 16:00', { timeout: 60_000 });

  // Answers past the limits — 100,000 ids to a request for 50, a 20 MB cell — are refused with
  // their code, and the page stays responsive.
  for (const table of ['tblMany', 'tblHuge']) {
    await page.evaluate((id) => (window as unknown as { select: (id: string) => void }).select(id), table);
    await expect(q.locator('[data-error-code="HOST_LIMIT_EXCEEDED"]').first(), table).toBeVisible({ timeout: 20_000 });
    await responsive(page);
  }
});

test('framing and _callback protected; the SDK package starts without Quire’s server', async ({ page }) => {
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
