/**
 * The response envelope `{code, msg, data}` and the mapping from failures to HTTP statuses and
 * body codes. Handlers throw `ApiError` (or a catalogued `QuireError`); nothing else leaks out —
 * an unexpected error becomes a 500 with no stack trace.
 */
import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ZodType } from 'zod';
import { BODY_CODE, type Envelope, type ErrorData, type TemplateDto } from '../api/contract';
import { ERROR_CATALOGUE, type ErrorIssue, type ErrorName, isQuireError } from '../core/errors';
import { zodIssues } from '../core/issues';

type Status = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 500 | 503;

export class ApiError extends Error {
  constructor(
    readonly status: Status,
    readonly bodyCode: number,
    readonly errorName: ErrorName,
    detail?: string,
    readonly extra: {
      issues?: ErrorIssue[];
      current?: TemplateDto;
      expected?: number;
      requestId?: string;
      params?: Record<string, string | number>;
    } = {},
  ) {
    const base = ERROR_CATALOGUE[errorName].message;
    super(detail ? `${base}: ${detail}` : base);
  }
}

export const invalid = (detail: string, issues?: ErrorIssue[]) =>
  new ApiError(400, BODY_CODE.invalid, 'DataInvalid', detail, { issues });
export const required = (what: string) =>
  new ApiError(400, BODY_CODE.invalid, 'ArgumentRequired', `${what} is required`);
export const unauthorized = (detail = 'missing or expired token') =>
  new ApiError(401, BODY_CODE.unauthorized, 'NotLogin', detail);
/** Not found and "another team's" answer alike, so ids of other teams cannot be probed. */
export const notFound = (what: string) => new ApiError(404, BODY_CODE.notFound, 'Forbidden', `${what} not found`);
export const templateNotFound = (id: string) => new ApiError(404, BODY_CODE.notFound, 'NoTempalte', id);
export const forbidden = (detail: string) => new ApiError(403, BODY_CODE.forbidden, 'Forbidden', detail);
export const versionConflict = (current: TemplateDto, sent: number) =>
  new ApiError(
    409,
    BODY_CODE.versionConflict,
    'VersionConflict',
    `version ${sent} is not the current version ${current.version}`,
    { current },
  );

export function ok<T>(c: Context, data: T) {
  return c.json({ code: BODY_CODE.ok, msg: 'ok', data } satisfies Envelope<T>, 200);
}

/** The id of this request (set by the API's first middleware), written beside any failure logged for it. */
export function requestIdOf(c: Context): string {
  let id = c.get('requestId') as string | undefined;
  if (!id) {
    id = randomBytes(8).toString('hex');
    c.set('requestId', id);
  }
  return id;
}

/**
 * PostgreSQL refusing a value it was given (class 22: data exception, e.g. a NUL in text or an
 * out-of-range number; 54001: nesting too deep) is about the request, not the server.
 */
function refusedValue(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^(22[0-9A-Z]{3}|54001)$/.test(code);
}

/** Catalogued failures of the server's own machinery, not of the request: 503, try again later. */
const UNAVAILABLE: ReadonlySet<ErrorName> = new Set<ErrorName>(['WorkerUnavailable', 'RenderQueueFull']);
/** A valid request too heavy to render within the server's limits (time, memory): 422, not a retry. */
const TOO_HEAVY: ReadonlySet<ErrorName> = new Set<ErrorName>(['RenderTimedOut', 'RenderOutOfMemory']);

export function errorResponse(c: Context, error: unknown) {
  let failure: ApiError;
  if (error instanceof ApiError) failure = error;
  else if (isQuireError(error) && UNAVAILABLE.has(error.errorName)) {
    console.error(`[quire-server] request ${requestIdOf(c)} (${c.req.method} ${c.req.path}): ${error.message}`);
    c.header('Retry-After', '5');
    failure = new ApiError(503, BODY_CODE.internal, error.errorName, undefined, { requestId: requestIdOf(c) });
  } else if (isQuireError(error) && TOO_HEAVY.has(error.errorName))
    failure = new ApiError(422, BODY_CODE.invalid, error.errorName, error.message.replace(/^[^:]*: /, ''), {
      params: error.params,
    });
  else if (isQuireError(error))
    failure = new ApiError(400, BODY_CODE.invalid, error.errorName, undefined, { issues: [...error.issues] });
  else if (refusedValue(error)) failure = invalid('a value in the request cannot be stored');
  else {
    const requestId = requestIdOf(c);
    console.error(`[quire-server] request ${requestId} (${c.req.method} ${c.req.path}) failed:`, error);
    failure = new ApiError(500, BODY_CODE.internal, 'InternalError', `request id ${requestId}`, { requestId });
  }
  const data: ErrorData = { error: failure.errorName, ...failure.extra };
  return c.json({ code: failure.bodyCode, msg: failure.message, data } satisfies Envelope<ErrorData>, failure.status);
}

/** Validates a value against a schema; a failure is a 400 naming each path. */
export function parseWith<T>(schema: ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = zodIssues(result.error);
  throw invalid(`${what}: ${issues.map((i) => `${i.path || '(root)'}: ${i.reason}`).join('; ')}`, issues);
}

/** Deeper JSON than any document, data source or instance needs; PostgreSQL and zod recurse. */
export const MAX_JSON_DEPTH = 100;

/**
 * Refuses what no stored value may hold: NUL characters (PostgreSQL text cannot store them) in
 * any string or key, and nesting deeper than MAX_JSON_DEPTH. Walks without recursion, so a
 * 10,000-level body is refused rather than overflowing the stack.
 */
export function checkJsonValue(value: unknown, what = 'body'): void {
  const stack: [unknown, number, string][] = [[value, 0, '']];
  while (stack.length > 0) {
    const [item, depth, path] = stack.pop() as [unknown, number, string];
    if (typeof item === 'string') {
      if (item.includes('\0')) throw invalid(`${what}: NUL characters are not allowed`, [{ path, reason: 'NUL' }]);
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH)
      throw invalid(`${what}: nested deeper than ${MAX_JSON_DEPTH} levels`, [{ path, reason: 'too deep' }]);
    if (Array.isArray(item)) item.forEach((v, i) => void stack.push([v, depth + 1, `${path}[${i}]`]));
    else
      for (const [key, v] of Object.entries(item)) {
        if (key.includes('\0')) throw invalid(`${what}: NUL characters are not allowed`, [{ path, reason: 'NUL' }]);
        stack.push([v, depth + 1, path ? `${path}.${key}` : key]);
      }
  }
}

/** Reads and validates the JSON body. Malformed JSON, NUL and runaway nesting are a 400, never a 500. */
export async function readBody<T>(c: Context, schema: ZodType<T>): Promise<T> {
  let value: unknown;
  try {
    const text = await c.req.text();
    value = text === '' ? {} : JSON.parse(text);
  } catch {
    throw invalid('the body is not JSON');
  }
  checkJsonValue(value);
  return parseWith(schema, value, 'body');
}

export function readQuery<T>(c: Context, schema: ZodType<T>): T {
  const query = c.req.query();
  checkJsonValue(query, 'query');
  return parseWith(schema, query, 'query');
}

/**
 * Reads at most `maxSize` bytes of a request's body; past that, 413 with `detail`. The rest of
 * the body is still on the wire, so the connection is closed rather than reused.
 */
export function limitBody(maxSize: number, detail: string) {
  return bodyLimit({
    maxSize,
    onError: (c) => {
      c.header('Connection', 'close');
      return errorResponse(c, new ApiError(413, BODY_CODE.tooLarge, 'DataInvalid', detail));
    },
  });
}
