/** The API as one Hono app under /api: public routes first, then everything behind a session. */
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { BODY_CODE } from '../api/contract';
import { type AuthEnv, requireSession } from './auth';
import type { ServerContext } from './context';
import { ApiError, errorResponse, invalid, limitBody, requestIdOf } from './envelope';
import { accessLogEntry, health } from './operator';
import { accountRoutes, publicAccountRoutes } from './routes/account';
import { approvalRoutes } from './routes/approval';
import { attachmentRoutes } from './routes/attachments';
import { operatorRoutes, planRoutes } from './routes/plans';
import { apiKeyRoutes, renderApiRoutes } from './routes/platform';
import { printTemplateRoutes } from './routes/printTemplates';
import { signatureRoutes } from './routes/signature';
import { signatureLinkRoutes } from './routes/signatureLinks';
import { syncRoutes } from './routes/sync';
import { teamRoutes } from './routes/teams';

/** Whether a request target decodes to UTF-8 without NUL characters. */
function decodesCleanly(target: string): boolean {
  try {
    return !decodeURIComponent(target.replace(/\+/g, ' ')).includes('\0');
  } catch {
    return false;
  }
}

export function createApiApp(ctx: ServerContext): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  const api = new Hono<AuthEnv>();

  // A Quire app served from another origin may use this server only when configured to; the
  // token travels in a header, never in a cookie, so no credentials mode is needed.
  const corsOrigins = new Set(ctx.config.corsOrigins);
  api.use(
    '*',
    cors({
      origin: (origin) => (corsOrigins.has(origin) ? origin : null),
      allowHeaders: ['authorization', 'content-type', 'app-version', 'lang', 'tenant-key'],
      allowMethods: ['GET', 'POST', 'PUT', 'DELETE'],
      maxAge: 600,
    }),
  );
  api.use('*', async (c, next) => {
    const startedAt = performance.now();
    // Every answer names its request, so a failure a user reports can be found in the log.
    const requestId = requestIdOf(c);
    c.header('X-Request-Id', requestId);
    await next();
    c.header('Cache-Control', 'no-store');
    c.header('X-Content-Type-Options', 'nosniff');
    ctx.config.accessLog?.(accessLogEntry(ctx, c, requestId, startedAt));
  });
  // A path or query that does not decode, or decodes to a NUL, names nothing: 400 before any route.
  api.use('*', async (c, next) => {
    const target = c.req.url.slice(c.req.url.indexOf('/', c.req.url.indexOf('//') + 2));
    if (!decodesCleanly(target)) throw invalid('the request path or query is not valid percent-encoded UTF-8');
    await next();
  });
  api.use('*', limitBody(ctx.config.maxBodyBytes, `the body is larger than ${ctx.config.maxBodyBytes} bytes`));

  // Answered on the request thread, which never renders (render/pool.ts): prompt while renders run.
  // An unreachable database makes it 503, for a load balancer's or monitor's check.
  api.get('/health', async (c) => {
    const data = await health(ctx);
    return c.json(
      { code: data.databaseOk ? BODY_CODE.ok : BODY_CODE.internal, msg: 'ok', data },
      data.databaseOk ? 200 : 503,
    );
  });
  publicAccountRoutes(api, ctx);
  // Instances and renders take a team's API key as well as a session: they check the caller themselves.
  renderApiRoutes(api, ctx);
  // The phone signing through a QR link carries no session (#31): its token is the only key.
  signatureLinkRoutes(api, ctx);
  // Plans are set by the operator's key, not a session (#32).
  operatorRoutes(api, ctx);

  api.use('*', requireSession(ctx.db));
  accountRoutes(api, ctx);
  signatureRoutes(api, ctx);
  planRoutes(api, ctx);
  teamRoutes(api, ctx);
  apiKeyRoutes(api, ctx);
  approvalRoutes(api, ctx);
  printTemplateRoutes(api, ctx);
  attachmentRoutes(api, ctx);
  syncRoutes(api, ctx);

  app.route('/api', api);
  app.onError((error, c) => errorResponse(c, error));
  app.notFound((c) => errorResponse(c, new ApiError(404, BODY_CODE.notFound, 'Forbidden', 'no such route')));
  return app;
}
