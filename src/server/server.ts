/**
 * One process, one origin: `/api/*` goes to the API, everything else to the static handler of the
 * built app (scripts/serve.mjs owns how files are served), with the app's security headers.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { BODY_CODE } from '../api/contract';
import { ERROR_CATALOGUE } from '../core/errors';
import { createApiApp } from './app';
import { hashPassword } from './auth';
import { DEFAULT_CONFIG, type ServerConfig, type ServerContext } from './context';
import { type Database, type DatabaseOptions, openDatabase } from './db';
import { createMailer } from './mail';
import { originPolicy } from './origin';
import { TeamQuotaGuard } from './quotas';
import { MemoryLimitStore, SlidingWindowLimiter, SqlLimitStore } from './rateLimit';
import type { JobEvents } from './render/queue';
import { RenderService } from './render/service';
import { scheduleRetention } from './retention';

export type StaticHandler = (req: IncomingMessage, res: ServerResponse) => void;

export interface QuireServerOptions {
  port?: number;
  /** Loopback unless told otherwise. */
  host?: string;
  database?: DatabaseOptions;
  /** An open database to use instead (tests share one between server restarts). */
  db?: Database;
  staticHandler?: StaticHandler;
  config?: Partial<ServerConfig>;
  afterCommit?: ServerContext['afterCommit'];
  /** Render job hooks (logs, tests). */
  renderEvents?: JobEvents;
  /** Tests: a render thread module of their own (render/threadProtocol.ts) instead of the real one. */
  renderThreadEntry?: URL;
}

export interface QuireServer {
  url: string;
  port: number;
  db: Database;
  server: Server;
  /** Stops listening, ends open connections and (unless it was given one) closes the database. */
  close(): Promise<void>;
}

/** The app's Content-Security-Policy: its own scripts, workers and WebAssembly; nothing from elsewhere. */
function securityHeaders(config: ServerConfig): Record<string, string> {
  const csp = [
    "default-src 'self'",
    // The Typst compiler is WebAssembly; this build also needs eval (STACK-NOTES).
    "script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval'",
    "worker-src 'self' blob:",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    // The app fetches its own blob: and data: URLs (downloads, previews, images).
    ["connect-src 'self' blob: data:", ...config.connectOrigins].join(' '),
    "frame-src 'self' blob:",
    "object-src 'self' blob:",
    "manifest-src 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${config.frameAncestors.join(' ')}`,
  ].join('; ');
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
}

/**
 * `/quire-hosts.json`, the app's runtime host configuration (docs/HOST-PROTOCOL.md): the origins
 * of `frame-ancestors` that may frame Quire are the origins it talks to, one list for both.
 */
export function hostConfigJson(config: ServerConfig): string {
  const hostOrigins = config.frameAncestors.filter((source) => /^https?:\/\/[^/*'\s]+$/i.test(source));
  return JSON.stringify({ hostOrigins });
}

/** The answer to a request whose handler failed outside the API's own error handling. */
function failed(res: ServerResponse, error: unknown): void {
  const requestId = randomBytes(8).toString('hex');
  console.error(`[quire-server] request ${requestId} failed:`, error);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8', 'X-Request-Id': requestId });
  res.end(
    JSON.stringify({
      code: BODY_CODE.internal,
      msg: `${ERROR_CATALOGUE.InternalError.message}: request id ${requestId}`,
      data: { error: 'InternalError', requestId },
    }),
  );
}

export async function startQuireServer(options: QuireServerOptions = {}): Promise<QuireServer> {
  const config: ServerConfig = { ...DEFAULT_CONFIG, ...options.config };
  const db = options.db ?? (await openDatabase(options.database));
  const render = new RenderService(db, {
    fetchPolicy: config.fetchPolicy,
    pool: config.renderPool,
    workInServer: config.renderJobsInServer,
    events: options.renderEvents,
    threadEntry: options.renderThreadEntry,
  });
  await render.start();
  const retention = scheduleRetention(db, config.renderResultTtlMs, config.retentionIntervalMs, config.instanceTtlMs);
  const mailer = createMailer(config.mail);
  let listeningOrigin = '';
  // Several processes may serve one PostgreSQL: their limits are counted together there.
  const limitStore = db.kind === 'postgres' ? new SqlLimitStore(db) : new MemoryLimitStore();
  const origins = originPolicy(config.publicUrl, config.trustedProxies, () => listeningOrigin);
  const ctx: ServerContext = {
    db,
    config,
    loginLimiter: new SlidingWindowLimiter('login', config.loginMaxFailures, config.loginWindowMs, limitStore),
    sprayLimiter: new SlidingWindowLimiter(
      'login-address',
      config.loginMaxFailuresPerAddress,
      config.loginWindowMs,
      limitStore,
    ),
    keyLimiter: new SlidingWindowLimiter('key', config.apiKeyMaxRequests, config.apiKeyWindowMs, limitStore),
    renderLimiter: new SlidingWindowLimiter('render', config.sessionMaxRenders, config.apiKeyWindowMs, limitStore),
    limitStore,
    quotas: new TeamQuotaGuard(db, config.quotas, limitStore),
    render,
    mailer,
    decoyHash: await hashPassword('decoy password nobody has'),
    clientAddress: origins.clientAddress,
    publicOrigin: origins.publicOrigin,
    afterCommit: options.afterCommit,
  };
  const api = getRequestListener(createApiApp(ctx).fetch);
  const headers = securityHeaders(config);
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (path === '/api' || path.startsWith('/api/')) {
      api(req, res).catch((error: unknown) => failed(res, error));
      return;
    }
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    if (path === '/quire-hosts.json') {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end(hostConfigJson(config));
      return;
    }
    if (options.staticHandler) options.staticHandler(req, res);
    else res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('no app build is served here');
  };
  const server = createServer((req, res) => {
    // Whatever one request throws ends that request, never the process.
    try {
      handle(req, res);
    } catch (error) {
      failed(res, error);
    }
  });
  // A socket error (a client resetting mid-answer) belongs to that connection alone.
  server.on('clientError', (error, socket) => {
    if (socket.writable && !(error as { code?: string }).code?.startsWith('ECONN'))
      socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  listeningOrigin = `http://${shownHost}:${address.port}`;
  return {
    url: listeningOrigin,
    port: address.port,
    db,
    server,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await retention.stop();
      await render.close();
      mailer.close();
      if (!options.db) await db.close();
    },
  };
}
