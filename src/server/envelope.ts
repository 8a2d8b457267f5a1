/**
 * The response envelope `{code, msg, data}` and the mapping from failures to HTTP statuses and
 * body codes. Handlers throw `ApiError` (or a catalogued `QuireError`); nothing else leaks out —
 * an unexpected error becomes a 500 with no stack trace.
 */
import type { Context } from 'hono';
import type { ZodType } from 'zod';
import { BODY_CODE, type Envelope, type ErrorData, type TemplateDto } from '../api/contract';
import { ERROR_CATALOGUE, type ErrorIssue, type ErrorName, isQuireError } from '../core/errors';
import { zodIssues } from '../core/issues';

type Status = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 500 | 503;

export class ApiError extends Error {
  constructor(
    readonly status: Status,
    readonly bodyCode: number,
    readonly errorName: ErrorName,
    detail?: string,
    readonly extra: { issues?: ErrorIssue[]; current?: TemplateDto; expected?: number } = {},
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

export function errorResponse(c: Context, error: unknown) {
  let failure: ApiError;
  if (error instanceof ApiError) failure = error;
  else if (isQuireError(error))
    failure = new ApiError(400, BODY_CODE.invalid, error.errorName, undefined, { issues: [...error.issues] });
  else {
    console.error('[quire-server]', error);
    failure = new ApiError(500, BODY_CODE.internal, 'NotImplemented', 'internal error');
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

/** Reads and validates the JSON body. Malformed JSON is a 400, never a 500. */
export async function readBody<T>(c: Context, schema: ZodType<T>): Promise<T> {
  let value: unknown;
  try {
    const text = await c.req.text();
    value = text === '' ? {} : JSON.parse(text);
  } catch {
    throw invalid('the body is not JSON');
  }
  return parseWith(schema, value, 'body');
}

export function readQuery<T>(c: Context, schema: ZodType<T>): T {
  return parseWith(schema, c.req.query(), 'query');
}
