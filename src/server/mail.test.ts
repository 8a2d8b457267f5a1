/**
 * Mail the server sends (#15), through a real SMTP server on 127.0.0.1 (smtp-server, an
 * ephemeral port), on PGlite and, with DATABASE_URL, PostgreSQL: reset links mailed in the
 * requester's language and followed through the API, send failures that answer the same
 * whatever the address, and the settings read from the environment.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from './db';
import { mailSettingsFromEnv } from './mail';
import { invitationMail, mailLanguage, resetMail } from './mailText';
import { type ReceivedMail, startTestSmtp, type TestSmtp } from './smtpTesting';
import { type Caller, startTestServer, type TestServer, testBackends } from './testing';

const FROM = 'Quire <quire@example.test>';

/** A port nothing listens on: a relay that is down. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

const linkIn = (mail: ReceivedMail) => /(https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];

describe('mail settings and texts', () => {
  it('reads QUIRE_SMTP_URL and QUIRE_MAIL_FROM, and refuses half or wrong settings', () => {
    expect(mailSettingsFromEnv({})).toBeUndefined();
    expect(mailSettingsFromEnv({ QUIRE_SMTP_URL: 'smtps://u:p@mail.example.com', QUIRE_MAIL_FROM: FROM })).toEqual({
      url: 'smtps://u:p@mail.example.com',
      from: FROM,
    });
    expect(() => mailSettingsFromEnv({ QUIRE_SMTP_URL: 'smtp://mail.example.com:587' })).toThrow(/QUIRE_MAIL_FROM/);
    expect(() => mailSettingsFromEnv({ QUIRE_SMTP_URL: 'http://mail.example.com', QUIRE_MAIL_FROM: FROM })).toThrow(
      /QUIRE_SMTP_URL/,
    );
    expect(() =>
      mailSettingsFromEnv({ QUIRE_SMTP_URL: 'smtp://mail.example.com', QUIRE_MAIL_FROM: 'not an address' }),
    ).toThrow(/QUIRE_MAIL_FROM/);
  });

  it('picks the language of the lang header, falling back to English', () => {
    expect(mailLanguage('de-DE')).toBe('de-DE');
    expect(mailLanguage('de')).toBe('de-DE');
    expect(mailLanguage('zh_tw')).toBe('zh-TW');
    expect(mailLanguage('zh-Hant-HK')).toBe('zh-TW');
    expect(mailLanguage('zh-HK')).toBe('zh-HK');
    expect(mailLanguage('pt-PT')).toBe('pt-BR');
    expect(mailLanguage('xx')).toBe('en-US');
    expect(mailLanguage(undefined)).toBe('en-US');
  });

  it('escapes names and team names in the HTML and keeps the subject on one line', () => {
    const evil = '<img src=x onerror=alert(1)> & "Eve"';
    const reset = resetMail(
      'en-US',
      { email: 'a@example.test', name: evil },
      'https://q.example/reset-password?token=t',
    );
    expect(reset.html).not.toContain('<img');
    expect(reset.html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Eve&quot;');
    expect(reset.text).toContain(`Hello ${evil},`);
    const invite = invitationMail(
      'fr-FR',
      'b@example.test',
      { inviter: evil, team: 'Team\r\nBcc: x@example.test <b>', role: 'admin', expiresAt: Date.UTC(2030, 0, 2, 3, 4) },
      'https://q.example/invitation/abc',
    );
    expect(invite.subject).not.toMatch(/[\r\n]/);
    expect(invite.subject).toContain('Team Bcc: x@example.test <b>');
    expect(invite.html).not.toMatch(/<b>|<img/);
    expect(invite.html).toContain('Team Bcc: x@example.test &lt;b&gt;');
    expect(invite.text).toContain('en tant que administrateur');
    expect(invite.html).toContain('<a href="https://q.example/invitation/abc">');
  });
});

describe.each(testBackends())('mail on $name', (backend) => {
  let db: Database;
  let smtp: TestSmtp;
  let server: TestServer;
  let call: Caller;

  beforeAll(async () => {
    db = await backend.open();
    smtp = await startTestSmtp();
    server = await startTestServer(db, { config: { mail: { url: smtp.url, from: FROM } } });
    call = server.call;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
    if (db) await backend.dispose(db);
  });
  beforeEach(() => {
    smtp.received.length = 0;
    smtp.refuse.recipients.clear();
    smtp.refuse.messages = false;
  });

  const liveResets = async (userId: string) =>
    (await db.query('SELECT 1 FROM password_resets WHERE user_id = $1 AND used_at IS NULL', [userId])).length;

  describe('password reset', () => {
    it('mails a single-use link to the account, in the requester’s language; following it sets the password', async () => {
      const user = await server.register('<b>Ann</b> & Co');
      const log = vi.spyOn(console, 'log').mockImplementation(() => {});
      const reply = await call('POST', '/api/auth/password-reset', {
        body: { email: user.email.toUpperCase() },
        headers: { lang: 'de-DE' },
      });
      const logged = log.mock.calls.map((args) => String(args[0]));
      log.mockRestore();
      expect(reply.data).toEqual({ delivery: 'mail' });
      // Mailed, so the link is not in the server's log.
      expect(logged.some((line) => line.includes('reset-password?token='))).toBe(false);

      expect(smtp.received).toHaveLength(1);
      const mail = smtp.received[0] as ReceivedMail;
      expect(mail.to).toEqual([user.email]);
      expect(mail.from).toBe('quire@example.test');
      expect(mail.subject).toBe('Ihr Quire-Passwort zurücksetzen');
      expect(mail.text).toContain('Hallo <b>Ann</b> & Co,');
      expect(mail.html).toContain('Hallo &lt;b&gt;Ann&lt;/b&gt; &amp; Co,');
      expect(mail.html).not.toContain('<b>Ann');
      const link = linkIn(mail);
      expect(link).toMatch(new RegExp(`^${server.url}/reset-password\\?token=[A-Za-z0-9_-]{43}$`));
      expect(mail.html).toContain(`<a href="${link}">`);

      const token = new URL(link as string).searchParams.get('token') as string;
      const done = await call('POST', '/api/auth/password-reset/confirm', {
        body: { token, newPassword: 'mailed 12' },
      });
      expect(done.code, done.msg).toBe(0);
      const login = await call('POST', '/api/auth/login', { body: { email: user.email, password: 'mailed 12' } });
      expect(login.code).toBe(0);
      expect((await call('GET', '/api/user', { token: user.token })).status).toBe(401);
      const again = await call('POST', '/api/auth/password-reset/confirm', {
        body: { token, newPassword: 'again 123' },
      });
      expect([again.status, again.data.error]).toEqual([400, 'ResetLinkInvalid']);
    });

    it('an unknown address gets the same answer and no mail', async () => {
      const reply = await call('POST', '/api/auth/password-reset', { body: { email: 'nobody@example.test' } });
      expect([reply.status, reply.data]).toEqual([200, { delivery: 'mail' }]);
      expect(smtp.received).toHaveLength(0);
    });

    it('a refused message is logged and answered MailSendFailed, leaving no live link', async () => {
      const user = await server.register('Ann');
      smtp.refuse.messages = true;
      const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
      const reply = await call('POST', '/api/auth/password-reset', { body: { email: user.email } });
      const logged = errors.mock.calls.map((args) => String(args[0]));
      errors.mockRestore();
      expect([reply.status, reply.data.error]).toEqual([503, 'MailSendFailed']);
      expect(logged.some((line) => line.includes('password reset mail') && line.includes('not sent'))).toBe(true);
      expect(await liveResets(user.userId)).toBe(0);
    });

    it('a refused recipient is answered like any address (and logged), leaving no live link', async () => {
      const user = await server.register('Ann');
      smtp.refuse.recipients.add(user.email);
      const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
      const reply = await call('POST', '/api/auth/password-reset', { body: { email: user.email } });
      const logged = errors.mock.calls.map((args) => String(args[0]));
      errors.mockRestore();
      expect([reply.status, reply.data]).toEqual([200, { delivery: 'mail' }]);
      expect(logged.some((line) => line.includes('recipient refused'))).toBe(true);
      expect(await liveResets(user.userId)).toBe(0);
    });

    it('with the mail server down, known and unknown addresses get the same MailSendFailed', async () => {
      const port = await closedPort();
      const down = await startTestServer(db, {
        config: { mail: { url: `smtp://127.0.0.1:${port}`, from: FROM } },
      });
      const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        const user = await down.register('Ann');
        const known = await down.call('POST', '/api/auth/password-reset', { body: { email: user.email } });
        const unknown = await down.call('POST', '/api/auth/password-reset', { body: { email: 'nobody@example.test' } });
        expect([known.status, known.data.error]).toEqual([503, 'MailSendFailed']);
        expect([unknown.status, unknown.data.error]).toEqual([503, 'MailSendFailed']);
        expect(known.msg).toBe(unknown.msg);
      } finally {
        errors.mockRestore();
        await down.close();
      }
    });

    it('limits requests per address, mail or not', async () => {
      const user = await server.register('Ann');
      const answers = [];
      for (let i = 0; i < 6; i++)
        answers.push((await call('POST', '/api/auth/password-reset', { body: { email: user.email } })).status);
      expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
      expect(smtp.received).toHaveLength(5);
    });
  });
  describe('invitation by mail', () => {
    const invitationLink = (mail: ReceivedMail) => /(https?:\/\/\S+\/invitation\/[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];

    /** An owner whose team is named with markup, and a teammate of the given role. */
    async function teamWith(role?: 'admin' | 'member') {
      const owner = await server.register('Ann <i>Lee</i>');
      const renamed = await call('PUT', `/api/teams/${owner.teamKey}`, {
        token: owner.token,
        body: { name: 'R&D <script>alert(1)</script>' },
      });
      expect(renamed.code, renamed.msg).toBe(0);
      if (!role) return { owner };
      const mate = await server.register('Bob');
      await call('POST', `/api/teams/${owner.teamId}/members`, { token: owner.token, body: { email: mate.email } });
      await call('PUT', `/api/teams/${owner.teamId}/members/${mate.userId}`, { token: owner.token, body: { role } });
      return { owner, mate };
    }

    it('mails the link in the inviter’s language with escaped names; following it joins the team', async () => {
      const { owner } = await teamWith();
      const status = await call('GET', '/api/mail', { token: owner.token });
      expect(status.data).toEqual({ configured: true });
      const sent = await call('POST', `/api/teams/${owner.teamId}/invitations`, {
        token: owner.token,
        headers: { lang: 'fr-FR' },
        body: { role: 'admin', expiresInDays: 3, email: ' New.Person@Example.TEST ' },
      });
      expect(sent.code, sent.msg).toBe(0);
      expect(sent.data.sentTo).toBe('new.person@example.test');

      expect(smtp.received).toHaveLength(1);
      const mail = smtp.received[0] as ReceivedMail;
      expect(mail.to).toEqual(['new.person@example.test']);
      expect(mail.subject).toBe('Ann <i>Lee</i> vous invite dans « R&D <script>alert(1)</script> » sur Quire');
      expect(mail.text).toContain('en tant que administrateur');
      expect(mail.html).not.toMatch(/<script|<i>/);
      expect(mail.html).toContain('Ann &lt;i&gt;Lee&lt;/i&gt;');
      expect(mail.html).toContain('R&amp;D &lt;script&gt;alert(1)&lt;/script&gt;');
      const link = invitationLink(mail);
      expect(link).toBe(`${server.url}/invitation/${sent.data.code}`);

      const code = (link as string).split('/invitation/')[1] as string;
      const preview = await call('GET', `/api/invitations/${code}`);
      expect(preview.data).toMatchObject({ teamName: 'R&D <script>alert(1)</script>', role: 'admin' });
      const invitee = await server.register('New');
      const joined = await call('POST', `/api/invitations/${code}/accept`, { token: invitee.token });
      expect(joined.code, joined.msg).toBe(0);
      expect(joined.data).toMatchObject({ id: owner.teamId, role: 'admin' });
    });

    it('admins may mail invitations; members get 403 and strangers 404, and nothing is sent', async () => {
      const { owner, mate: admin } = await teamWith('admin');
      const byAdmin = await call('POST', `/api/teams/${owner.teamId}/invitations`, {
        token: admin?.token,
        body: { email: 'one@example.test' },
      });
      expect(byAdmin.code, byAdmin.msg).toBe(0);
      expect(smtp.received.map((m) => m.to)).toEqual([['one@example.test']]);

      const { owner: other, mate: member } = await teamWith('member');
      const denied = await call('POST', `/api/teams/${other.teamId}/invitations`, {
        token: member?.token,
        body: { email: 'two@example.test' },
      });
      expect([denied.status, denied.data.error]).toEqual([403, 'OnlyAdminAllowed']);
      const stranger = await call('POST', `/api/teams/${other.teamId}/invitations`, {
        token: admin?.token,
        body: { email: 'two@example.test' },
      });
      expect(stranger.status).toBe(404);
      expect(smtp.received).toHaveLength(1);
    });

    it('validates the address and limits mails per address', async () => {
      const { owner } = await teamWith();
      for (const email of ['not an address', 'a@b', `${'x'.repeat(250)}@example.test`]) {
        const bad = await call('POST', `/api/teams/${owner.teamId}/invitations`, {
          token: owner.token,
          body: { email },
        });
        expect([bad.status, bad.data.error, bad.data.issues?.[0]?.path]).toEqual([400, 'DataInvalid', 'email']);
      }
      expect(smtp.received).toHaveLength(0);
      const answers = [];
      for (let i = 0; i < 6; i++)
        answers.push(
          (
            await call('POST', `/api/teams/${owner.teamId}/invitations`, {
              token: owner.token,
              body: { email: 'limited@example.test' },
            })
          ).status,
        );
      expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
      expect(smtp.received).toHaveLength(5);
      // Another address is still served.
      const other = await call('POST', `/api/teams/${owner.teamId}/invitations`, {
        token: owner.token,
        body: { email: 'other@example.test' },
      });
      expect(other.code).toBe(0);
    });

    it('a refused mail answers MailSendFailed and leaves no open link', async () => {
      const { owner } = await teamWith();
      smtp.refuse.messages = true;
      const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
      const reply = await call('POST', `/api/teams/${owner.teamId}/invitations`, {
        token: owner.token,
        body: { email: 'refused@example.test' },
      });
      errors.mockRestore();
      expect([reply.status, reply.data.error]).toEqual([503, 'MailSendFailed']);
      expect((await call('GET', `/api/teams/${owner.teamId}/invitations`, { token: owner.token })).data).toEqual([]);
    });

    it('without a mail server: GET /api/mail says so and an address is refused with MailNotConfigured', async () => {
      const plain = await startTestServer(db);
      try {
        const owner = await plain.register('Ann');
        expect((await plain.call('GET', '/api/mail', { token: owner.token })).data).toEqual({ configured: false });
        const refused = await plain.call('POST', `/api/teams/${owner.teamId}/invitations`, {
          token: owner.token,
          body: { email: 'someone@example.test' },
        });
        expect([refused.status, refused.data.error]).toEqual([400, 'MailNotConfigured']);
        const link = await plain.call('POST', `/api/teams/${owner.teamId}/invitations`, {
          token: owner.token,
          body: {},
        });
        expect(link.data.code).toEqual(expect.any(String));
        expect(link.data.sentTo).toBeUndefined();
      } finally {
        await plain.close();
      }
      expect(smtp.received).toHaveLength(0);
    });
  });
});
