/**
 * Mail in Chromium with the real server (#15): the server is started with QUIRE_SMTP_URL pointing
 * at a real SMTP server in this test process (smtp-server on 127.0.0.1, an ephemeral port). An
 * owner mails an invitation link from the members screen; the invitee opens the mailed link and
 * joins as a member, and sees the API keys screen read-only; the owner resets the password
 * through the mailed link, and sees the catalogued error when the mail server refuses a message.
 */
import { type ReceivedMail, startTestSmtp, type TestSmtp } from '../../src/server/smtpTesting';
import { ownerWithTeam, signUp } from './account-helpers';
import { type ApiServer, apiPort, startApiServer } from './api-server';
import { expect as baseExpect, SCREENSHOT_DIR, test } from './fixtures';

const expect = baseExpect.configure({ timeout: 30_000 });
const PORT = apiPort('QUIRE_E2E_MAIL_PORT', 25);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const STAMP = Date.now();
const ANN = { name: 'Ann', email: `ann.${STAMP}@example.test`, password: 'correct horse battery' };
const CAI = { name: 'Cai', email: `cai.${STAMP}@example.test`, password: 'staple battery horse' };

let smtp: TestSmtp | undefined;
let server: ApiServer | undefined;

test.use({ baseURL: ORIGIN });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  smtp = await startTestSmtp();
  server = await startApiServer({
    port: PORT,
    name: 'mail',
    env: { QUIRE_PUBLIC_URL: undefined, QUIRE_SMTP_URL: smtp.url, QUIRE_MAIL_FROM: 'Quire <quire@example.test>' },
  });
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

/** The message to `to`, once it arrived. */
async function mailTo(to: string): Promise<ReceivedMail> {
  await expect.poll(() => smtp?.received.some((m) => m.to.includes(to)) ?? false, { timeout: 15_000 }).toBe(true);
  return smtp?.received.find((m) => m.to.includes(to)) as ReceivedMail;
}

test('an owner mails an invitation link, the invitee joins from the mail; a member sees API keys read-only; reset by mail', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const teamId = await ownerWithTeam(page, ANN, 'Acme <b>Print</b>');

  // The server has a mail server: the address field is open and says the link goes by email.
  const address = page.getByLabel('Email the link to (optional)');
  await expect(page.locator('#invite-email-hint')).toHaveText(
    'The link is sent to this address by email, and shown here too.',
  );
  await expect(address).toBeEnabled();
  await address.fill(CAI.email);
  await page.getByRole('button', { name: 'Create and email link' }).click();
  await expect(page.getByTestId('invitation-sent')).toHaveText(
    `The invitation link was sent by email to ${CAI.email}.`,
  );
  const shown = await page.locator('#invite-link').inputValue();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/mail-invitation-sent.png`, fullPage: true });

  const invitation = await mailTo(CAI.email);
  expect(invitation.subject).toBe('Ann invited you to “Acme <b>Print</b>” on Quire');
  expect(invitation.html).toContain('Acme &lt;b&gt;Print&lt;/b&gt;');
  const mailed = /(http\S+\/invitation\/[A-Za-z0-9_-]+)/.exec(invitation.text)?.[1];
  expect(mailed).toBe(shown);

  // The invitee opens the mailed link in a browser of their own, signs up and joins as a member.
  const other = await browser.newContext({ baseURL: ORIGIN });
  const cai = await other.newPage();
  await cai.goto(mailed as string);
  await expect(cai.getByTestId('invitation-lead')).toHaveText('Ann invited you to join “Acme <b>Print</b>” as member.');
  await signUp(cai, CAI);
  await expect(cai.getByText('You joined “Acme <b>Print</b>”.')).toBeVisible();

  // As a member, the API keys screen shows a sentence instead of the controls.
  await cai.goto(`/o/${teamId}/api-keys`);
  await expect(cai.getByTestId('api-keys-read-only')).toContainText('only its owners and admins can create or delete');
  await expect(cai.getByRole('button', { name: 'Create key' })).toHaveCount(0);
  await cai.screenshot({ path: `${SCREENSHOT_DIR}/mail-api-keys-member.png`, fullPage: true });
  await other.close();

  // The owner still has the controls.
  await page.goto(`/o/${teamId}/api-keys`);
  await expect(page.getByRole('button', { name: 'Create key' })).toBeVisible();
  await expect(page.getByTestId('api-keys-read-only')).toHaveCount(0);

  // Password reset: the link goes by mail, never to the log.
  await page.goto('/logout');
  await expect(page.getByRole('heading', { name: 'You are signed out' })).toBeVisible();
  await page.goto('/reset-password');
  await page.getByLabel('Email').fill(ANN.email);
  await page.getByRole('button', { name: 'Make a reset link' }).click();
  await expect(page.getByTestId('reset-sent')).toHaveText(
    'If an account uses this email, a reset link was sent to it by email. It works once, for one hour.',
  );
  await page.screenshot({ path: `${SCREENSHOT_DIR}/mail-reset-sent.png`, fullPage: true });
  const reset = await mailTo(ANN.email);
  expect(reset.subject).toBe('Reset your Quire password');
  const link = /(http\S+\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(reset.text)?.[1] as string;
  expect(link.startsWith(`${ORIGIN}/reset-password?token=`)).toBe(true);
  expect(server?.log()).not.toContain('/reset-password?token=');
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('mailed pass 123');
  await page.getByLabel('New password again').fill('mailed pass 123');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByText('Your password is set and you are signed in.')).toBeVisible();

  // When the mail server refuses the message, the screen says so in the catalogue's words.
  if (smtp) smtp.refuse.messages = true;
  await page.goto('/reset-password');
  await page.getByLabel('Email').fill(ANN.email);
  await page.getByRole('button', { name: 'Make a reset link' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'The mail could not be sent: the server’s mail server did not take it.',
  );
  await page.screenshot({ path: `${SCREENSHOT_DIR}/mail-reset-failed.png`, fullPage: true });
});
