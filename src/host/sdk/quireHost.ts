/**
 * The host SDK, served by Quire as `/embed/quire-host.js` (an ES module with no dependencies at
 * run time). A host page embeds Quire in an iframe and answers its requests from its own data:
 *
 *   import { createQuireHost } from 'https://quire.example/embed/quire-host.js';
 *   const host = createQuireHost({ frame, quireOrigin: 'https://quire.example', handlers: {…} });
 *
 * Every request is checked (origin, source window, schema) before a handler sees it, and every
 * answer is checked against the method's result schema before it is posted, so a host learns of a
 * malformed answer in its own console instead of as a blank screen in Quire.
 */
import {
  errorResponse,
  eventMessage,
  type HOST_ERROR_CODES,
  type HostMethod,
  isHostMethod,
  isProtocolMessage,
  issuePaths,
  METHODS,
  type MethodResult,
  normaliseOrigin,
  okResponse,
  PROTOCOL,
  PROTOCOL_VERSION,
  requestSchema,
  type Selection,
  SUPPORTED_VERSIONS,
} from '../protocol';

export type { Selection };
export { PROTOCOL, PROTOCOL_VERSION, SUPPORTED_VERSIONS };

/** What a handler receives: the validated params of its method. */
type HandlerParams<M extends HostMethod> = ReturnType<(typeof METHODS)[M]['params']['parse']>;
export type Handlers = {
  [M in Exclude<HostMethod, 'hello'>]?: (
    params: HandlerParams<M>,
  ) => MethodResult<M> | Promise<MethodResult<M>> | unknown | Promise<unknown>;
};

/** Thrown by a handler to answer with a protocol error code (NOT_FOUND, WRONG_BASE, …). */
export class HostAnswerError extends Error {
  constructor(
    readonly code: (typeof HOST_ERROR_CODES)[number] | string,
    message = '',
  ) {
    super(message);
    this.name = 'HostAnswerError';
  }
}

export interface HostOptions {
  /** The iframe Quire runs in. */
  frame: { contentWindow: unknown };
  /** Quire's origin, e.g. `https://quire.example`: the only origin heard and answered. */
  quireOrigin: string;
  host: { kind: 'base' | 'approval' | 'extension'; brand?: 'first' | 'second'; name?: string };
  /**
   * The signed-in user: `lang` Quire's interface language; `timeZone` (IANA) and `locale` (BCP 47)
   * what dates, numbers and currency print in (defaults Asia/Shanghai and `lang`, else en-US).
   */
  user: { userId: string; tenantKey?: string; name?: string; lang?: string; timeZone?: string; locale?: string };
  handlers: Handlers;
  /** Where the host's own window listens (default: `window`). */
  window?: {
    addEventListener(type: 'message', fn: (event: MessageEvent) => void): void;
    removeEventListener(type: 'message', fn: (event: MessageEvent) => void): void;
  };
  /** Requests from other origins and malformed messages (default: console.warn). */
  onIgnored?: (reason: string, event: MessageEvent) => void;
  /** After each answered request (for logs and demos). */
  onRequest?: (method: string, ok: boolean) => void;
}

export interface QuireHost {
  /** Tells Quire the selection changed now (it also reads it every 500 ms). */
  notifySelection(selection: Partial<Selection>): void;
  /** Whether Quire has said hello since the frame (re)loaded. */
  readonly connected: boolean;
  destroy(): void;
}

interface PostTarget {
  postMessage(message: unknown, targetOrigin: string): void;
}

export function createQuireHost(options: HostOptions): QuireHost {
  const quireOrigin = normaliseOrigin(options.quireOrigin);
  if (!quireOrigin)
    throw new TypeError(`quireOrigin must be an origin like https://quire.example, not ${options.quireOrigin}`);
  const own = options.window ?? (globalThis as unknown as NonNullable<HostOptions['window']>);
  const ignored = options.onIgnored ?? ((reason: string) => console.warn(`[quire-host] ${reason}`));
  let connected = false;

  const frameWindow = () => options.frame.contentWindow as PostTarget | null;
  const post = (message: unknown) => frameWindow()?.postMessage(message, quireOrigin);

  async function answer(method: HostMethod, params: unknown): Promise<unknown> {
    if (method === 'hello') {
      connected = true;
      const asked = METHODS.hello.params.parse(params);
      const version = SUPPORTED_VERSIONS.find((v) => asked.protocolVersions.includes(v));
      if (version === undefined) throw new HostAnswerError('UNSUPPORTED', `no common protocol version`);
      return {
        protocolVersion: version,
        host: { kind: options.host.kind, brand: options.host.brand ?? 'first', name: options.host.name ?? '' },
        user: options.user,
      };
    }
    const handler = options.handlers[method] as ((p: unknown) => unknown) | undefined;
    if (!handler) throw new HostAnswerError('UNSUPPORTED', `${method} is not answered by this host`);
    return handler(METHODS[method].params.parse(params));
  }

  async function onMessage(event: MessageEvent) {
    if (!isProtocolMessage(event.data)) return;
    if (event.origin !== quireOrigin || event.source !== frameWindow()) {
      ignored(`message from ${event.origin} ignored: not the embedded Quire`, event);
      return;
    }
    const parsed = requestSchema.safeParse(event.data);
    if (!parsed.success) {
      ignored(`malformed request: ${JSON.stringify(issuePaths(parsed.error))}`, event);
      return;
    }
    const { id, method, params, version } = parsed.data;
    // A request in a version this SDK does not speak is refused, not answered as if it were ours.
    if (!(SUPPORTED_VERSIONS as readonly number[]).includes(version)) {
      post(
        errorResponse(
          id,
          'UNSUPPORTED',
          `protocol version ${version}; this host speaks ${SUPPORTED_VERSIONS.join(', ')}`,
        ),
      );
      options.onRequest?.(method, false);
      return;
    }
    if (!isHostMethod(method)) {
      post(errorResponse(id, 'UNSUPPORTED', `unknown method ${method}`));
      options.onRequest?.(method, false);
      return;
    }
    try {
      const result = await answer(method, params);
      const checked = METHODS[method].result.safeParse(result);
      if (!checked.success) {
        const detail = JSON.stringify(issuePaths(checked.error));
        ignored(`the answer to ${method} does not match the protocol: ${detail}`, event);
        post(errorResponse(id, 'INTERNAL', `invalid answer to ${method}: ${detail}`));
        options.onRequest?.(method, false);
        return;
      }
      post(okResponse(id, result));
      options.onRequest?.(method, true);
    } catch (error) {
      const code = error instanceof HostAnswerError ? error.code : 'INTERNAL';
      post(errorResponse(id, code, error instanceof Error ? error.message : String(error)));
      options.onRequest?.(method, false);
    }
  }

  const listener = (event: MessageEvent) => void onMessage(event);
  own.addEventListener('message', listener);

  return {
    get connected() {
      return connected;
    },
    notifySelection(selection) {
      post(
        eventMessage('selectionChanged', {
          baseId: selection.baseId ?? null,
          tableId: selection.tableId ?? null,
          viewId: selection.viewId ?? null,
          recordId: selection.recordId ?? null,
        }),
      );
    },
    destroy() {
      own.removeEventListener('message', listener);
    },
  };
}
