/**
 * The HTTP client under every Quire call: the spec's headers (app-version 'v2', lang, tenant-key,
 * Bearer token), the envelope (success = HTTP 200 and body code 0), timeouts, retries of reads,
 * and every failure turned into a catalogued `QuireError` (spec 000 §4, §5, §7, §9).
 */
import { ERROR_CATALOGUE, type ErrorName, QuireError } from '../core/errors';
import { BODY_CODE, type ErrorData } from './contract';

/** A failed call: the catalogue error plus what the server said. */
export class ApiCallError extends QuireError {
  constructor(
    errorName: ErrorName,
    readonly status: number,
    readonly bodyCode: number | undefined,
    readonly data: Partial<ErrorData> | undefined,
    detail: string,
    cause?: unknown,
  ) {
    super(errorName, { detail, issues: data?.issues, params: data?.params, cause });
  }
}

export interface ApiClientOptions {
  /** '' (the default) is the page's own origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
  getToken?: () => string | undefined;
  getTenantKey?: () => string | undefined;
  getLang?: () => string;
  /** HTTP 401 or body code 401: the app clears the login and reloads (spec 000 §4). */
  onUnauthorized?: () => void;
  /** Body code 3021: the app clears the stored base token. */
  onBaseTokenInvalid?: () => void;
  timeoutMs?: number;
  /** Extra attempts for reads (GET) after a network failure, a timeout or a 5xx. */
  retries?: number;
  retryDelayMs?: number;
}

interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** The catalogue error for a failure of this call ('template update error', 'Failed to fetch teams'…). */
  failure: ErrorName;
  /** An answer without data is an error ('data is required'). */
  requireData?: boolean;
  timeoutMs?: number;
  retries?: number;
}

/** A file a call answered: its bytes, Content-Type and the name the server gave it. */
export interface FileAnswer {
  bytes: Uint8Array;
  mime: string;
  fileName: string;
}

/** Fails before any request when an argument is missing: "teamId is required". */
export function requireArgs(args: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(args)) {
    if (value === undefined || value === null || value === '')
      throw new QuireError('ArgumentRequired', { detail: `${name} is required`, params: { name } });
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Calls that must never log the user out (spec 000 §4: "except action-log calls"). */
const NO_LOGOUT_PATHS = ['/api/action-log'];

export class ApiClient {
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: ApiClientOptions = {}) {
    this.fetchImpl = options.fetch ?? ((...args) => globalThis.fetch(...args));
  }

  headers(hasBody: boolean): Record<string, string> {
    const headers: Record<string, string> = { 'app-version': 'v2', lang: this.options.getLang?.() ?? 'en-US' };
    const tenantKey = this.options.getTenantKey?.();
    if (tenantKey) headers['tenant-key'] = tenantKey;
    const token = this.options.getToken?.();
    if (token) headers.authorization = `Bearer ${token}`;
    if (hasBody) headers['content-type'] = 'application/json';
    return headers;
  }

  url(path: string, query?: RequestOptions['query']): string {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(key, String(value));
    const search = params.size > 0 ? `?${params}` : '';
    return `${this.options.baseUrl ?? ''}${path}${search}`;
  }

  async request<T>(method: string, path: string, options: RequestOptions): Promise<T> {
    const retries = method === 'GET' ? (options.retries ?? this.options.retries ?? 2) : 0;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.once<T>(method, path, options);
      } catch (error) {
        const retriable = error instanceof ApiCallError && (error.status === 0 || error.status >= 500);
        if (!retriable || attempt >= retries) throw error;
        await sleep((this.options.retryDelayMs ?? 300) * 2 ** attempt);
      }
    }
  }

  /**
   * A call that answers a file (a render): the bytes with their type and name. An answer that is an
   * envelope instead (a refusal) fails exactly as `request` would.
   */
  async requestFile(method: string, path: string, options: RequestOptions): Promise<FileAnswer> {
    const timeoutMs = options.timeoutMs ?? this.options.timeoutMs ?? 120_000;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const hasBody = options.body !== undefined;
    try {
      const response = await this.fetchImpl(this.url(path, options.query), {
        method,
        headers: this.headers(hasBody),
        body: hasBody ? JSON.stringify(options.body) : undefined,
        signal: controller.signal,
      });
      const mime = response.headers.get('content-type') ?? '';
      if (response.status === 200 && !mime.startsWith('application/json')) {
        const disposition = response.headers.get('content-disposition') ?? '';
        const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
        return {
          bytes: new Uint8Array(await response.arrayBuffer()),
          mime,
          fileName: encoded ? decodeURIComponent(encoded) : '',
        };
      }
      const text = await response.text();
      // A JSON answer with code 0 (a queued job) is not a file either: the caller asked for one.
      const answer = this.interpret<unknown>(method, path, response, text, { ...options, requireData: false });
      throw new ApiCallError(options.failure, response.status, 0, undefined, `${method} ${path}: no file`, answer);
    } catch (error) {
      if (error instanceof ApiCallError) throw error;
      const detail = controller.signal.aborted ? `timed out after ${timeoutMs} ms` : 'network error';
      throw new ApiCallError(options.failure, 0, undefined, undefined, `${method} ${path}: ${detail}`, error);
    } finally {
      clearTimeout(timer);
    }
  }

  private async once<T>(method: string, path: string, options: RequestOptions): Promise<T> {
    const timeoutMs = options.timeoutMs ?? this.options.timeoutMs ?? 15_000;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const hasBody = options.body !== undefined;
    let response: Response;
    let text: string;
    try {
      response = await this.fetchImpl(this.url(path, options.query), {
        method,
        headers: this.headers(hasBody),
        body: hasBody ? JSON.stringify(options.body) : undefined,
        signal: controller.signal,
      });
      text = await response.text();
    } catch (error) {
      const detail = controller.signal.aborted ? `timed out after ${timeoutMs} ms` : 'network error';
      throw new ApiCallError(options.failure, 0, undefined, undefined, `${method} ${path}: ${detail}`, error);
    } finally {
      clearTimeout(timer);
    }
    return this.interpret<T>(method, path, response, text, options);
  }

  private interpret<T>(method: string, path: string, response: Response, text: string, options: RequestOptions): T {
    let body: { code?: unknown; msg?: unknown; data?: unknown } | undefined;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    const code = typeof body?.code === 'number' ? body.code : undefined;
    const msg = typeof body?.msg === 'string' ? body.msg : response.statusText;
    const data = body?.data as Partial<ErrorData> | undefined;
    const where = `${method} ${path}`;

    if (response.status === 401 || code === BODY_CODE.unauthorized) {
      if (!NO_LOGOUT_PATHS.includes(path)) this.options.onUnauthorized?.();
      throw new ApiCallError('NotLogin', response.status, code, data, `${where}: ${msg}`);
    }
    if (code === BODY_CODE.baseTokenInvalid) {
      this.options.onBaseTokenInvalid?.();
      throw new ApiCallError('NoBaseToken', response.status, code, data, `${where}: ${msg} (${code})`);
    }
    if (response.status === 200 && code === BODY_CODE.ok) {
      if (options.requireData !== false && (body?.data === undefined || body.data === null))
        throw new ApiCallError('NoData', 200, code, undefined, `${where}: data is required`);
      return body?.data as T;
    }
    if (response.status === 200 && body === undefined)
      throw new ApiCallError('NoData', 200, undefined, undefined, `${where}: no body data`);
    // A catalogued refusal keeps its own name (VersionConflict, DataInvalid…), and so does a 503 (a
    // service the server needs is down: MailSendFailed); anything else is this call's failure, with
    // the server's message and code in brackets (spec 000 §8).
    const catalogued = response.status < 500 || response.status === 503;
    const named = data?.error && data.error in ERROR_CATALOGUE && catalogued ? data.error : options.failure;
    const detail = code === undefined ? `${where}: HTTP ${response.status}` : `${where}: ${msg} (${code})`;
    throw new ApiCallError(named, response.status, code, data, detail);
  }
}
