/**
 * Mail the server sends (#15): password-reset and invitation links over SMTP, configured by
 * `QUIRE_SMTP_URL` (smtp://user:pass@host:587, smtps://…) and `QUIRE_MAIL_FROM`. Without them
 * nothing is sent: reset links go to the server's log and invitation links are copied by hand.
 */
import nodemailer from 'nodemailer';
import { BODY_CODE } from '../api/contract';
import { QuireError } from '../core/errors';
import { ApiError } from './envelope';

export interface MailSettings {
  /** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…` (TLS from the start). */
  url: string;
  /** The sender, e.g. `Quire <quire@example.com>`. */
  from: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Why a send failed: the relay refused this recipient, or the relay itself failed. */
type MailFailure = 'recipient' | 'server';

export interface Mailer {
  readonly configured: boolean;
  /** Sends one message; throws `MailError` on failure. */
  send(message: MailMessage): Promise<void>;
  /** Connects and signs in without sending (answers how it failed, or null). */
  check(): Promise<MailFailure | null>;
  close(): void;
}

export class MailError extends Error {
  constructor(
    readonly failure: MailFailure,
    cause: unknown,
  ) {
    super(`mail ${failure === 'recipient' ? 'recipient refused' : 'server failed'}: ${reasonOf(cause)}`, { cause });
  }
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The answer to a request whose mail did not go: the same whoever the address belongs to. */
export const mailSendFailed = () => new ApiError(503, BODY_CODE.internal, 'MailSendFailed');
export const mailNotConfigured = () => new ApiError(400, BODY_CODE.invalid, 'MailNotConfigured');

/** Mail settings from the environment; undefined when no SMTP server is named. */
export function mailSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): MailSettings | undefined {
  const url = env.QUIRE_SMTP_URL?.trim();
  if (!url) return undefined;
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || !/^smtps?:$/.test(parsed.protocol) || !parsed.hostname)
    throw new QuireError('DataInvalid', {
      detail: 'QUIRE_SMTP_URL takes smtp://user:password@host:587 or smtps://user:password@host:465',
    });
  const from = env.QUIRE_MAIL_FROM?.trim();
  if (!from || !/^[^\s@<>]+@[^\s@<>]+$|<[^\s@<>]+@[^\s@<>]+>$/.test(from))
    throw new QuireError('DataInvalid', {
      detail: 'QUIRE_SMTP_URL needs QUIRE_MAIL_FROM, the sender: quire@example.com or "Quire <quire@example.com>"',
    });
  return { url, from };
}

/** The mailer when none is configured: reports so and never sends. */
const noMailer: Mailer = {
  configured: false,
  async send() {
    throw mailNotConfigured();
  },
  async check() {
    return 'server';
  },
  close() {},
};

/** Codes nodemailer gives when the relay refused the envelope's recipients, not the connection. */
const RECIPIENT_CODES = new Set(['EENVELOPE']);

function smtpMailer(settings: MailSettings): Mailer {
  // Short timeouts: the request that sends waits for the relay's answer.
  const transport = nodemailer.createTransport(
    { url: settings.url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 },
    { from: settings.from },
  );
  return {
    configured: true,
    async send(message) {
      try {
        await transport.sendMail(message);
      } catch (error) {
        const code = (error as { code?: string }).code;
        throw new MailError(code && RECIPIENT_CODES.has(code) ? 'recipient' : 'server', error);
      }
    },
    async check() {
      try {
        await transport.verify();
        return null;
      } catch (error) {
        console.error(`[quire-server] mail server check failed: ${reasonOf(error)}`);
        return 'server';
      }
    },
    close() {
      transport.close();
    },
  };
}

export const createMailer = (settings: MailSettings | undefined): Mailer =>
  settings ? smtpMailer(settings) : noMailer;
