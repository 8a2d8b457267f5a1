/**
 * #31: signing on a phone for a computer. The computer shows a QR code with a one-time link; a
 * second browser context plays the phone: it opens the link (no session, no shared storage), draws
 * with the mouse and sends; the computer receives the PNG and saves it as the person's signature.
 * The link then fails on the phone. (Expiry is tested on the server: a journey cannot wait it out.)
 */
import type { Page } from '@playwright/test';
import { type ApiServer, apiPort, startApiServer } from './api-server';
import { expect, SCREENSHOT_DIR, test } from './fixtures';

const PORT = apiPort('QUIRE_E2E_SIGNATURE_PORT', 14);
const ORIGIN = `http://127.0.0.1:${PORT}`;

let server: ApiServer | undefined;
const OPERATOR_KEY = 'signature-journey-operator-key-0123456789';

/**
 * The computer asks for a link with its server login, and its team's plan must include signatures
 * (#32): an account made through the API, given the enterprise plan by the operator API.
 */
async function enterpriseLogin(): Promise<string> {
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}, method = 'POST') => {
    const response = await fetch(`${ORIGIN}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return ((await response.json()) as { data: Record<string, string> & { teamKey?: string } }).data;
  };
  const login = await post('/api/auth/register', {
    email: `signer.${Date.now()}@example.test`,
    password: 'correct horse',
    name: 'Ann Lee',
  });
  await post(
    `/api/operator/teams/${login.tenantKey}/plan`,
    { version: 'ENTERPRISE' },
    { 'x-operator-key': OPERATOR_KEY },
    'PUT',
  );
  return JSON.stringify({ ...login, version: 'v1' });
}

test.use({ baseURL: ORIGIN });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await startApiServer({ port: PORT, name: 'signature', env: { QUIRE_OPERATOR_KEY: OPERATOR_KEY } });
});

test.afterAll(async () => {
  await server?.stop();
});

/** A mouse stroke across the pad through points given as fractions of its size. */
async function stroke(page: Page, points: [number, number][]) {
  const box = await page.getByTestId('signature-pad').boundingBox();
  if (!box) throw new Error('the pad is not on screen');
  const at = ([fx, fy]: [number, number]) => [box.x + fx * box.width, box.y + fy * box.height] as const;
  const [first, ...rest] = points;
  if (!first) return;
  await page.mouse.move(...at(first));
  await page.mouse.down();
  for (const point of rest) await page.mouse.move(...at(point));
  await page.mouse.up();
}

test('a phone signs through the QR link, the computer saves it, and the link does not work again', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const record = await enterpriseLogin();
  await page.addInitScript((value) => localStorage.setItem('quire.login.open', value), record);
  await page.goto('/signature/qr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign with a QR code');
  await expect(page.getByRole('img', { name: 'QR code of the signing link' }).locator('svg')).toBeVisible();
  const link = await page.getByTestId('signature-qr-link').getAttribute('href');
  expect(link).toMatch(new RegExp(`^${ORIGIN}/signature/qr\\?link=[A-Za-z0-9_-]{32}$`));
  // The name approval entries are matched by, given while the phone signs.
  await page.getByLabel('Your name in approvals').fill('Ann Lee');

  // The phone: its own context, so nothing of the computer's storage or login comes along.
  const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
  const phone = await phoneContext.newPage();
  await phone.goto(link ?? '');
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText('Sign on this phone');
  await stroke(phone, [
    [0.1, 0.7],
    [0.3, 0.2],
    [0.5, 0.7],
    [0.8, 0.3],
  ]);
  await phone.getByRole('button', { name: 'Send signature' }).click();
  await expect(phone.getByTestId('signature-sent')).toHaveText('Sent. You can close this page.');

  // The computer receives it and keeps it as the person's signature.
  const received = page.getByTestId('signature-received');
  await expect(received).toContainText('Signature received from your phone and saved.');
  await expect(received.locator('img')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/signature-phone-received.png` });
  await page.getByRole('link', { name: 'Draw on this computer instead' }).click();
  await expect(page.getByTestId('signature-saved').locator('img')).toBeVisible();
  await expect(page.getByTestId('signature-saved')).toContainText('Ann Lee');

  // The second time, the link says it is used up.
  await phone.reload();
  await expect(phone.getByTestId('signature-link-gone')).toContainText('has been used or has expired');
  await expect(phone.getByTestId('signature-pad')).toHaveCount(0);
  await phoneContext.close();
});
