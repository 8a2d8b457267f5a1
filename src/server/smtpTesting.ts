/**
 * A real SMTP server for tests (smtp-server, in process, 127.0.0.1, an ephemeral port): it keeps
 * every message it is given, decoded enough to read the subject, the plain text and the HTML.
 * `refuse` makes it refuse a recipient (RCPT TO) or every message (after DATA).
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope's recipients. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface TestSmtp {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Recipients refused at RCPT TO, and whether every message is refused after DATA. */
  refuse: { recipients: Set<string>; messages: boolean };
  close(): Promise<void>;
}

const SMTP_USER = 'quire';
const SMTP_PASSWORD = 'mail secret';

/** `=?UTF-8?Q?…?=` and `=?UTF-8?B?…?=` words of a header. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(
            data
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

function decodeBody(body: string, encoding: string): string {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/quoted-printable/i.test(encoding)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

function headersOf(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** The decoded text/plain and text/html parts of a message (one level of multipart is enough here). */
function partsOf(raw: string): { text: string; html: string; headers: Map<string, string> } {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = headersOf(raw.slice(0, split));
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  const found = { text: '', html: '', headers };
  const take = (partType: string, partHeaders: Map<string, string>, content: string) => {
    const decoded = decodeBody(content, partHeaders.get('content-transfer-encoding') ?? '');
    if (/^text\/plain/i.test(partType)) found.text = decoded;
    else if (/^text\/html/i.test(partType)) found.html = decoded;
  };
  if (!boundary) {
    take(type, headers, body);
    return found;
  }
  for (const part of body.split(`--${boundary}`).slice(1)) {
    if (part.startsWith('--')) break;
    const at = part.search(/\r?\n\r?\n/);
    const partHeaders = headersOf(part.slice(0, at));
    take(partHeaders.get('content-type') ?? 'text/plain', partHeaders, part.slice(at).replace(/^\r?\n\r?\n/, ''));
  }
  return found;
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const refuse = { recipients: new Set<string>(), messages: false };
  const server = new SMTPServer({
    // Plain SMTP on loopback: no STARTTLS offer (no certificate to trust), sign-in allowed without TLS.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) callback(null, { user: auth.username });
      else callback(new Error('invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      if (refuse.recipients.has(address.address.toLowerCase())) {
        const error = new Error('mailbox unavailable') as Error & { responseCode: number };
        error.responseCode = 550;
        callback(error);
      } else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refuse.messages) {
          const error = new Error('local error in processing') as Error & { responseCode: number };
          error.responseCode = 451;
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const { text, html, headers } = partsOf(raw);
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          subject: decodeHeader(headers.get('subject') ?? ''),
          text,
          html,
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${SMTP_USER}:${encodeURIComponent(SMTP_PASSWORD)}@127.0.0.1:${port}`,
    port,
    received,
    refuse,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
