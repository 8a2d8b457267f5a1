/**
 * Starts Quire's server from the command line (`npm run server -- --port N --data DIR`, or
 * `npm start`): the built app and the API on one origin, PGlite in DIR unless DATABASE_URL
 * names a PostgreSQL.
 */
import { resolve } from 'node:path';
import { libreOfficeInstalled } from '../../workers/libreoffice';
import { QuireError } from '../core/errors';
import { DEFAULT_CONFIG } from './context';
import { mailSettingsFromEnv } from './mail';
import { stdoutAccessLog } from './operator';
import { parsePublicUrl } from './origin';
import { quotasFromEnv } from './quotas';
import { fetchPolicyFromEnv } from './render/fetchPolicy';
import { renderPoolFromEnv } from './render/renderer';
import { type QuireServer, type StaticHandler, startQuireServer } from './server';

interface CliOptions {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL only: a schema of its own (QUIRE_DB_SCHEMA), as render workers take it. */
  databaseSchema?: string;
  frameAncestors: string[];
  corsOrigins: string[];
  connectOrigins: string[];
  publicUrl?: string;
  trustedProxies: string[];
}

/** A list of origins from a flag or variable: `https://a.example, https://b.example`. */
function originList(text: string | undefined, name: string): string[] {
  const origins = (text ?? '').split(/[\s,]+/).filter(Boolean);
  for (const origin of origins) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined;
    }
    if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== origin)
      throw new QuireError('DataInvalid', {
        detail: `--${name} takes origins like https://quire.example.com, not '${origin}'`,
      });
  }
  return origins;
}

/** Quire may always frame itself (its own sign-in round trips); `'none'` stays alone, as CSP needs. */
function withSelf(sources: string[]): string[] {
  if (sources.includes("'none'")) return ["'none'"];
  return ["'self'", ...sources.filter((source) => source !== "'self'")];
}

export function parseArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): CliOptions {
  const value = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const port = Number(value('port') ?? env.PORT ?? 4173);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new QuireError('DataInvalid', { detail: `--port must be 0–65535, not '${value('port')}'` });
  const ancestors = value('frame-ancestors') ?? env.QUIRE_FRAME_ANCESTORS;
  return {
    port,
    host: value('host') ?? env.HOST ?? '127.0.0.1',
    dataDir: resolve(value('data') ?? env.QUIRE_DATA ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: env.QUIRE_DB_SCHEMA || undefined,
    frameAncestors: withSelf(ancestors ? ancestors.split(/[\s,]+/).filter(Boolean) : DEFAULT_CONFIG.frameAncestors),
    corsOrigins: originList(value('cors-origins') ?? env.QUIRE_CORS_ORIGINS, 'cors-origins'),
    connectOrigins: originList(value('connect-origins') ?? env.QUIRE_CONNECT_ORIGINS, 'connect-origins'),
    publicUrl: parsePublicUrl(value('public-url') ?? env.QUIRE_PUBLIC_URL),
    trustedProxies: (value('trusted-proxy') ?? env.QUIRE_TRUSTED_PROXIES ?? '').split(/[\s,]+/).filter(Boolean),
  };
}

export async function runServer(argv: readonly string[], staticHandler?: StaticHandler): Promise<QuireServer> {
  const options = parseArgs(argv);
  const mail = mailSettingsFromEnv();
  const server = await startQuireServer({
    port: options.port,
    host: options.host,
    database: { url: options.databaseUrl, dataDir: options.dataDir, schema: options.databaseSchema },
    staticHandler,
    config: {
      frameAncestors: options.frameAncestors,
      corsOrigins: options.corsOrigins,
      connectOrigins: options.connectOrigins,
      publicUrl: options.publicUrl,
      trustedProxies: options.trustedProxies,
      fetchPolicy: fetchPolicyFromEnv(),
      // On PostgreSQL the server takes render jobs too, unless dedicated render-worker processes do.
      renderJobsInServer: process.env.QUIRE_SERVER_RENDER_JOBS !== '0',
      renderPool: renderPoolFromEnv(process.env, DEFAULT_CONFIG.renderPool),
      quotas: quotasFromEnv(process.env, DEFAULT_CONFIG.quotas),
      accessLog: process.env.QUIRE_ACCESS_LOG === '0' ? undefined : stdoutAccessLog,
      renderResultTtlMs:
        Number(process.env.QUIRE_RENDER_RESULT_HOURS) > 0
          ? Number(process.env.QUIRE_RENDER_RESULT_HOURS) * 3600_000
          : DEFAULT_CONFIG.renderResultTtlMs,
      // Off unless set: an instance is a team's record, deleted by its owner (DELETE …/instances/{id}).
      instanceTtlMs:
        Number(process.env.QUIRE_INSTANCE_DAYS) > 0
          ? Number(process.env.QUIRE_INSTANCE_DAYS) * 24 * 3600_000
          : DEFAULT_CONFIG.instanceTtlMs,
      mail,
      // #32: plans are set by an operator (this key, or `quire plan set`) and bought at the upgrade URL.
      operatorKey: process.env.QUIRE_OPERATOR_KEY || undefined,
      upgradeUrl: process.env.QUIRE_UPGRADE_URL || undefined,
    },
  });
  const where =
    server.db.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PostgreSQL in ${options.dataDir}`;
  console.log(`Quire is running at ${server.url}/ (API at ${server.url}/api, ${where})`);
  console.log(
    `Links in mail and logs point at ${options.publicUrl ?? server.url}` +
      (options.publicUrl
        ? ''
        : ' (set QUIRE_PUBLIC_URL or --public-url when users reach the server by another address)'),
  );
  console.log(
    mail
      ? `Mail: reset and invitation links are sent through ${new URL(mail.url).host} from ${mail.from}`
      : 'Mail: no QUIRE_SMTP_URL, so reset links are written to this log and invitation links are copied by hand',
  );
  // Office files (templates asked for as PDF, attachments to preview or print) need LibreOffice;
  // without it they fail at once with a catalogued error, so the operator learns it here.
  console.log(
    libreOfficeInstalled()
      ? 'LibreOffice: found (Office files become PDF: templates, attachment templates, attachment previews)'
      : 'LibreOffice: not found (install it or set QUIRE_SOFFICE; until then Office templates as PDF and Office attachments fail with AttachmentNeedsLibreOffice / OfficePdfUnavailable)',
  );
  const stop = () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return server;
}
