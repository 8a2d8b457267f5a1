import type { Page } from '@playwright/test';
import { expect, SCREENSHOT_DIR, test } from './fixtures';

async function expectParams(page: Page, params: Record<string, string>) {
  for (const [key, value] of Object.entries(params)) {
    await expect(page.locator(`dd[data-param="${key}"]`).first()).toHaveText(value);
  }
}

async function signInLocally(page: Page) {
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue on this device' }).click();
}

test.describe('standalone table', () => {
  test('the extension page is a compact template picker, with no debug values', async ({ page }) => {
    await page.goto('/extension');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Extension');
    // A fresh device has the demo templates: one is chosen, Print opens it (#32: no placeholder screens).
    await expect(page.getByRole('combobox', { name: 'Template' })).not.toHaveValue('');
    await expect(page.getByRole('button', { name: 'Print' })).toBeEnabled();
    await expect(page.getByText('Route parameters')).toHaveCount(0);
    await expect(page.locator('dd[data-param]')).toHaveCount(0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/extension.png`, fullPage: true });
  });

  test('a team document asks for the server sign-in first (its tabs: platform-docs.spec.ts)', async ({ page }) => {
    for (const tab of ['', '/history', '/playground', '/preview/inst-9']) {
      await page.goto(`/o/t1/docs/d1${tab}`);
      await expect(page.getByText('Sign in to a Quire server to see this team’s documents.')).toBeVisible();
    }
  });

  test('team home has a sidebar that narrow layouts hide', async ({ page }) => {
    await page.goto('/o/acme/api-keys');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('API keys');
    const sidebar = page.getByRole('complementary');
    await expect(sidebar).toBeVisible();
    await page.setViewportSize({ width: 979, height: 800 });
    await expect(sidebar).toBeHidden();
    await page.setViewportSize({ width: 980, height: 800 });
    await expect(sidebar).toBeVisible();
  });

  test('settings redirects: /o/settings to the profile, team settings to basic', async ({ page }) => {
    await page.goto('/o/settings');
    await expect(page).toHaveURL(/\/o\/settings\/profile$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile');
    await page.goto('/o/acme/settings');
    await expect(page).toHaveURL(/\/o\/acme\/settings\/basic$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Basic settings');
  });

  test('the public preview and an invitation render with their params', async ({ page }) => {
    await page.goto('/open/t/tt/docs/dd/preview/ii');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^(Preview|This preview is not available)$/);
    await page.goto('/invitation/INV-123');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Join a team');
  });

  // Signing in needs the server (platform-accounts.spec.ts follows a /goto through it).
  test('/goto continues to its path through the open sign-in', async ({ page }) => {
    await page.goto(`/goto/${encodeURIComponent('/o/acme/create')}`);
    await expect(page).toHaveURL(/\/login\?target=%2Fo%2Facme%2Fcreate$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  });
});

test.describe('host-brand table', () => {
  test('/home requires a login and returns to the original path and search', async ({ page }) => {
    await page.goto('/home/base?tab=recent');
    await expect(page).toHaveURL(/\/auth\/signin\?target=%2Fhome%2Fbase%3Ftab%3Drecent$/);
    await signInLocally(page);
    await expect(page).toHaveURL(/\/home\/base\?tab=recent$/);
    // The Base tab is the real tables screen now.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your tables');
    // Seat management has its own guard: a device-only account has no plan, so no link and no entry.
    await expect(page.getByRole('complementary').getByRole('link', { name: 'Seats' })).toHaveCount(0);
    await page.goto('/home/admin/seats');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Something went wrong');
    await expect(page.getByText('You do not have permission to do this.')).toBeVisible();
    await page.goto('/home');
    await expect(page.getByTestId('home-overview')).toBeVisible();
    await page.getByRole('link', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { name: 'You are signed out.' })).toBeVisible();
    await page.goto('/home');
    await expect(page).toHaveURL(/\/auth\/signin/);
  });

  test('/baseplugin is gated by the host user id, with a cancel target', async ({ page }) => {
    await page.goto('/baseplugin/t/tbl1/preview/tp1?userId=u1&from=/extension');
    // The guard redirects once the app has started: wait for it rather than read the URL at once.
    await expect(page).toHaveURL(/\/auth\/signin/);
    const url = new URL(page.url());
    expect(url.pathname).toBe('/auth/signin');
    expect(url.searchParams.get('userId')).toBe('u1');
    expect(url.searchParams.get('cancelTarget')).toBe('/extension');
    await signInLocally(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Template preview');
    await expectParams(page, { tableId: 'tbl1', templateId: 'tp1' });
    await expect(page.getByRole('banner')).toContainText('Base plugin');
    // Another host user must sign in again; canceling goes to /canceled by default.
    await page.goto('/baseplugin/t/editor/e1?userId=u2');
    await expect(page).toHaveURL(/cancelTarget=%2Fcanceled/);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page.getByRole('heading', { name: 'Sign-in was canceled.' })).toBeVisible();
  });

  test('approval routes: list, editor, preview, query code and need-login', async ({ page }) => {
    // The editor route is real now: an approval that is not on this device is said so plainly.
    await page.goto('/approval/editor/APC-1');
    await expect(page.getByRole('alert')).toContainText('There is no approval “APC-1” on this device.');
    // Outside a host, an instance neither supplied by one nor kept on this device cannot be shown.
    await page.goto('/approval/preview/INS-5');
    await expect(page.getByRole('status')).toHaveText(/^There is no approval instance “INS-5” on this device\./);
    await expect(page.getByRole('link', { name: 'Open the workspace' })).toBeVisible();
    await page.goto('/approval?approvalCode=007');
    await expect(page).toHaveURL(/\/approval\/007$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Approval templates');
    await expect(page.getByText('Print templates of the approval “007”.')).toBeVisible();
    await page.goto('/approval');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Need Login');
  });

  test('other host screens render', async ({ page }) => {
    // Many first visits in one test (the print, Office and signature screens): past 30 s at load ~20.
    test.setTimeout(60_000);
    for (const [path, title] of [
      ['/print', 'Print'],
      ['/print-docx', 'Print Office templates'],
      ['/docx', 'Word, Excel and PowerPoint templates'],
      ['/signature/qr', 'Sign with a QR code'],
      ['/templates/invoice', 'Invoice'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(title);
    }
  });
});

test('an unknown path shows the not-found screen', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(page.getByText('There is nothing at /no/such/page.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
});
