/**
 * #32: the plan a team has decides on the server what it may do, and the app says why and how to
 * upgrade. A free team asks for phone signing and is told it needs a plan (the upgrade screen links
 * to the configured URL with the language); the operator grants the seat plan through the operator
 * API; pay-success confirms it; seats are added and removed, the add button disabled when full;
 * the same signing action then works. Accounts are made through the API, not the forms: seconds.
 */
import { type ApiServer, apiPort, startApiServer } from './api-server';
import { expect, test } from './fixtures';

const PORT = apiPort('QUIRE_E2E_PLANS_PORT', 26);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const OPERATOR_KEY = 'plans-journey-operator-key-0123456789';

let server: ApiServer | undefined;

test.use({ baseURL: ORIGIN });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await startApiServer({
    port: PORT,
    name: 'plans',
    env: { QUIRE_OPERATOR_KEY: OPERATOR_KEY, QUIRE_UPGRADE_URL: 'https://buy.example/quire' },
  });
});

test.afterAll(async () => {
  await server?.stop();
});

async function api<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${ORIGIN}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { code: number; msg: string; data: T };
  expect(json.code, json.msg).toBe(0);
  return json.data;
}

interface Login {
  token: string;
  tenantKey: string;
  userId: string;
  expireAt: number;
}

test('a free team is told why and how to upgrade; the operator grants seats; seats fill; signing then works', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const ann = await api<Login>('POST', '/api/auth/register', {
    email: `ann.${stamp}@example.test`,
    password: 'correct horse',
    name: 'Ann Lee',
  });
  await api('POST', '/api/auth/register', {
    email: `bob.${stamp}@example.test`,
    password: 'correct horse',
    name: 'Bob Ray',
  });
  const teams = await api<{ id: string }[]>('GET', '/api/teams', undefined, { authorization: `Bearer ${ann.token}` });
  const teamId = teams[0]?.id ?? '';
  await api(
    'POST',
    `/api/teams/${teamId}/members`,
    { email: `bob.${stamp}@example.test` },
    {
      authorization: `Bearer ${ann.token}`,
    },
  );
  // Signed in as the app's sign-in leaves it: the server login and the home's login.
  const record = JSON.stringify({ ...ann, version: 'v1' });
  await page.addInitScript((value) => {
    localStorage.setItem('quire.login.open', value);
    localStorage.setItem('quire.login.standard', value);
  }, record);

  // Free: phone signing is refused by the server, and the screen says why and where to go.
  await page.goto('/signature/qr');
  const refusal = page.getByTestId('plan-required');
  await expect(refusal).toContainText('Signatures is not in your team');
  await expect(refusal).toContainText('Enterprise per seat');
  await expect(page.getByTestId('header-plan')).toHaveText('Free · trial available');
  await refusal.getByRole('link', { name: 'See plans and upgrade' }).click();
  await expect(page).toHaveURL(/\/home\/upgrade$/);
  await expect(page.getByTestId('plan-summary')).toContainText('is on the Free plan');
  await expect(page.getByTestId('upgrade-link')).toHaveAttribute('href', 'https://buy.example/quire?lng=en-US');
  await expect(page.getByTestId('upgrade-link')).toHaveAttribute('target', '_blank');
  // No seat management on a free plan: the sidebar has no Seats.
  await expect(page.getByRole('link', { name: 'Seats' })).toHaveCount(0);

  // The operator grants the seat plan; pay-success confirms once the server shows it.
  await page.goto('/home/pay-success');
  await expect(page.getByText('The server still shows the Free plan')).toBeVisible();
  await api(
    'PUT',
    `/api/operator/teams/${teamId}/plan`,
    { version: 'ENTERPRISE_SEAT', totalSeats: 2 },
    {
      'x-operator-key': OPERATOR_KEY,
    },
  );
  await expect(page.getByText('Your team is now on the Enterprise per seat plan.')).toBeVisible({ timeout: 15_000 });

  // Seats: the owner (an admin) manages them; full disables "Add users".
  await page.goto('/home/admin/seats');
  const count = page.getByTestId('seat-count');
  await expect(count).toHaveText('0 / 2 seats assigned');
  await page.getByRole('button', { name: 'Add users' }).click();
  await page.getByRole('checkbox').first().check();
  await page.getByRole('checkbox').nth(1).check();
  await page.getByRole('button', { name: 'Add chosen users' }).click();
  await expect(count).toHaveText('2 / 2 seats assigned');
  await expect(page.getByRole('button', { name: 'Add users' })).toBeDisabled();
  await expect(page.getByText('All seats are assigned.')).toBeVisible();
  await expect(page.getByTestId('seated-users')).toContainText('Ann Lee');
  await page.getByRole('button', { name: "Remove Bob Ray's seat" }).click();
  await expect(count).toHaveText('1 / 2 seats assigned');
  await expect(page.getByRole('button', { name: 'Add users' })).toBeEnabled();

  // Ann holds a seat: the same action now works.
  await page.goto('/signature/qr');
  await expect(page.getByRole('img', { name: 'QR code of the signing link' }).locator('svg')).toBeVisible();
  await expect(page.getByTestId('plan-required')).toHaveCount(0);
});
